// What boards and phones are sent: the board sees the whole room, a phone its own row, the activity
// without who answered nor anybody's gains, and its own answer and result (`phone:state`).
import type { ActivityView, PhoneState, RoomSnapshot } from '../../shared/game/contract.js';
import { raidView, scoreIn } from './raid.js';
import type { RoomContext } from './room-context.js';
import { answerKey, phoneSeqKey } from './room-context.js';
import type { ActivityState, RoomRecord } from './store.js';

export function activityView(a: ActivityState | null): ActivityView | null {
  if (!a) return null;
  if (a.kind === 'raid') return raidView(a.raid);
  return a.view;
}

/** Phones do not need who answered nor everybody's gains: a thousand phones would pay for it. */
export function phoneActivity(a: ActivityView | null): ActivityView | null {
  // The author of a codex phrase is for the board, shown there at the teacher's choice.
  if (a?.kind === 'codex' && a.phrase) return { ...a, phrase: { ...a.phrase, author: null } };
  if (a?.kind !== 'raid') return a;
  // Nor what the class typed (issue 23): the board shows it, when the teacher asks.
  const reveal = a.reveal?.typed ? { ...a.reveal, typed: undefined } : a.reveal;
  return {
    ...a,
    answeredStudentIds: [],
    reveal,
    // Issue 24: a phone learns its own extra time from its phone state, nothing of the others'.
    extraUntil: null,
    result: a.result ? { ...a.result, gains: {}, levelUps: {} } : null,
  };
}

/** The room as a snapshot at `seq`: the board's (every student, their presence) or one phone's. */
export function roomSnapshot(
  r: RoomRecord,
  seq: number,
  present: ReadonlySet<string>,
  forStudent?: string,
): RoomSnapshot {
  const activity = activityView(r.activity);
  const base = {
    id: r.id,
    seq,
    schoolclassId: r.schoolclassId,
    subjectId: r.subjectId,
    className: r.className,
    planet: r.planet,
    paused: r.paused,
    ...(r.closed ? { closed: true as const } : {}),
    powerMode: r.powerMode,
  };
  if (forStudent) {
    const me = r.roster.filter((s) => s.studentId === forStudent);
    return {
      ...base,
      roster: me.map((s) => ({ ...s, connected: true, powerActive: r.activePowers.includes(s.studentId) })),
      activity: phoneActivity(activity),
    };
  }
  return {
    ...base,
    roster: r.roster.map((s) => ({
      ...s,
      connected: present.has(s.studentId),
      powerActive: r.activePowers.includes(s.studentId),
    })),
    activity,
  };
}

/** A phone's own state, given its stored answer to the open question (if any). */
export function phoneStateOf(
  r: RoomRecord,
  studentId: string,
  mine: string[] | { answerIds: string[]; value?: string | null } | null,
): PhoneState {
  const me = r.roster.find((s) => s.studentId === studentId);
  const state: PhoneState = {
    studentId,
    myAnswer: null,
    lastResult: null,
    xpGained: 0,
    coinsGained: 0,
    powerXp: me?.powerXp ?? 0,
    powerActive: r.activePowers.includes(studentId),
    lessonXp: r.lessonGains?.[studentId]?.xp ?? 0,
  };
  if (r.activity?.kind !== 'raid') return state;
  const raid = r.activity.raid;
  // Issue 24: this pupil's own extra time, only ever on their own phone.
  const extra = raid.extraTime?.[studentId];
  if (extra && extra !== 'none') state.extraTime = extra;
  const q = raid.questions[raid.index];
  if (q && mine) {
    const given = Array.isArray(mine) ? { answerIds: mine, value: null } : mine;
    state.myAnswer = {
      questionId: q.id,
      answerIds: given.answerIds,
      ...(given.value != null ? { value: given.value } : {}),
    };
    if (raid.phase === 'revealed') {
      const { verdict, credit, missedIds } = scoreIn(raid, q, given.answerIds, given.value);
      state.lastResult = { questionId: q.id, correct: verdict === 'right', verdict, credit, missedIds };
    }
  }
  state.xpGained = raid.result?.gains[studentId]?.xp ?? 0;
  const up = raid.result?.levelUps?.[studentId];
  if (up) state.levelUp = up;
  state.coinsGained = raid.result?.gains[studentId]?.coins ?? 0;
  return state;
}

export function createViews(ctx: RoomContext) {
  const { store } = ctx;

  async function snapshot(read: RoomRecord, forStudent?: string): Promise<RoomSnapshot> {
    // The sequence number is read before the state: a patch racing with us is at worst applied twice,
    // and every patch is idempotent. So the record is read again after the number: the caller's copy
    // may predate a patch the number already counts, which the client would then never apply.
    const seq = await store.currentSeq(forStudent ? phoneSeqKey(read.id) : read.id);
    const r = (await store.readRoom(read.id)) ?? read;
    const present = new Set(await ctx.presentIds(r));
    const snap = roomSnapshot(r, seq, present, forStudent);
    const activity = snap.activity;
    if (
      !forStudent &&
      activity?.kind === 'raid' &&
      r.activity?.kind === 'raid' &&
      activity.phase === 'question'
    ) {
      const q = r.activity.raid.questions[r.activity.raid.index];
      // Issue 24: past the class's deadline with extra time running, a count and no names.
      const extra = await ctx.extraClock(r);
      if (extra)
        return {
          ...snap,
          activity: {
            ...activity,
            answeredStudentIds: extra.before,
            extraAnswering: extra.extraAnswering,
            extraAnswered: extra.extraAnswered,
          },
        };
      const given = await store.answers(r.id, answerKey(r.activity.raid, q.id));
      return { ...snap, activity: { ...activity, answeredStudentIds: Object.keys(given) } };
    }
    return snap;
  }

  async function phoneState(r: RoomRecord, studentId: string): Promise<PhoneState> {
    let mine: { answerIds: string[]; value?: string | null } | null = null;
    if (r.activity?.kind === 'raid') {
      const q = r.activity.raid.questions[r.activity.raid.index];
      const stored = q ? (await store.answers(r.id, answerKey(r.activity.raid, q.id)))[studentId] : undefined;
      if (stored) mine = JSON.parse(stored) as { answerIds: string[]; value?: string | null };
    }
    return phoneStateOf(r, studentId, mine);
  }

  return { snapshot, phoneState };
}
