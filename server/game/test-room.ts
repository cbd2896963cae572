// Room records for the room modules' unit tests (not shipped: test-*.ts is outside the build).
import { DEFAULT_RAID_SETTINGS } from '../../shared/game/contract.js';
import { begin, type RaidQuestion, type RaidState, startRaid } from './raid.js';
import type { RoomRecord } from './store.js';

export const T0 = 1_000_000;

export const question = (n: number): RaidQuestion => ({
  id: `q${n}`,
  text: `Question ${n}`,
  equationMode: false,
  image: null,
  answers: [
    { id: `q${n}a`, text: 'A' },
    { id: `q${n}b`, text: 'B' },
  ],
  multiple: false,
  correctIds: [`q${n}a`],
});

export const student = (id: string, firstName = id.toUpperCase()) => ({
  studentId: id,
  firstName,
  lastInitial: 'D',
  avatarImage: null,
  level: 1,
  powerXp: 0,
});

/** An open room of three students, nothing on screen. */
export function room(over: Partial<RoomRecord> = {}): RoomRecord {
  return {
    id: 'c:s',
    schoolclassId: 'c',
    subjectId: 's',
    professorId: 'p',
    className: '5e B',
    planet: 'nebula',
    powerMode: true,
    paused: false,
    closed: false,
    lessonId: 'L1',
    roster: [student('s1', 'Ana'), student('s2', 'Ben'), student('s3', 'Cy')],
    activePowers: [],
    summonPool: ['s1', 's2', 's3'],
    activity: null,
    updatedAt: T0,
    ...over,
  };
}

/** A raid of `n` questions at its first question, opened at T0 with 30 s to answer. */
export function raidAtQuestion(n = 2): RaidState {
  const lobby = startRaid(
    { raidId: 'r', title: 'Les fractions', questions: Array.from({ length: n }, (_, i) => question(i)) },
    { key: 'b', name: 'Glouglou', image: '/b.webp' },
    T0,
    { ...DEFAULT_RAID_SETTINGS, questionSeconds: 30 },
  );
  return begin(lobby, T0);
}
