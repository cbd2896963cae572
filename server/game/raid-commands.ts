// The teacher's raid commands on a room: start (its lobby), begin, reveal, next and end, and the
// rewards when it ends. The rules themselves are pure, in raid.ts; this module reads and writes.
import type { RaidSettings } from '../../shared/game/contract.js';
import { raidPlays } from '../db/schema.js';
import { extraTimes } from '../modules/accommodations/service.js';
import { liveSnapshot, markAsked, markCounted } from '../modules/analytics/snapshot.js';
import type { createAnswerPath } from './answer-path.js';
import { endLivePlay, livePlayId } from './answer-writer.js';
import { fail } from './errors.js';
import { check } from './lifecycle.js';
import { loadRaid, loadRaidSettings, pickBoss, rewardStudents, saveRaidSettings } from './loaders.js';
import { begin, countedStudents, end, next, reveal, showTyped, startRaid } from './raid.js';
import { addGains, rewardedRoster, withPowerBonus } from './rewards.js';
import { answerKey, type Professor, type RoomContext } from './room-context.js';
import { type createViews, phoneStateOf } from './room-views.js';
import type { ActivityState, RoomRecord } from './store.js';

export function shuffle<T>(xs: readonly T[], random: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function createRaidCommands(
  ctx: RoomContext,
  views: ReturnType<typeof createViews>,
  answers: ReturnType<typeof createAnswerPath>,
) {
  const { db, store, now, update, showActivity } = ctx;

  async function finishRaid(r: RoomRecord) {
    if (r.activity?.kind !== 'raid' || !r.activity.raid.result) return;
    const { raid } = r.activity;
    const gains = raid.result?.gains ?? {};
    const playId = livePlayId(r.id, raid.runId);
    const rewarded = await rewardStudents(db, r, gains, { source: 'live', playId });
    // The report opens from the end screen: every answer of the play is stored before it shows.
    await ctx.answerWriter.flush().catch(() => {});
    await endLivePlay(db, playId, raid.result?.outcome ?? null);
    await ctx.ev(r, 'RAID_RESULT', {
      raidId: raid.raidId,
      outcome: raid.result?.outcome,
      participants: Object.keys(gains).length,
      bossHp: raid.boss.hp,
    });
    // A level gained is shown on the board's result and as a level-up on the phone.
    const levelUps = Object.fromEntries(
      r.roster
        .filter((s) => rewarded[s.studentId] && rewarded[s.studentId].level > s.level)
        .map((s) => [s.studentId, rewarded[s.studentId].level]),
    );
    // The board shows the new levels; phones their own gain, and the lesson's.
    await ctx.amendRoom(r.id, (cur) => {
      const same = cur.activity?.kind === 'raid' && cur.activity.raid.runId === raid.runId;
      const activity: ActivityState | null =
        same && cur.activity?.kind === 'raid' && cur.activity.raid.result
          ? {
              kind: 'raid',
              raid: { ...cur.activity.raid, result: { ...cur.activity.raid.result, levelUps } },
            }
          : cur.activity;
      return {
        ...cur,
        activity,
        roster: rewardedRoster(cur, rewarded),
        lessonGains: addGains(cur.lessonGains, gains),
      };
    });
    const levels = Object.fromEntries(Object.entries(rewarded).map(([id, x]) => [id, x.level]));
    if (Object.keys(levels).length) await ctx.broadcast(r.id, { type: 'levels', levels });
  }

  /** Reveals the open question: by the teacher, or by the server when everyone answered. */
  async function revealRoom(t: Professor | null, id: string, event: 'raid:reveal' | 'all-answered') {
    const cur = await answers.withAnswers(await ctx.requireRoom(id));
    const present = await ctx.presentIds(cur);
    const used = cur.activity?.kind === 'raid' ? cur.activity.raid.answers : {};
    const { before, after } = await update(t, id, event, (r) => {
      if (r.activity?.kind !== 'raid') return fail('GAME.WRONG_PHASE');
      if (cur.activity?.kind !== 'raid' || cur.activity.raid.index !== r.activity.raid.index)
        fail('GAME.WRONG_PHASE');
      return {
        ...r,
        activity: { kind: 'raid', raid: reveal({ ...r.activity.raid, answers: used }, present) },
      };
    });
    let shown = after;
    /** The question's answers as the reveal counted them: these are the ones kept (issue 13). */
    let kept = used;
    // An answer stored between the read above and this update was acknowledged "counted". The record
    // has a new revision now, so no answer can be added any more (addAnswerAt checks it): the answers
    // read now are final, and when there are more of them the reveal is computed again with them.
    if (before.activity?.kind === 'raid') {
      const question = before.activity.raid;
      const q = question.questions[question.index];
      const final = q ? await store.answers(id, answerKey(question, q.id)) : {};
      if (Object.keys(final).some((studentId) => !(studentId in used))) {
        const all = Object.fromEntries(Object.entries(final).map(([k, v]) => [k, JSON.parse(v)]));
        let redone = false;
        const r = await ctx.amendRoom(id, (r) => {
          const raid = r.activity?.kind === 'raid' ? r.activity.raid : null;
          if (raid?.runId !== question.runId || raid.index !== question.index || raid.phase !== 'revealed')
            return null;
          redone = true;
          return { ...r, activity: { kind: 'raid', raid: reveal({ ...question, answers: all }, present) } };
        });
        if (redone && r) shown = r;
        if (redone) kept = all;
      }
      ctx.answerWriter.add(answers.answerRows(id, { ...question, answers: kept }));
      // The share the board showed counted these students: the report counts the same (issue 21).
      await markCounted(db, livePlayId(id, question.runId), question.index, countedStudents(present, kept));
    }
    await showActivity(id, shown);
    // A typed answer (a number, a text) is judged by the server only: the reveal carries the right
    // value, never the verdict on what each pupil typed, so each pupil who answered is sent their own.
    if (shown.activity?.kind === 'raid') {
      const raid = shown.activity.raid;
      const q = raid.questions[raid.index];
      if (q && (q.kind === 'number' || q.kind === 'text'))
        for (const [studentId, mine] of Object.entries(kept))
          ctx.out.phone(studentId, phoneStateOf(shown, studentId, mine));
    }
  }

  return {
    revealRoom,

    /** Opens the raid's lobby; the settings given are remembered for this teacher and class. */
    async startRaid(t: Professor, id: string, raidId: string, chosen?: RaidSettings) {
      const raid = await loadRaid(db, t.professorId, raidId);
      if (!raid) return fail('ERRORS.NOT_FOUND');
      if (raid.questions.length === 0) return fail('GAME.EMPTY_RAID');
      const cur = await ctx.requireRoom(id);
      check(cur, 'raid:start');
      const settings =
        chosen ?? (await loadRaidSettings(db, t.professorId, cur.schoolclassId)) ?? ctx.defaultSettings;
      // Answers are shuffled for each play (the same order on the board and the phones): a class
      // must not learn that "the right one is A".
      const shuffled = {
        ...raid,
        questions: raid.questions.map((q) => {
          const answers = shuffle(q.answers, ctx.random);
          // An order's items are never shown in the right order (a class sending them as shown is not right by chance).
          if (q.kind === 'order' && answers.length > 1 && answers.every((a, i) => a.id === q.answers[i].id))
            answers.push(answers.shift() as (typeof answers)[number]);
          return { ...q, answers };
        }),
      };
      const started = startRaid(shuffled, pickBoss(cur.planet, raidId), now(), settings);
      // Issue 24: the class's extra time, read once per raid (a change applies from the next raid);
      // kept in the raid's state on the server, never in what the board or the phones get.
      const extraTime = await extraTimes(
        db,
        cur.roster.map((p) => p.studentId),
      );
      const state = Object.keys(extraTime).length ? { ...started, extraTime } : started;
      const { after } = await update(t, id, 'raid:start', (r) => ({
        ...r,
        activity: { kind: 'raid', raid: state },
      }));
      if (chosen) await saveRaidSettings(db, t.professorId, after.schoolclassId, chosen);
      await ctx.ev(after, 'RAID_STARTED', { raidId, questions: raid.questions.length, settings });
      await showActivity(id, after);
      // Each pupil with extra time is told their own, on their own phone only (never the others).
      for (const studentId of Object.keys(extraTime))
        ctx.out.phone(studentId, await views.phoneState(after, studentId));
    },

    /** From the lobby, the first question: the class is ready. */
    async begin(t: Professor, id: string) {
      const { after } = await update(t, id, 'raid:begin', (r) =>
        r.activity?.kind === 'raid'
          ? { ...r, activity: { kind: 'raid', raid: begin(r.activity.raid, now()) } }
          : fail('GAME.WRONG_PHASE'),
      );
      // The play is recorded when its first question opens: a lobby left unplayed is no play.
      if (after.activity?.kind === 'raid') {
        const raid = after.activity.raid;
        await db
          .insert(raidPlays)
          .values({
            id: livePlayId(id, raid.runId),
            raidId: raid.raidId,
            professorId: after.professorId,
            schoolclassId: after.schoolclassId,
            subjectId: after.subjectId,
            kind: 'live',
            startedAt: new Date(now()),
            raidTitle: raid.title,
            questions: liveSnapshot(raid.questions).map((q, i) =>
              i === raid.index ? { ...q, asked: true } : q,
            ),
          })
          .onConflictDoNothing();
      }
      await showActivity(id, after);
    },

    reveal: (t: Professor, id: string) => revealRoom(t, id, 'raid:reveal'),

    /** After the reveal of a text question or a typed poll: the typed words on the board (issue 23). */
    async showTyped(t: Professor, id: string, names: boolean) {
      const { after } = await update(t, id, 'raid:show-typed', (r) => {
        if (r.activity?.kind !== 'raid') return fail('GAME.WRONG_PHASE');
        const shown = showTyped(r.activity.raid, names);
        return shown ? { ...r, activity: { kind: 'raid', raid: shown } } : fail('GAME.WRONG_PHASE');
      });
      await showActivity(id, after);
    },

    async next(t: Professor, id: string, endNow = false) {
      // Ending during a question keeps the answers already given to it (analytics).
      const cur = endNow ? await answers.withAnswers(await ctx.requireRoom(id)) : null;
      const { before, after } = await update(t, id, endNow ? 'raid:end' : 'raid:next', (r) => {
        if (r.activity?.kind !== 'raid') return fail('GAME.WRONG_PHASE');
        const raid = r.activity.raid;
        if (endNow) return { ...r, activity: withPowerBonus(r, { kind: 'raid', raid: end(raid) }) };
        const moved: ActivityState = { kind: 'raid', raid: next(raid, now()) };
        return { ...r, activity: withPowerBonus(r, moved) };
      });
      const ended =
        after.activity?.kind === 'raid' &&
        after.activity.raid.phase === 'ended' &&
        !(before.activity?.kind === 'raid' && before.activity.raid.phase === 'ended');
      if (
        endNow &&
        before.activity?.kind === 'raid' &&
        before.activity.raid.phase === 'question' &&
        cur?.activity?.kind === 'raid' &&
        cur.activity.raid.runId === before.activity.raid.runId &&
        cur.activity.raid.index === before.activity.raid.index
      )
        ctx.answerWriter.add(answers.answerRows(id, cur.activity.raid));
      if (ended) await finishRaid(after);
      // The next question is shown: the report then tells it asked, even if nobody answers it.
      if (
        after.activity?.kind === 'raid' &&
        after.activity.raid.phase === 'question' &&
        before.activity?.kind === 'raid' &&
        before.activity.raid.phase === 'revealed'
      )
        await markAsked(db, livePlayId(id, after.activity.raid.runId), after.activity.raid.index);
      // Once the rewards are stored, the result carries the levels they raised.
      const shown = ended ? ((await store.readRoom(id)) ?? after) : after;
      await showActivity(id, shown);
      if (ended && after.activity?.kind === 'raid') {
        const fresh = await ctx.requireRoom(id);
        for (const studentId of Object.keys(after.activity.raid.result?.gains ?? {})) {
          ctx.out.phone(studentId, await views.phoneState(fresh, studentId));
        }
      }
    },
  };
}
