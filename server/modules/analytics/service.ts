// Analytics (SPEC point 2, issue 13): the teacher's personal page, the classes table, a class's
// student table, the plays of a class and the report of one play, manual XP, the student's own
// stats, and the session-log amounts of SPEC point 7. Each query is shaped for an index
// (docs/performance.md): plays by class, subject and start; answers by play (primary key) or by
// student; events by professor, type and date; session logs by user and date.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { scoreAnswer, type Verdict } from '../../../shared/game/scoring.js';
import { shareRight } from '../../../shared/game/share.js';
import { containsProfanity } from '../../../shared/profanity/index.js';
import { normaliseForGrouping } from '../../../shared/questions/judge.js';
import type { NumberSettings, PollSettings } from '../../../shared/questions/kinds.js';
import type {
  ClassesAnalytics,
  ClassStudentsAnalytics,
  ManualXpResult,
  PersonalAnalytics,
  PlayKind,
  PlayQuestionSnapshot,
  PupilPage,
  RaidPlay,
  RaidPlayList,
  RaidReport,
  StudentOwnStats,
  XpPoint,
} from '../../../shared/schemas/analytics.js';
import { REPORT_TOP_ORDERS, REPORT_TOP_VALUES } from '../../../shared/schemas/analytics.js';
import type { Db } from '../../db/client.js';
import { gameEvents, students } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { awardXp } from '../xp/award.js';
import { type Range, rangeDto } from './periods.js';

async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}
const rate = (num: number, den: number) => (den > 0 ? num / den : null);
/**
 * Issue 23: the poll questions of a play (its snapshot), as text: a poll has no right answer and is
 * left out of every success rate (`a.question_id::text <> all(...)`).
 */
const pollIds = (play: SQL) =>
  sql`array(select e->>'questionId' from jsonb_array_elements(${play}.questions) e where e->>'kind' = 'poll')`;
const ts = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const day = (col: SQL) => sql`to_char(${col} at time zone 'Europe/Paris', 'YYYY-MM-DD')`;

export async function personal(
  db: Db,
  professorId: string,
  userId: string,
  r: Range,
): Promise<PersonalAnalytics> {
  const within = (col: SQL) =>
    sql`${col} >= ${r.from.toISOString()}::timestamptz and ${col} < ${r.to.toISOString()}::timestamptz`;
  const data = await rows<{ k: keyof PersonalAnalytics['totals']; day: string; n: number }>(
    db,
    sql`select 'connections' as k, ${day(sql`created_at`)} as day, count(*)::int as n from session_logs
        where user_id = ${userId}::uuid and ${within(sql`created_at`)} group by 2
      union all
      select case type when 'SUMMON' then 'summons' else 'codexDisplays' end, ${day(sql`created_at`)}, count(*)::int
        from game_events where professor_id = ${professorId}::uuid and type in ('SUMMON', 'CODEX_DISPLAYED')
        and ${within(sql`created_at`)} group by 1, 2
      union all
      select 'raidsCreated', ${day(sql`created_at`)}, count(*)::int from raids
        where professor_id = ${professorId}::uuid and ${within(sql`created_at`)} group by 2
      union all
      select 'raidsStarted', ${day(sql`started_at`)}, count(*)::int from raid_plays
        where professor_id = ${professorId}::uuid and ${within(sql`started_at`)} group by 2`,
  );
  const keys = ['connections', 'summons', 'codexDisplays', 'raidsCreated', 'raidsStarted'] as const;
  const totals = Object.fromEntries(keys.map((k) => [k, 0])) as PersonalAnalytics['totals'];
  const series = Object.fromEntries(
    keys.map((k) => [k, [] as { day: string; count: number }[]]),
  ) as PersonalAnalytics['series'];
  for (const row of data) {
    totals[row.k] += row.n;
    series[row.k].push({ day: row.day, count: row.n });
  }
  for (const k of keys) series[k].sort((a, b) => a.day.localeCompare(b.day));
  return { range: rangeDto(r), totals, series };
}

export async function classes(db: Db, professorId: string, r: Range): Promise<ClassesAnalytics> {
  const from = r.from.toISOString();
  const to = r.to.toISOString();
  const data = await rows<{
    schoolclass_id: string;
    name: string;
    level: number;
    subject_id: string;
    code: string;
    students: number;
    individual: number;
    live_done: number;
    victories: number;
  }>(
    db,
    sql`with links as (
        select schoolclass_id, subject_id from professors_schoolclasses where professor_id = ${professorId}::uuid
      ), live as (
        select p.schoolclass_id, p.subject_id, count(*) filter (where p.result is not null)::int as done,
          count(*) filter (where p.result = 'VICTORY')::int as victories
        from links l join raid_plays p on p.schoolclass_id = l.schoolclass_id and p.subject_id = l.subject_id
        where p.kind = 'live' and p.started_at >= ${from}::timestamptz and p.started_at < ${to}::timestamptz
        group by 1, 2
      ), individual as (
        select p.schoolclass_id, p.subject_id, count(*)::int as n
        from links l join raid_plays p on p.schoolclass_id = l.schoolclass_id and p.subject_id = l.subject_id
          and p.kind = 'homework'
        join homework_completions hc on hc.homework_raid_id = p.id
        where hc.completed_at >= ${from}::timestamptz and hc.completed_at < ${to}::timestamptz
        group by 1, 2
      ), sizes as (
        select ss.schoolclass_id, count(*)::int as n from students_schoolclasses ss
        where ss.schoolclass_id in (select schoolclass_id from links) group by 1
      )
      select l.schoolclass_id, c.name, c.level, l.subject_id, s.code, coalesce(z.n, 0) as students,
        coalesce(i.n, 0) as individual, coalesce(lv.done, 0) as live_done, coalesce(lv.victories, 0) as victories
      from links l
      join schoolclasses c on c.id = l.schoolclass_id
      join subjects s on s.id = l.subject_id
      left join sizes z on z.schoolclass_id = l.schoolclass_id
      left join live lv on lv.schoolclass_id = l.schoolclass_id and lv.subject_id = l.subject_id
      left join individual i on i.schoolclass_id = l.schoolclass_id and i.subject_id = l.subject_id
      order by c.name, s.code`,
  );
  return {
    range: rangeDto(r),
    classes: data.map((d) => ({
      schoolclassId: d.schoolclass_id,
      schoolclassName: d.name,
      level: d.level,
      subjectId: d.subject_id,
      subjectCode: d.code,
      studentsCount: d.students,
      individualRaidsCompleted: d.individual,
      collectiveRaidsCompleted: d.live_done,
      victoryRate: rate(d.victories, d.live_done),
    })),
  };
}

async function classHeader(db: Db, schoolclassId: string, subjectId: string) {
  const [h] = await rows<{ name: string; code: string }>(
    db,
    sql`select c.name, s.code from schoolclasses c, subjects s where c.id = ${schoolclassId}::uuid and s.id = ${subjectId}::uuid`,
  );
  if (!h) throw notFound();
  return h;
}

export async function classStudents(
  db: Db,
  professorId: string,
  schoolclassId: string,
  subjectId: string,
  r: Range,
): Promise<ClassStudentsAnalytics> {
  const from = r.from.toISOString();
  const to = r.to.toISOString();
  const h = await classHeader(db, schoolclassId, subjectId);
  const data = await rows<{
    student_id: string;
    user_id: string;
    first_name: string;
    last_name: string;
    username: string;
    xp: number;
    level: number;
    level_progression: number;
    phrases: number;
    accepted: number;
    live_n: number;
    live_ok: number;
    hw_n: number;
    hw_ok: number;
  }>(
    db,
    sql`with plays as (
        select id, kind, ${pollIds(sql`raid_plays`)} as polls from raid_plays
        where schoolclass_id = ${schoolclassId}::uuid and subject_id = ${subjectId}::uuid
          and started_at >= ${from}::timestamptz and started_at < ${to}::timestamptz
      ), given as (
        select a.student_id,
          count(*) filter (where p.kind = 'live')::int as live_n,
          count(*) filter (where p.kind = 'live' and a.correct)::int as live_ok,
          count(*) filter (where p.kind = 'homework')::int as hw_n,
          count(*) filter (where p.kind = 'homework' and a.correct)::int as hw_ok
        from plays p join student_answers a on a.play_id = p.id and a.question_id::text <> all(p.polls)
        group by a.student_id
      ), phrases as (
        select student_id, count(*)::int as n, count(*) filter (where status in (1, 3))::int as ok
        from codex where professor_id = ${professorId}::uuid and schoolclass_id = ${schoolclassId}::uuid
          and subject_id = ${subjectId}::uuid and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
        group by student_id
      )
      select st.id as student_id, u.id as user_id, u.first_name, u.last_name, u.username, st.xp, st.level,
        st.level_progression, coalesce(ph.n, 0) as phrases, coalesce(ph.ok, 0) as accepted,
        coalesce(g.live_n, 0) as live_n, coalesce(g.live_ok, 0) as live_ok,
        coalesce(g.hw_n, 0) as hw_n, coalesce(g.hw_ok, 0) as hw_ok
      from students_schoolclasses ss
      join students st on st.id = ss.student_id
      join users u on u.id = st.user_id
      left join given g on g.student_id = st.id
      left join phrases ph on ph.student_id = st.id
      where ss.schoolclass_id = ${schoolclassId}::uuid
      order by lower(u.last_name), lower(u.first_name), u.username`,
  );
  return {
    range: rangeDto(r),
    schoolclassId,
    schoolclassName: h.name,
    subjectId,
    subjectCode: h.code,
    students: data.map((d) => ({
      studentId: d.student_id,
      userId: d.user_id,
      firstName: d.first_name,
      lastName: d.last_name,
      username: d.username,
      phrasesCreated: d.phrases,
      acceptanceRate: rate(d.accepted, d.phrases),
      liveGoodAnswerRate: rate(d.live_ok, d.live_n),
      liveAnswers: d.live_n,
      homeworkGoodAnswerRate: rate(d.hw_ok, d.hw_n),
      homeworkAnswers: d.hw_n,
      xp: d.xp,
      level: d.level,
      levelProgression: d.level_progression,
    })),
  };
}

interface PlayRow {
  id: string;
  raid_id: string | null;
  title: string;
  kind: PlayKind;
  homework_raid_id: string | null;
  started_at: unknown;
  ended_at: unknown;
  result: 'VICTORY' | 'DEFEAT' | null;
  participants: number;
  n: number;
  ok: number;
}
const playDto = (p: PlayRow): RaidPlay => ({
  id: p.id,
  raidId: p.raid_id,
  raidTitle: p.title,
  kind: p.kind,
  homeworkRaidId: p.homework_raid_id,
  startedAt: ts(p.started_at),
  endedAt: p.ended_at ? ts(p.ended_at) : null,
  result: p.result,
  participants: p.participants,
  goodAnswerRate: rate(p.ok, p.n),
});
const playSelect = sql`select p.id, p.raid_id, p.raid_title as title, p.kind, p.homework_raid_id, p.started_at, p.ended_at, p.result,
    coalesce(x.participants, 0) as participants, coalesce(x.n, 0) as n, coalesce(x.ok, 0) as ok
  from raid_plays p
  left join lateral (select count(distinct a.student_id)::int as participants,
    count(*) filter (where a.question_id::text <> all(${pollIds(sql`p`)}))::int as n,
    count(*) filter (where a.correct)::int as ok from student_answers a where a.play_id = p.id) x on true`;

export async function plays(
  db: Db,
  schoolclassId: string,
  subjectId: string,
  r: Range,
  kind?: PlayKind,
): Promise<RaidPlayList> {
  const data = await rows<PlayRow>(
    db,
    sql`${playSelect} where p.schoolclass_id = ${schoolclassId}::uuid and p.subject_id = ${subjectId}::uuid
      and p.started_at >= ${r.from.toISOString()}::timestamptz and p.started_at < ${r.to.toISOString()}::timestamptz
      ${kind ? sql`and p.kind = ${kind}` : sql``}
      order by p.started_at desc`,
  );
  return { range: rangeDto(r), plays: data.map(playDto) };
}

/** The play's class and subject, for the policy check; null when unknown. */
export async function playClass(db: Db, playId: string) {
  const [p] = await rows<{ schoolclass_id: string; subject_id: string }>(
    db,
    sql`select schoolclass_id, subject_id from raid_plays where id = ${playId}::uuid`,
  );
  return p ? { schoolclassId: p.schoolclass_id, subjectId: p.subject_id } : null;
}

/** A homework that has no play yet (sent before issue 13): its class and subject; null when unknown. */
export async function homeworkClass(db: Db, homeworkId: string) {
  const [h] = await rows<{ schoolclass_id: string; subject_id: string }>(
    db,
    sql`select schoolclass_id, subject_id from homework_raids where id = ${homeworkId}::uuid`,
  );
  return h ? { schoolclassId: h.schoolclass_id, subjectId: h.subject_id, homework: true } : null;
}

/**
 * Issue 23: does a question of a play take the class's own words (a text, a poll answered by a
 * word)? Those pass the codex's profanity filter before a projected report shows them.
 */
const takesWords = (q: PlayQuestionSnapshot | undefined) =>
  q?.kind === 'text' || (q?.kind === 'poll' && (q.settings as PollSettings | null)?.pollMode === 'text');

/**
 * The report of one play. `safeWords` (the report is projected, issue 23): a typed word the codex's
 * profanity filter flags (every language) leaves the server as a count per question (`filtered`)
 * and a pupil's answer without its value (`filtered: true`), never as the word. `hideNames` (the
 * report is projected with names hidden): no pupil's first name, last name nor username is read
 * into the answer, and pupils come in the order of their ids, not their names (the projector
 * numbers them in that order: "Élève 1" must not be the first of the class list).
 */
export async function report(
  db: Db,
  playId: string,
  { safeWords = false, hideNames = false }: { safeWords?: boolean; hideNames?: boolean } = {},
): Promise<RaidReport> {
  const [play] = await rows<
    PlayRow & { schoolclass_id: string; subject_id: string; questions: PlayQuestionSnapshot[] }
  >(
    db,
    sql`select q.*, p.schoolclass_id, p.subject_id, p.questions from (${playSelect} where p.id = ${playId}::uuid) q
      join raid_plays p on p.id = q.id`,
  );
  if (!play) throw notFound();
  const h = await classHeader(db, play.schoolclass_id, play.subject_id);
  // What the play asked, as it asked it (raid_plays.questions): never the raid as edited since.
  // A typed question (number, text, typed poll; issue 23) has no answers: one row without an answer.
  const qs = play.questions.flatMap((q, position) => {
    const base = { question_id: q.questionId, position, text: q.text, equation_mode: q.equationMode };
    if (!q.answers.length) return [{ ...base, answer_id: null, answer_text: '', is_correct: false }];
    return q.answers.map((a) => ({
      ...base,
      answer_id: a.answerId as string | null,
      answer_text: a.text,
      is_correct: a.isCorrect,
    }));
  });
  const given = await rows<{
    question_id: string;
    student_id: string;
    answer_ids: string[];
    value: string | null;
    correct: boolean;
    time_ms: number | null;
  }>(
    db,
    sql`select question_id, student_id, answer_ids, value, correct, time_ms from student_answers where play_id = ${playId}::uuid`,
  );
  const snapshotOf = new Map(play.questions.map((q) => [q.questionId, q]));
  /** Answers whose rude word is held back (safeWords), and how many per question. */
  const rude = new Set<(typeof given)[number]>();
  const filtered = new Map<string, number>();
  if (safeWords)
    for (const g of given) {
      if (g.value === null || !takesWords(snapshotOf.get(g.question_id)) || !containsProfanity(g.value))
        continue;
      rude.add(g);
      filtered.set(g.question_id, (filtered.get(g.question_id) ?? 0) + 1);
    }
  const inPlay = sql`(st.id in (select student_id from students_schoolclasses where schoolclass_id = ${play.schoolclass_id}::uuid)
         or st.id in (select student_id from student_answers where play_id = ${playId}::uuid))`;
  type Person = { student_id: string; first_name?: string; last_name?: string; username?: string };
  const people = hideNames
    ? await rows<Person>(db, sql`select st.id as student_id from students st where ${inPlay} order by st.id`)
    : await rows<Required<Person>>(
        db,
        sql`select st.id as student_id, u.first_name, u.last_name, u.username from students st join users u on u.id = st.user_id
      where ${inPlay}
      order by lower(u.last_name), lower(u.first_name), u.username`,
      );

  const order: string[] = [];
  const byQ = new Map<string, RaidReport['questions'][number]>();
  for (const row of qs) {
    let q = byQ.get(row.question_id);
    if (!q) {
      q = {
        questionId: row.question_id,
        position: row.position,
        text: row.text,
        equationMode: row.equation_mode,
        answers: [],
        answered: 0,
        correct: 0,
        asked: false,
        counted: 0,
        shareCorrect: null,
        mostChosenWrong: null,
        partial: 0,
        mostMissed: null,
        meanTimeMs: null,
        medianTimeMs: null,
      };
      byQ.set(row.question_id, q);
      order.push(row.question_id);
    }
    if (row.answer_id === null) continue;
    q.answers.push({
      answerId: row.answer_id,
      text: row.answer_text,
      isCorrect: row.is_correct,
      chosenBy: 0,
    });
  }
  const times = new Map<string, number[]>();
  // Right, partly right or wrong, from the play's snapshot (shared rule, issue 21); 'none' for a poll.
  const verdicts = new Map<(typeof given)[number], ReportVerdict>();
  const missed = new Map<string, Map<string, number>>();
  const kindOf = (questionId: string) => snapshotOf.get(questionId)?.kind ?? 'choice';
  const typed = new Map<string, (typeof given)[number][]>();
  for (const g of given) {
    const q = byQ.get(g.question_id);
    if (!q) continue;
    q.answered += 1;
    const kind = kindOf(q.questionId);
    if (kind !== 'choice') {
      // Issue 23: a poll has no verdict; a number, a text or an order is right or wrong as recorded.
      const verdict: ReportVerdict = kind === 'poll' ? 'none' : g.correct ? 'right' : 'wrong';
      verdicts.set(g, verdict);
      if (verdict === 'right') q.correct += 1;
      if (kind === 'poll')
        for (const id of g.answer_ids) {
          const opt = q.answers.find((a) => a.answerId === id);
          if (opt) opt.chosenBy += 1;
        }
      typed.set(q.questionId, [...(typed.get(q.questionId) ?? []), g]);
      if (g.time_ms !== null) times.set(g.question_id, [...(times.get(g.question_id) ?? []), g.time_ms]);
      continue;
    }
    const rightIds = q.answers.filter((a) => a.isCorrect).map((a) => a.answerId);
    const score = scoreAnswer(rightIds, g.answer_ids);
    // Right is what was recorded when the student answered (a homework question edited since may
    // have gained a right answer in the snapshot); only a wrong one is told partly right or not.
    const verdict: Verdict = g.correct ? 'right' : score.verdict === 'partial' ? 'partial' : 'wrong';
    verdicts.set(g, verdict);
    if (verdict === 'right') q.correct += 1;
    else if (verdict === 'partial') q.partial = (q.partial ?? 0) + 1;
    if (rightIds.length > 1 && verdict !== 'right') {
      const m = missed.get(q.questionId) ?? new Map<string, number>();
      for (const id of score.missedIds) m.set(id, (m.get(id) ?? 0) + 1);
      missed.set(q.questionId, m);
    }
    for (const id of g.answer_ids) {
      const opt = q.answers.find((a) => a.answerId === id);
      if (opt) opt.chosenBy += 1;
    }
    if (g.time_ms !== null) times.set(g.question_id, [...(times.get(g.question_id) ?? []), g.time_ms]);
  }
  // Asked and counted as the board had them (issue 21): a live play records both per question; a
  // homework offers every question and counts those who answered, as older live plays do.
  for (const q of byQ.values()) {
    const kept = snapshotOf.get(q.questionId);
    q.asked = play.kind === 'homework' || kept?.asked === true || q.answered > 0;
    q.counted = Math.max(q.answered, kept?.counted ?? 0);
    q.shareCorrect = shareRight(q.correct, q.counted);
    if (kept?.kind && kept.kind !== 'choice') {
      const safe = (typed.get(q.questionId) ?? []).filter((g) => !rude.has(g));
      Object.assign(q, kindFigures(kept, safe));
      if (kept.kind === 'poll') q.shareCorrect = null;
      if (safeWords && takesWords(kept)) {
        q.filtered = filtered.get(q.questionId) ?? 0;
        // A pupil's word the teacher accepted afterwards is a pupil's word all the same.
        q.accepted = q.accepted?.filter((a) => !containsProfanity(a));
      }
    }
    // Answers are in position order: on a tie, the first wrong answer wins.
    let best: (typeof q.answers)[number] | null = null;
    for (const a of q.answers)
      if (!a.isCorrect && a.chosenBy > 0 && (!best || a.chosenBy > best.chosenBy)) best = a;
    q.mostChosenWrong =
      best && (kept?.kind ?? 'choice') === 'choice'
        ? { answerId: best.answerId, text: best.text, chosenBy: best.chosenBy }
        : null;
    const m = missed.get(q.questionId);
    let most: { answerId: string; text: string; missedBy: number } | null = null;
    for (const a of q.answers) {
      const n = m?.get(a.answerId) ?? 0;
      if (n > 0 && (!most || n > most.missedBy)) most = { answerId: a.answerId, text: a.text, missedBy: n };
    }
    q.mostMissed = most;
    const t = (times.get(q.questionId) ?? []).sort((a, b) => a - b);
    if (t.length) {
      q.meanTimeMs = Math.round(t.reduce((s, x) => s + x, 0) / t.length);
      q.medianTimeMs =
        t.length % 2 ? t[(t.length - 1) / 2] : Math.round((t[t.length / 2 - 1] + t[t.length / 2]) / 2);
    }
  }
  const position = new Map(order.map((id, i) => [id, i]));
  const verdictOf = (g: (typeof given)[number]): ReportVerdict =>
    verdicts.get(g) ?? (g.correct ? 'right' : 'wrong');
  const byStudent = new Map<string, typeof given>();
  for (const g of given) byStudent.set(g.student_id, [...(byStudent.get(g.student_id) ?? []), g]);
  return {
    play: playDto(play),
    schoolclassId: play.schoolclass_id,
    schoolclassName: h.name,
    subjectId: play.subject_id,
    subjectCode: h.code,
    questions: order.map((id) => byQ.get(id) as RaidReport['questions'][number]),
    students: people.map((s) => {
      const mine = (byStudent.get(s.student_id) ?? []).sort(
        (a, b) => (position.get(a.question_id) ?? 0) - (position.get(b.question_id) ?? 0),
      );
      return {
        studentId: s.student_id,
        ...(hideNames ? {} : { firstName: s.first_name, lastName: s.last_name, username: s.username }),
        answered: mine.length,
        correct: mine.filter((g) => verdictOf(g) === 'right').length,
        partial: mine.filter((g) => verdictOf(g) === 'partial').length,
        answers: mine.map((g) => ({
          questionId: g.question_id,
          answerIds: g.answer_ids,
          value: rude.has(g) ? null : g.value,
          ...(rude.has(g) ? { filtered: true } : {}),
          correct: verdictOf(g) === 'right',
          verdict: verdictOf(g),
          timeMs: g.time_ms,
        })),
      };
    }),
  };
}

type ReportVerdict = Verdict | 'none';

/** Most given first; on a tie, the first given. */
function top<T>(counts: Map<string, { item: T; count: number }>, n: number) {
  return [...counts.values()].sort((a, b) => b.count - a.count).slice(0, n);
}

/**
 * Issue 23: the figures of a number, a text, an order or a poll: the wrong values most given
 * (grouped by the judge's normalisation), the wrong orders most given, a typed poll's values.
 */
function kindFigures(
  q: PlayQuestionSnapshot,
  given: readonly { answer_ids: string[]; value: string | null; correct: boolean }[],
): Partial<RaidReport['questions'][number]> {
  const kind = q.kind ?? 'choice';
  const unit = kind === 'number' ? ((q.settings as NumberSettings | null)?.unit ?? null) : null;
  const out: Partial<RaidReport['questions'][number]> = { kind, accepted: q.accepted ?? [] };
  if (kind === 'number') out.unit = unit;
  if (kind === 'number' || kind === 'text' || kind === 'poll') {
    const groups = new Map<string, { spellings: Map<string, number>; count: number }>();
    for (const g of given) {
      if (g.value === null || (kind !== 'poll' && g.correct)) continue;
      const key = normaliseForGrouping(kind === 'poll' ? pollGrouping(q) : kind, g.value, unit);
      const group = groups.get(key) ?? { spellings: new Map<string, number>(), count: 0 };
      group.count += 1;
      group.spellings.set(g.value, (group.spellings.get(g.value) ?? 0) + 1);
      groups.set(key, group);
    }
    const ranked = [...groups.entries()].map(([key, g]) => {
      // The spelling given most often stands for the group (on a tie, the first given).
      const [value] = [...g.spellings.entries()].sort((a, b) => b[1] - a[1])[0];
      return { key, value, count: g.count };
    });
    ranked.sort((a, b) => b.count - a.count);
    if (kind === 'poll') {
      if (ranked.length) out.pollValues = ranked.map(({ value, count }) => ({ value, count }));
    } else out.wrongValues = ranked.slice(0, REPORT_TOP_VALUES);
  }
  if (kind === 'order') {
    const orders = new Map<string, { item: string[]; count: number }>();
    for (const g of given) {
      if (g.correct) continue;
      const key = g.answer_ids.join(',');
      const o = orders.get(key) ?? { item: g.answer_ids, count: 0 };
      o.count += 1;
      orders.set(key, o);
    }
    out.wrongOrders = top(orders, REPORT_TOP_ORDERS).map((o) => ({ answerIds: o.item, count: o.count }));
  }
  return out;
}

const pollGrouping = (q: PlayQuestionSnapshot) =>
  (q.settings as PollSettings | null)?.pollMode === 'number' ? 'number' : 'text';

/**
 * Manual XP (SPEC point 2), awarded by the one XP command (modules/xp: SPEC point 4's rules, level
 * unlocks, and an XP_GAIN event with the reason, which the student's stats show, even at 0).
 */
export async function addManualXp(
  db: Db,
  t: { professorId: string; schoolclassId: string; subjectId: string; studentId: string },
  input: { amount: number; reason: string },
): Promise<ManualXpResult> {
  // The reward and its event in one transaction: the curve never misses a gain, nor shows one undone.
  const awarded = (
    await awardXp(db, {
      source: 'manual',
      by: { professorId: t.professorId, schoolclassId: t.schoolclassId, subjectId: t.subjectId },
      gains: { [t.studentId]: { xp: input.amount, coins: 0 } },
      details: { requested: input.amount, reason: input.reason },
      recordUnchanged: true,
    })
  )[t.studentId];
  if (!awarded) throw notFound();
  return {
    studentId: t.studentId,
    applied: awarded.xpGained,
    xp: awarded.after.xp,
    level: awarded.after.level,
    levelProgression: awarded.after.levelProgression,
    powerXp: awarded.after.powerXp,
  };
}

/**
 * The student's progress in the period: "Mes stats" (everything), or a teacher's page about one of
 * their pupils (`byProfessorId`: only the classes and subjects that teacher teaches).
 */
export async function ownStats(
  db: Db,
  studentId: string,
  r: Range,
  byProfessorId?: string,
): Promise<StudentOwnStats> {
  const from = r.from.toISOString();
  const to = r.to.toISOString();
  const [me] = await db.select().from(students).where(eq(students.id, studentId));
  if (!me) throw notFound();
  const taught = (cls: SQL, subject: SQL) =>
    byProfessorId
      ? sql`and (${cls}, ${subject}) in (select schoolclass_id, subject_id from professors_schoolclasses where professor_id = ${byProfessorId}::uuid)`
      : sql``;
  const events = await db
    .select({ at: gameEvents.createdAt, payload: gameEvents.payload })
    .from(gameEvents)
    .where(
      and(
        eq(gameEvents.studentId, studentId),
        eq(gameEvents.type, 'XP_GAIN'),
        sql`${gameEvents.createdAt} >= ${from}::timestamptz and ${gameEvents.createdAt} < ${to}::timestamptz ${taught(sql`${gameEvents.schoolclassId}`, sql`${gameEvents.subjectId}`)}`,
      ),
    )
    .orderBy(gameEvents.createdAt);
  const xpHistory: XpPoint[] = events.map((e) => {
    const p = e.payload as {
      source?: XpPoint['source'];
      amount?: number;
      xp?: number;
      level?: number;
      reason?: string;
    };
    return {
      at: e.at.toISOString(),
      xp: p.xp ?? 0,
      level: p.level ?? 1,
      gain: p.amount ?? 0,
      source: p.source ?? 'live',
      reason: p.reason ?? null,
    };
  });
  const played = await rows<{ kind: PlayKind; n: number }>(
    db,
    sql`select p.kind, count(distinct p.id)::int as n from student_answers a join raid_plays p on p.id = a.play_id
      where a.student_id = ${studentId}::uuid and a.answered_at >= ${from}::timestamptz and a.answered_at < ${to}::timestamptz
        ${taught(sql`p.schoolclass_id`, sql`p.subject_id`)}
      group by p.kind`,
  );
  const bySubject = await rows<{ subject_id: string; code: string; n: number; ok: number }>(
    db,
    sql`select p.subject_id, s.code, count(*)::int as n, count(*) filter (where a.correct)::int as ok
      from student_answers a join raid_plays p on p.id = a.play_id join subjects s on s.id = p.subject_id
      where a.student_id = ${studentId}::uuid and a.answered_at >= ${from}::timestamptz and a.answered_at < ${to}::timestamptz
        and a.question_id::text <> all(${pollIds(sql`p`)})
        ${taught(sql`p.schoolclass_id`, sql`p.subject_id`)}
      group by p.subject_id, s.code order by s.code`,
  );
  return {
    range: rangeDto(r),
    xp: me.xp,
    level: me.level,
    levelProgression: me.levelProgression,
    xpHistory,
    raidsPlayed: {
      live: played.find((x) => x.kind === 'live')?.n ?? 0,
      homework: played.find((x) => x.kind === 'homework')?.n ?? 0,
    },
    subjects: bySubject.map((s) => ({
      subjectId: s.subject_id,
      subjectCode: s.code,
      answers: s.n,
      correct: s.ok,
      goodAnswerRate: rate(s.ok, s.n),
    })),
  };
}

/**
 * A teacher's page about one pupil (issue 21): who the pupil is, the classes this teacher teaches
 * them, their progress in those, and each raid and homework they answered there, newest first.
 * The caller is one of the pupil's teachers (checked by the route).
 */
export async function pupilPage(
  db: Db,
  professorId: string,
  studentId: string,
  r: Range,
): Promise<PupilPage> {
  const [who] = await rows<{ first_name: string; last_name: string; username: string; user_id: string }>(
    db,
    sql`select u.first_name, u.last_name, u.username, u.id as user_id from students st join users u on u.id = st.user_id
      where st.id = ${studentId}::uuid`,
  );
  if (!who) throw notFound();
  const classes = await rows<{ schoolclass_id: string; name: string; subject_id: string; code: string }>(
    db,
    sql`select ps.schoolclass_id, c.name, ps.subject_id, s.code from students_schoolclasses ss
      join professors_schoolclasses ps on ps.schoolclass_id = ss.schoolclass_id and ps.professor_id = ${professorId}::uuid
      join schoolclasses c on c.id = ps.schoolclass_id join subjects s on s.id = ps.subject_id
      where ss.student_id = ${studentId}::uuid order by c.name, s.code`,
  );
  const played = await rows<{
    id: string;
    title: string;
    kind: PlayKind;
    started_at: unknown;
    schoolclass_id: string;
    subject_id: string;
    n: number;
    ok: number;
    last: unknown;
  }>(
    db,
    sql`select p.id, p.raid_title as title, p.kind, p.started_at, p.schoolclass_id, p.subject_id,
        count(*) filter (where a.question_id::text <> all(${pollIds(sql`p`)}))::int as n,
        count(*) filter (where a.correct)::int as ok, max(a.answered_at) as last
      from student_answers a join raid_plays p on p.id = a.play_id
      where a.student_id = ${studentId}::uuid and a.answered_at >= ${r.from.toISOString()}::timestamptz
        and a.answered_at < ${r.to.toISOString()}::timestamptz
        and (p.schoolclass_id, p.subject_id) in (select schoolclass_id, subject_id from professors_schoolclasses where professor_id = ${professorId}::uuid)
      group by p.id order by max(a.answered_at) desc limit ${PUPIL_PAGE_PLAYS}`,
  );
  return {
    student: {
      studentId,
      userId: who.user_id,
      firstName: who.first_name,
      lastName: who.last_name,
      username: who.username,
    },
    classes: classes.map((c) => ({
      schoolclassId: c.schoolclass_id,
      schoolclassName: c.name,
      subjectId: c.subject_id,
      subjectCode: c.code,
    })),
    stats: await ownStats(db, studentId, r, professorId),
    plays: played.map((p) => ({
      playId: p.id,
      raidTitle: p.title,
      kind: p.kind,
      startedAt: ts(p.started_at),
      answeredAt: ts(p.last),
      schoolclassId: p.schoolclass_id,
      subjectId: p.subject_id,
      answers: p.n,
      correct: p.ok,
      goodAnswerRate: rate(p.ok, p.n),
    })),
  };
}

/** How many plays a pupil's page lists at most (the newest). */
export const PUPIL_PAGE_PLAYS = 100;

/** Session logs per user in the period (SPEC point 7). */
export async function sessionLogAmounts(db: Db, userIds: string[], r: Range) {
  if (!userIds.length) return [];
  const data = await rows<{ user_id: string; n: number }>(
    db,
    sql`select user_id, count(*)::int as n from session_logs
      where user_id in (${sql.join(
        userIds.map((u) => sql`${u}::uuid`),
        sql`, `,
      )}) and created_at >= ${r.from.toISOString()}::timestamptz and created_at < ${r.to.toISOString()}::timestamptz
      group by user_id`,
  );
  const n = new Map(data.map((d) => [d.user_id, d.n]));
  return userIds.map((userId) => ({ userId, amount: n.get(userId) ?? 0 }));
}
