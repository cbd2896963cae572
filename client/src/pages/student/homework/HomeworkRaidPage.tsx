// /student/raid/:homeworkId/:professorId/:subjectId/:raidId/:schoolclassId: a homework raid played
// on the phone, question by question (formulas through the live page's lazy KaTeX, images). Each
// answer is recorded by the server, which tells right or wrong; a reload resumes at the first
// question left. The end shows the score, the XP, the power XP, the coins and the level.
// Issue 23: every kind of question is answered with the live phone's inputs (typed number or word,
// an order tapped in place, a poll); once answered, the right answer of its kind and the explanation.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ERR } from '../../../../../shared/errors';
import { powerXpGain } from '../../../../../shared/game/rules';
import type { HomeworkFinishResult, HomeworkPlayDto, HomeworkQuestionDto } from '../../../../../shared/types';
import { answerHomework, finishHomework, getHomework } from '../../../api/student';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { AnswerButtons, type Mark } from '../../../game/phone/AnswerButtons';
import type { AnswerResponse } from '../../../game/phone/answer-queue';
import { inputOf, OrderAnswer, readHintOf, TypedAnswer } from '../../../game/phone/KindInputs';
import { Explanation, RevealDetails } from '../../../game/phone/KindReveal';
import { MathText, useKatex } from '../../../game/phone/math-text';
import { phoneError } from '../../../game/phone/phone-error';
import { QuestionReadAloud } from '../../../game/phone/QuestionReadAloud';
import { translateError } from '../../../i18n';
import { useApplyDisplayPrefs } from '../../../lib/display-prefs';
import { errorKey } from '../../auth/api-error';
import { scoreText } from './RaidListPage';
import '../../../game/phone/phone.css';
import './homework.css';

const LIST = '/student/raid-list';
/**
 * The next question, or the result, starts at the top of the page: the student had scrolled down to
 * the answers and the button, and the new screen's top would stay cut off.
 */
const toTop = () => window.scrollTo({ top: 0, left: 0, behavior: 'instant' });

type Load = { kind: 'loading' } | { kind: 'error'; key: string } | { kind: 'ready'; play: HomeworkPlayDto };

export default function HomeworkRaidPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const { user, refresh } = useSession();
  const studentId = user?.studentId ?? null;
  // Issue 24: the pupil's reading-friendly display and fewer animations on homework too.
  useApplyDisplayPrefs();
  const [state, setState] = useState<Load>({ kind: 'loading' });
  const [result, setResult] = useState<HomeworkFinishResult | null>(null);
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  /** Index of the question on screen; it stays on a question just answered until "next". */
  const [index, setIndex] = useState(0);

  const load = useCallback(async () => {
    if (!studentId || !params.homeworkId) return;
    try {
      const play = await getHomework(studentId, params.homeworkId);
      const h = play.homework;
      // The address names the homework's teacher, subject, raid and class: all must match.
      if (
        h.professor.id !== params.professorId ||
        h.subject.id !== params.subjectId ||
        h.raidId !== params.raidId ||
        h.schoolclassId !== params.schoolclassId
      ) {
        setState({ kind: 'error', key: ERR.NOT_FOUND });
        return;
      }
      const firstOpen = play.questions.findIndex((q) => !q.given);
      setIndex(firstOpen === -1 ? play.questions.length : firstOpen);
      setState({ kind: 'ready', play });
    } catch (err) {
      setState({ kind: 'error', key: errorKey(err) });
    }
  }, [
    studentId,
    params.homeworkId,
    params.professorId,
    params.subjectId,
    params.raidId,
    params.schoolclassId,
  ]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'loading') {
    return (
      <div className="homework-play" aria-busy="true">
        <p role="status">{t('STUDENT.PLAY.LOADING')}</p>
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="homework-play homework-play--message">
        <div className="card stack" role="alert">
          <p>{translateError(state.key)}</p>
          <Link to={LIST} className="btn btn--medium btn--primary">
            {t('STUDENT.PLAY.BACK_TO_LIST')}
          </Link>
        </div>
      </div>
    );
  }

  const { play } = state;
  const questions = play.questions;
  const setQuestion = (q: HomeworkQuestionDto) =>
    setState({ kind: 'ready', play: { ...play, questions: questions.map((x) => (x.id === q.id ? q : x)) } });

  async function finish() {
    if (!studentId || finishing) return;
    setFinishing(true);
    setFinishError(null);
    try {
      setResult(await finishHomework(studentId, play.homework.id));
      toTop();
      void refresh();
    } catch (err) {
      setFinishError(errorKey(err));
    } finally {
      setFinishing(false);
    }
  }

  if (result) return <ResultScreen title={play.title} result={result} />;

  // A new try under way (issue 21) is played like a homework not done yet.
  if (play.homework.completion && !play.homework.completion.retrying) {
    const c = play.homework.completion;
    return (
      <div className="homework-play homework-play--message">
        <div className="card stack homework-done">
          <h1>{play.title}</h1>
          <p role="status" className="homework-done__text">
            {t(ERR.HOMEWORK_COMPLETED)}
          </p>
          <p className="homework-done__score">
            {t('STUDENT.PLAY.SCORE', { score: scoreText(c.score, i18n.language), total: c.total })}
          </p>
          <Review questions={questions} />
          <Link to={LIST} className="btn btn--medium btn--primary">
            {t('STUDENT.PLAY.BACK_TO_LIST')}
          </Link>
        </div>
      </div>
    );
  }

  const current = questions[index];
  return (
    <div className="homework-play">
      <header className="homework-play__head">
        <Link to={LIST} className="homework-play__back" aria-label={t('STUDENT.PLAY.BACK_TO_LIST')}>
          <span aria-hidden="true">←</span>
        </Link>
        <div className="homework-play__title">
          <h1>{play.title}</h1>
          <p>
            {current
              ? t('STUDENT.PLAY.QUESTION_OF', { index: index + 1, count: questions.length })
              : t('STUDENT.PLAY.ALL_ANSWERED')}
          </p>
        </div>
      </header>
      <div
        className="homework-play__progress"
        role="progressbar"
        aria-label={t('STUDENT.PLAY.PROGRESS')}
        aria-valuemin={0}
        aria-valuemax={questions.length}
        aria-valuenow={questions.filter((q) => q.given).length}
      >
        <span
          style={{
            width: `${(100 * questions.filter((q) => q.given).length) / Math.max(1, questions.length)}%`,
          }}
        />
      </div>
      {current ? (
        <QuestionCard
          key={current.id}
          question={current}
          last={index === questions.length - 1}
          studentId={studentId as string}
          homeworkId={play.homework.id}
          onAnswered={setQuestion}
          onConflict={() => void load()}
          onNext={() => {
            setIndex((i) => i + 1);
            toTop();
          }}
          onFinish={() => {
            setIndex(questions.length);
            void finish();
          }}
        />
      ) : (
        <div className="card stack homework-finish">
          <p>{t('STUDENT.PLAY.READY_TO_FINISH')}</p>
          {finishError ? (
            <p className="field__error" role="alert">
              {translateError(finishError)}
            </p>
          ) : null}
          <Button size="large" loading={finishing} onClick={() => void finish()}>
            {t('STUDENT.PLAY.FINISH')}
          </Button>
        </div>
      )}
    </div>
  );
}

interface QuestionProps {
  question: HomeworkQuestionDto;
  last: boolean;
  studentId: string;
  homeworkId: string;
  onAnswered: (q: HomeworkQuestionDto) => void;
  onConflict: () => void;
  onNext: () => void;
  onFinish: () => void;
}

function QuestionCard({
  question: q,
  last,
  studentId,
  homeworkId,
  onAnswered,
  onConflict,
  onNext,
  onFinish,
}: QuestionProps) {
  const { t } = useTranslation();
  const given = q.given;
  const katex = useKatex([q.text, ...q.answers.map((a) => a.text), given?.explanation ?? '']);
  const [picked, setPicked] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missed, setMissed] = useState<string[]>([]);
  const input = inputOf(q);
  const poll = q.kind === 'poll';

  async function send(response: string[] | AnswerResponse) {
    const r0: AnswerResponse = Array.isArray(response) ? { answerIds: response } : response;
    if (
      sending ||
      given ||
      ('value' in r0 ? !r0.value.trim() : ('order' in r0 ? r0.order : r0.answerIds).length === 0)
    )
      return;
    setSending(true);
    setError(null);
    try {
      const r = await answerHomework(studentId, homeworkId, q.id, r0);
      onAnswered({
        ...q,
        given: {
          answerIds: 'order' in r0 ? r0.order : 'answerIds' in r0 ? r0.answerIds : [],
          value: 'value' in r0 ? r0.value : null,
          correct: r.correct,
          verdict: r.verdict,
          correctAnswerIds: r.correctAnswerIds,
          correctOrder: r.correctOrder,
          number: r.number,
          accepted: r.accepted,
          explanation: r.explanation ?? null,
          explanationImage: r.explanationImage ?? null,
        },
      });
      setMissed(r.missedIds ?? []);
    } catch (err) {
      const key = errorKey(err);
      // Answered from another tab, or the homework changed: the server's state wins.
      if (
        key === ERR.HOMEWORK_ALREADY_ANSWERED ||
        key === ERR.HOMEWORK_COMPLETED ||
        key === ERR.HOMEWORK_STOPPED
      )
        onConflict();
      else setError(key);
    } finally {
      setSending(false);
    }
  }

  const tap = (id: string) => {
    if (given || sending) return;
    if (!q.multiple) {
      setPicked([id]);
      void send([id]);
      return;
    }
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  };

  let marks: Record<string, Mark> | undefined;
  if (given && input === 'choices' && !poll) {
    marks = {};
    for (const a of q.answers) {
      const right = given.correctAnswerIds.includes(a.id);
      marks[a.id] = right ? 'right' : given.answerIds.includes(a.id) ? 'wrong-chosen' : 'dim';
    }
  }

  return (
    <section className="homework-question" aria-live="polite">
      <h2 className="homework-question__text">
        <MathText text={q.text} katex={katex} />
      </h2>
      {q.image ? (
        <img className="homework-question__image" src={q.image} alt={t('STUDENT.PLAY.IMAGE_ALT')} />
      ) : null}
      <QuestionReadAloud question={q} className="homework-question__read" hint={readHintOf(q, t)} />
      {!given && input === 'choices' ? (
        <p className="homework-question__hint" data-testid="pick-hint">
          {q.multiple ? t('PHONE.PICK_N', { count: q.toPick }) : t('PHONE.PICK_ONE')}
        </p>
      ) : null}
      {input === 'choices' ? (
        <AnswerButtons
          answers={q.answers}
          katex={katex}
          selected={given ? given.answerIds : picked}
          disabled={!!given || sending}
          onTap={tap}
          marks={marks}
        />
      ) : input === 'order' ? (
        given ? null : (
          <OrderAnswer
            items={q.answers}
            katex={katex}
            sent={null}
            locked={sending}
            onSubmit={(order) => void send({ order })}
          />
        )
      ) : given && !poll ? null : (
        <TypedAnswer
          mode={input}
          unit={q.kind === 'number' ? q.unit : null}
          sent={given ? (given.value ?? '') : null}
          locked={!!given || sending}
          onSubmit={(value) => void send({ value })}
        />
      )}
      {error ? (
        <p className="field__error" role="alert">
          {phoneError(error)}
        </p>
      ) : null}
      {!given && input === 'choices' && q.multiple ? (
        <button
          type="button"
          className="validate"
          disabled={picked.length === 0 || sending}
          onClick={() => void send(picked)}
        >
          {t('PHONE.VALIDATE', { count: picked.length })}
        </button>
      ) : null}
      {given ? (
        <div className={`homework-verdict homework-verdict--${given.verdict}`} role="status">
          <strong>
            {t(
              poll
                ? 'PHONE.POLL_THANKS'
                : given.verdict === 'right'
                  ? 'STUDENT.PLAY.RIGHT'
                  : given.verdict === 'partial'
                    ? 'STUDENT.PLAY.PARTIAL'
                    : 'STUDENT.PLAY.WRONG',
            )}
          </strong>
          {poll ? <span>{t('PHONE.POLL_TEXT')}</span> : null}
          {!poll && input !== 'choices' ? (
            <RevealDetails
              kind={input === 'order' ? 'order' : input}
              items={q.answers}
              katex={katex}
              reveal={given}
              mine={{ ids: given.answerIds, value: given.value ?? null }}
            />
          ) : null}
          <Explanation text={given.explanation} image={given.explanationImage} katex={katex} />
          {q.multiple && missed.length > 0 ? (
            <span data-testid="verdict-missing">
              {t('PHONE.MISSING', {
                answers: q.answers
                  .filter((a) => missed.includes(a.id))
                  .map((a) => `« ${a.text} »`)
                  .join(', '),
              })}
            </span>
          ) : null}
          <Button size="large" variant="secondary" onClick={last ? onFinish : onNext}>
            {t(last ? 'STUDENT.PLAY.FINISH' : 'STUDENT.PLAY.NEXT')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** What the student answered, question by question (a completed raid still teaches). */
function Review({ questions }: { questions: HomeworkQuestionDto[] }) {
  const { t } = useTranslation();
  const katex = useKatex(questions.map((q) => q.text));
  const verdict = {
    right: 'STUDENT.PLAY.RIGHT',
    partial: 'STUDENT.PLAY.REVIEW_PARTIAL',
    wrong: 'STUDENT.PLAY.REVIEW_WRONG',
    none: 'STUDENT.PLAY.REVIEW_NONE',
  };
  return (
    <ol className="homework-review" aria-label={t('STUDENT.PLAY.REVIEW')}>
      {questions.map((q) => {
        // A poll answered has no verdict: a neutral mark, never a cross.
        const state = q.given ? (q.kind === 'poll' ? 'poll' : q.given.verdict) : 'none';
        return (
          <li key={q.id} className={`homework-review__item homework-review__item--${state}`}>
            <span className="homework-review__mark" aria-hidden="true">
              {state === 'right' ? '✓' : state === 'partial' ? '◐' : state === 'poll' ? '•' : '✗'}
            </span>
            <span className="homework-review__text">
              <MathText text={q.text} katex={katex} />
              <span className="sr-only"> : {t(state === 'poll' ? 'PHONE.POLL_THANKS' : verdict[state])}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function ResultScreen({ title, result: r }: { title: string; result: HomeworkFinishResult }) {
  const { t, i18n } = useTranslation();
  const levelUp = r.level > r.previousLevel;
  // The finish answer does not say it: a positive XP gain always brings one power XP (shared rule).
  const powerXp = powerXpGain(r.xpGained);
  return (
    <div className="homework-play homework-play--message">
      <section className="card stack homework-result" aria-labelledby="result-title">
        <h1 id="result-title">{t('STUDENT.PLAY.RESULT_TITLE')}</h1>
        <p className="homework-result__raid">{title}</p>
        <p className="homework-result__score" data-testid="homework-score">
          {t('STUDENT.PLAY.SCORE', { score: scoreText(r.score, i18n.language), total: r.total })}
        </p>
        {r.maxTries > 1 ? (
          <p className="homework-result__raid" data-testid="homework-best">
            {t('STUDENT.PLAY.BEST', {
              score: scoreText(r.bestScore, i18n.language),
              total: r.total,
              tries: r.tries,
              max: r.maxTries,
            })}
          </p>
        ) : null}
        {r.late ? <p className="homework-result__raid">{t('STUDENT.PLAY.LATE')}</p> : null}
        <ul className="homework-result__gains">
          <li>{t('STUDENT.PLAY.XP_GAINED', { count: r.xpGained })}</li>
          <li>{t('STUDENT.PLAY.COINS_GAINED', { count: r.coinsGained })}</li>
          {powerXp > 0 ? <li>{t('STUDENT.PLAY.POWER_XP_GAINED', { count: powerXp })}</li> : null}
        </ul>
        <p className={`homework-result__level${levelUp ? ' is-up' : ''}`}>
          {levelUp
            ? t('STUDENT.PLAY.LEVEL_UP', { level: r.level })
            : t('STUDENT.PLAY.LEVEL', { level: r.level, progress: r.levelProgression })}
        </p>
        <Link to={LIST} className="btn btn--large btn--primary">
          {t('STUDENT.PLAY.BACK_TO_LIST')}
        </Link>
      </section>
    </div>
  );
}
