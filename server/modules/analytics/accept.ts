// "Accept this answer" (issue 23): in a raid's report, the teacher accepts a typed answer (a number
// or a text) that the rules refused. Accepting a value accepts every answer of that play to that
// question with the same value once normalised (shared/questions/judge.ts normaliseForGrouping),
// and pays what the XP rules (shared/game/rules.ts) pay for the right answers gained, through the
// one XP command (modules/xp/award.ts), exactly once: the play's row is locked, a value already
// accepted changes nothing, and only answers still wrong are turned right (docs/decisions.md).
//
// - live play (ended): each answer made right pays what one more right answer pays in raidReward
//   (XP and coins); the boss's damage, the result (victory or defeat) and any speed bonus of the
//   past play are history and stay as they were.
// - homework: the pupil's answers (student_answers and homework_answers) are made right; a pupil who
//   finished has the last try scored again like `finishHomework` does, and is paid what a better
//   best score adds; a pupil still playing is judged with the accepted values (answers.ts acceptedOf).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ERR } from '../../../shared/errors.js';
import { raidReward } from '../../../shared/game/rules.js';
import { normaliseForGrouping } from '../../../shared/questions/judge.js';
import type { NumberSettings } from '../../../shared/questions/kinds.js';
import type { AcceptAnswerInput, AcceptAnswerResult } from '../../../shared/schemas/analytics.js';
import type { Db } from '../../db/client.js';
import { raidQuestions } from '../../db/raid-questions.js';
import {
  homeworkAnswers,
  homeworkCompletions,
  homeworkRaids,
  raidPlays,
  studentAnswers,
} from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { homeworkReward, scoreHomeworkTry } from '../student/service.js';
import { awardXp } from '../xp/award.js';

/** What one more right answer pays in a raid (victory or not, the bonus does not change). */
function perRightAnswer(n: number) {
  const base = raidReward({ correctAnswers: 0, victory: false });
  const more = raidReward({ correctAnswers: n, victory: false });
  return { xp: more.xp - base.xp, coins: more.coins - base.coins };
}

export async function acceptAnswer(
  db: Db,
  professorId: string,
  playId: string,
  input: AcceptAnswerInput,
): Promise<AcceptAnswerResult> {
  return db.transaction(async (tx) => {
    // One accept at a time per play: a double click waits here, then finds the value accepted.
    const [play] = await tx.select().from(raidPlays).where(eq(raidPlays.id, playId)).for('update');
    if (!play) throw notFound();
    const position = play.questions.findIndex((q) => q.questionId === input.questionId);
    if (position < 0) throw notFound();
    const q = play.questions[position];
    const kind = q.kind ?? 'choice';
    if (kind !== 'number' && kind !== 'text') throw badRequest(ERR.INVALID_BODY, { field: 'questionId' });
    // A live raid still being played pays at its end what its room counted: accept once it ended.
    if (play.kind === 'live' && !play.endedAt) throw conflict(ERR.ACCEPT_PLAY_RUNNING);
    const unit = kind === 'number' ? ((q.settings as NumberSettings | null)?.unit ?? null) : null;
    const key = normaliseForGrouping(kind, input.value, unit);
    const before = q.accepted ?? [];
    if (before.includes(key)) return { questionId: q.questionId, accepted: before, changed: 0 };

    const wrong = await tx
      .select({ studentId: studentAnswers.studentId, value: studentAnswers.value })
      .from(studentAnswers)
      .where(
        and(
          eq(studentAnswers.playId, playId),
          eq(studentAnswers.questionId, q.questionId),
          eq(studentAnswers.correct, false),
        ),
      );
    const same = (v: string | null) => v !== null && normaliseForGrouping(kind, v, unit) === key;
    const who = wrong.filter((a) => same(a.value)).map((a) => a.studentId);
    // Only a value some pupil of this play gave (and the rules refused) can be accepted.
    if (!who.length) throw notFound();

    const accepted = [...before, key];
    await tx.execute(sql`update raid_plays set questions = jsonb_set(questions, ${`{${position},accepted}`}::text[],
      ${JSON.stringify(accepted)}::jsonb) where id = ${playId}::uuid`);
    const turned = await tx
      .update(studentAnswers)
      .set({ correct: true })
      .where(
        and(
          eq(studentAnswers.playId, playId),
          eq(studentAnswers.questionId, q.questionId),
          eq(studentAnswers.correct, false),
          inArray(studentAnswers.studentId, who),
        ),
      )
      .returning({ studentId: studentAnswers.studentId });
    const by = { professorId, schoolclassId: play.schoolclassId, subjectId: play.subjectId };
    const details = { playId, accepted: key };

    if (play.kind === 'live') {
      const gains: Record<string, { xp: number; coins: number }> = {};
      for (const t of turned) gains[t.studentId] = perRightAnswer(1);
      await awardXp(tx, { source: 'live', by, gains, details });
      return { questionId: q.questionId, accepted, changed: turned.length };
    }

    // Homework: the homework's own answers too, then the finished pupils' scores.
    const ids = turned.map((t) => t.studentId);
    const homeworkRows = ids.length
      ? await tx
          .select({
            id: homeworkAnswers.id,
            studentId: homeworkAnswers.studentId,
            value: homeworkAnswers.value,
          })
          .from(homeworkAnswers)
          .where(
            and(
              eq(homeworkAnswers.homeworkRaidId, playId),
              eq(homeworkAnswers.questionId, q.questionId),
              eq(homeworkAnswers.correct, false),
              inArray(homeworkAnswers.studentId, ids),
            ),
          )
      : [];
    const fixed = homeworkRows.filter((r) => same(r.value));
    if (fixed.length)
      await tx
        .update(homeworkAnswers)
        .set({ correct: true })
        .where(
          inArray(
            homeworkAnswers.id,
            fixed.map((r) => r.id),
          ),
        );
    const [h] = await tx.select().from(homeworkRaids).where(eq(homeworkRaids.id, playId));
    if (!h || !ids.length) return { questionId: q.questionId, accepted, changed: turned.length };
    const acceptedOf = new Map(
      play.questions.map((x) => [
        x.questionId,
        x.questionId === q.questionId ? accepted : (x.accepted ?? []),
      ]),
    );
    const qs = new Map(
      (await raidQuestions(tx as unknown as Db, h.raidId)).map((x) => [
        x.id,
        { ...x, accepted: acceptedOf.get(x.id) ?? [] },
      ]),
    );
    const mode = h.multiScoring === 'partial' ? 'partial' : 'all';
    const done = await tx
      .select()
      .from(homeworkCompletions)
      .where(
        and(
          eq(homeworkCompletions.homeworkRaidId, playId),
          inArray(homeworkCompletions.studentId, ids),
          eq(homeworkCompletions.retrying, false),
        ),
      )
      .for('update');
    for (const c of done) {
      const score = await scoreHomeworkTry(tx, playId, c.studentId, qs, mode);
      if (score <= c.score) continue;
      const rewardOf = (n: number) => homeworkReward(n, c.total);
      const was = rewardOf(c.score);
      const now = rewardOf(score);
      const awarded = (
        await awardXp(tx, {
          source: 'homework',
          by,
          gains: { [c.studentId]: { xp: now.xp - was.xp, coins: now.coins - was.coins } },
          details,
        })
      )[c.studentId];
      await tx
        .update(homeworkCompletions)
        .set({ score, xpGained: c.xpGained + (awarded?.xpGained ?? 0) })
        .where(eq(homeworkCompletions.id, c.id));
    }
    return { questionId: q.questionId, accepted, changed: turned.length };
  });
}
