// Raids for the raid modules' unit tests (not shipped: test-*.ts is outside the build): questions of
// three answers, a class of three, a raid opened at T0 at its first question, answers given in bulk.
import { DEFAULT_RAID_SETTINGS, type RaidSettings } from '../../shared/game/contract.js';
import { begin, type RaidQuestion, startRaid, submitAnswer } from './raid.js';

export const q = (n: number, multiple = false): RaidQuestion => ({
  id: `q${n}`,
  text: `Question ${n}`,
  equationMode: false,
  image: null,
  answers: [
    { id: `q${n}a`, text: 'A' },
    { id: `q${n}b`, text: 'B' },
    { id: `q${n}c`, text: 'C' },
  ],
  multiple,
  correctIds: multiple ? [`q${n}a`, `q${n}b`] : [`q${n}a`],
});
export const boss = {
  key: 'glouglou',
  name: 'Glouglou le Kraken',
  image: '/assets/bosses/nebula/glouglou.webp',
};
export const class3 = ['s1', 's2', 's3'];
export const T0 = 1_000_000;

export function raidOf(n: number, settings: Partial<RaidSettings> = {}) {
  const lobby = startRaid(
    { raidId: 'r', title: 'Les fractions', questions: Array.from({ length: n }, (_, i) => q(i)) },
    boss,
    T0,
    { ...DEFAULT_RAID_SETTINGS, ...settings },
  );
  return begin(lobby, T0);
}

/** The open question answered right by `right`, wrong by `wrong`, at T0. */
export function answerAll(s: ReturnType<typeof raidOf>, right: string[], wrong: string[] = []) {
  const question = s.questions[s.index];
  for (const id of right) {
    const r = submitAnswer(
      s,
      id,
      { questionId: question.id, answerIds: question.correctIds, clientId: `${id}-${s.index}` },
      T0,
    );
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  for (const id of wrong) {
    const r = submitAnswer(
      s,
      id,
      { questionId: question.id, answerIds: [question.answers[2].id], clientId: `${id}-${s.index}` },
      T0,
    );
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}
