// A raid as boards and phones see it: the correct answers leave the server only once the teacher
// reveals the question; the typed words only once asked; a pupil's extra time never. Pure.
import type { RaidView } from '../../shared/game/contract.js';
import { extraUntil } from '../../shared/game/extra-time.js';
import type { NumberSettings, PollSettings } from '../../shared/questions/kinds.js';
import { type RaidState, settingsOf } from './raid-state.js';

export function raidView(s: RaidState): RaidView {
  const q = s.questions[s.index];
  return {
    kind: 'raid',
    raidId: s.raidId,
    title: s.title,
    boss: s.boss,
    turns: s.turns,
    index: s.index,
    count: s.questions.length,
    phase: s.phase,
    question:
      s.phase === 'ended' || s.phase === 'lobby' || !q
        ? null
        : {
            id: q.id,
            text: q.text,
            equationMode: q.equationMode,
            image: q.image,
            answers: q.answers,
            multiple: q.multiple,
            toPick: q.toPick ?? q.correctIds.length,
            // The kind and what a phone needs to answer it; never its settings (a value, accepted texts).
            ...(q.kind && q.kind !== 'choice' ? { kind: q.kind } : {}),
            ...(q.kind === 'number' ? { unit: (q.settings as NumberSettings | null)?.unit ?? null } : {}),
            ...(q.kind === 'poll'
              ? { pollMode: (q.settings as PollSettings | null)?.pollMode ?? 'choice' }
              : {}),
          },
    deadline: s.deadline,
    // The end of the question's extra time, when a pupil of the raid has some (never who).
    extraUntil:
      s.phase === 'question'
        ? extraUntil(s.deadline, settingsOf(s).questionSeconds, Object.values(s.extraTime ?? {}))
        : null,
    settings: s.settings,
    answeredStudentIds: Object.keys(s.answers),
    reveal:
      s.reveal && s.typed && s.typedShown
        ? {
            ...s.reveal,
            typed: {
              // Names (who typed what) only when the teacher asked for them.
              groups: s.typed.groups.map(({ studentIds, ...g }) =>
                s.typedShown?.names ? { ...g, studentIds } : g,
              ),
              hidden: s.typed.hidden,
              names: s.typedShown.names,
            },
          }
        : s.reveal,
    result: s.result,
  };
}
