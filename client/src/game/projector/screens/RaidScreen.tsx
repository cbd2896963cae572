// A raid: the question large, answers, timer and live count; the teacher reveals, then goes on.
// The boss, its HP bar and the class's avatars are drawn by the scene around this panel.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_FONT_SIZE_DEFAULT_REM } from '../../../../../shared/constants';
import type { PublicQuestion, RaidView } from '../../../../../shared/game/contract';
import { sharePercent } from '../../../../../shared/game/share';
import { ConfirmDialog } from '../ConfirmDialog';
import { useFitText } from '../fit-text';
import { MathText } from '../MathText';
import type { ScreenProps } from '../Projector';
import { Answers } from './Answers';
import { Countdown } from './Countdown';
import { ExtraTime } from './ExtraTime';
import { RaidLobby } from './RaidLobby';
import { RaidResult } from './RaidResult';
import { nextEndsRaid, turnLostKey } from './raid-steps';
import { useGameRaids } from './SelectRaidScreen';
import { Explanation, isTyped, TypedAnswers } from './TypedAnswers';

interface Props extends ScreenProps {
  raidId: string;
  overlayOpen: boolean;
  onCloseOverlay: () => void;
  onOpenOverlay: () => void;
  /** The board's text size (rem): the question and answers fit again when it changes. */
  fontSize?: number;
}

export function RaidScreen(props: Props) {
  const a = props.snapshot.activity;
  if (a?.kind !== 'raid' || a.raidId !== props.raidId) return <StartRaid {...props} />;
  if (a.phase === 'lobby') return <RaidLobby {...props} raid={a} />;
  if (a.phase === 'ended') return <RaidResult {...props} raid={a} />;
  return <RaidQuestion {...props} raid={a} />;
}

function StartRaid({ raidId, run, snapshot }: Props) {
  const { t } = useTranslation();
  const { data: chapters } = useGameRaids(snapshot.subjectId);
  const title = chapters?.flatMap((c) => c.raids).find((r) => r.id === raidId)?.title ?? null;
  const [busy, setBusy] = useState(false);
  return (
    <section className="panel start-raid" aria-labelledby="start-raid-title">
      <h2 id="start-raid-title">{title ?? t('GAME.RAID.START_TITLE')}</h2>
      <p>{t('GAME.RAID.NOT_RUNNING')}</p>
      <button
        type="button"
        className="proj-btn proj-btn--primary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await run('raid:start', { raidId });
          setBusy(false);
        }}
      >
        {t('GAME.RAID.START')}
      </button>
    </section>
  );
}

function RaidQuestion({
  raid,
  snapshot,
  run,
  sync,
  overlayOpen,
  onCloseOverlay,
  onOpenOverlay,
  fontSize,
}: Props & { raid: RaidView }) {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  const q = raid.question;
  // "n / total have answered": total counts the students connected now and those who answered this
  // question, so a phone that dropped after answering never makes it "1 / 0".
  const answered = new Set(raid.answeredStudentIds);
  const total = snapshot.roster.filter((r) => r.connected || answered.has(r.studentId)).length;
  // The turn pool before the reveal, to tell whether this question cost a turn.
  const turnsBefore = useRef(raid.turns.left);
  if (raid.phase === 'question') turnsBefore.current = raid.turns.left;
  const lostTurns = raid.phase === 'revealed' ? Math.max(0, turnsBefore.current - raid.turns.left) : 0;
  const reveal = raid.phase === 'revealed' ? raid.reveal : null;
  const showPanel = reveal !== null && overlayOpen;
  const [busy, setBusy] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const typedShown = reveal?.typed ? (reveal.typed.names ? 'names' : 'shown') : '';
  useFitText(
    main,
    `${q?.id}:${raid.phase}:${showPanel}:${typedShown}`,
    fontSize ?? GAME_FONT_SIZE_DEFAULT_REM,
  );
  const poll = q?.kind === 'poll';
  const act = async (name: 'raid:reveal' | 'raid:next') => {
    setBusy(true);
    await run(name, {});
    setBusy(false);
  };
  return (
    <div className="raid">
      <section className="raid__main" aria-labelledby="raid-question" ref={main}>
        <div className="raid__meta">
          <span className="raid__index">
            {t('GAME.RAID.QUESTION_OF', { index: raid.index + 1, count: raid.count })}
          </span>
          <Countdown deadline={raid.phase === 'question' ? raid.deadline : null} paused={snapshot.paused} />
          <ExtraTime raid={raid} paused={snapshot.paused} onClassTimeUp={sync} />
          <span className="raid__answered" data-testid="answered-count">
            {t('GAME.RAID.ANSWERED', { count: answered.size + (raid.extraAnswered ?? 0), total })}
          </span>
          {/* In the top row, not below the answers: the reveal's buttons and the answers keep the room. */}
          <button type="button" className="proj-btn proj-btn--ghost" onClick={() => setConfirmEnd(true)}>
            {t('GAME.RAID.END')}
          </button>
          {/* The scene shows who answered as avatars; this list says it to screen readers (never what). */}
          <ul className="sr-only" aria-label={t('GAME.RAID.ANSWERED_LIST')} data-testid="answered-list">
            {snapshot.roster
              .filter((s) => raid.phase === 'question' && raid.answeredStudentIds.includes(s.studentId))
              .map((s) => (
                <li key={s.studentId}>{`${s.firstName} ${s.lastInitial}.`}</li>
              ))}
          </ul>
        </div>
        {q ? (
          <>
            {showPanel ? (
              <div className="reveal" aria-live="polite" data-testid="reveal">
                <div className="reveal__text">
                  {/* A poll: the class's answers, never a share of right ones nor damage. */}
                  {poll || reveal.poll ? (
                    <>
                      <h2 id="reveal-title" className="reveal__share">
                        {t('GAME.BOARD_KINDS.POLL_RESULTS')}
                      </h2>
                      <p className="reveal__damage">{t('GAME.BOARD_KINDS.POLL_NO_DAMAGE')}</p>
                    </>
                  ) : (
                    <>
                      <h2 id="reveal-title" className="reveal__share">
                        {t('GAME.RAID.SHARE', { percent: sharePercent(reveal.rightShare) })}
                      </h2>
                      <p className="reveal__damage">{t('GAME.RAID.DAMAGE', { count: reveal.damage })}</p>
                    </>
                  )}
                  {lostTurns > 0 ? (
                    <p className="reveal__turn">{t(turnLostKey(raid), { count: raid.turns.left })}</p>
                  ) : null}
                </div>
                <div className="reveal__actions">
                  <button type="button" className="proj-btn" onClick={onCloseOverlay}>
                    {t('GAME.RAID.SEE_ANSWERS')}
                  </button>
                  <button
                    type="button"
                    className="proj-btn proj-btn--primary"
                    disabled={busy}
                    onClick={() => void act('raid:next')}
                  >
                    {nextEndsRaid(raid) ? t('GAME.RAID.FINISH') : t('GAME.RAID.NEXT')}
                  </button>
                </div>
              </div>
            ) : (
              <div className={`raid__question${q.image ? ' raid__question--image' : ''}`} data-fit>
                <h2 id="raid-question" data-fit>
                  <MathText text={q.text} />
                </h2>
                {q.image ? (
                  <img className="raid__image" src={q.image} alt={t('GAME.RAID.IMAGE_ALT')} />
                ) : null}
                {q.multiple && (!q.kind || q.kind === 'choice') ? (
                  <p className="raid__multiple" data-testid="raid-pick-n">
                    {q.toPick ? t('GAME.RAID.PICK_N', { count: q.toPick }) : t('GAME.RAID.MULTIPLE')}
                  </p>
                ) : null}
                {q.kind && q.kind !== 'choice' ? (
                  <p className="raid__multiple" data-testid="raid-kind">
                    {t(kindHint(q))}
                  </p>
                ) : null}
              </div>
            )}
            {/* With the result panel, in the question's room; "see the answers" brings the question back. */}
            {showPanel ? <Explanation reveal={reveal} /> : null}
            {isTyped(q) ? (
              <TypedAnswers
                question={q}
                reveal={reveal}
                answered={answered.size + (raid.extraAnswered ?? 0)}
                roster={snapshot.roster}
                run={run}
              />
            ) : (
              <Answers question={q} reveal={reveal} />
            )}
          </>
        ) : null}
        {/* The reveal's panel holds its own buttons: no row below the answers then. */}
        {showPanel ? null : (
          <div className="raid__actions">
            {raid.phase === 'question' ? (
              <button
                type="button"
                className="proj-btn proj-btn--primary"
                disabled={busy}
                onClick={() => void act('raid:reveal')}
              >
                {t('GAME.RAID.REVEAL')}
              </button>
            ) : (
              <>
                {!overlayOpen ? (
                  <button type="button" className="proj-btn" onClick={onOpenOverlay}>
                    {t('GAME.RAID.SHOW_RESULTS')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="proj-btn proj-btn--primary"
                  disabled={busy}
                  onClick={() => void act('raid:next')}
                >
                  {nextEndsRaid(raid) ? t('GAME.RAID.FINISH') : t('GAME.RAID.NEXT')}
                </button>
              </>
            )}
          </div>
        )}
        <ConfirmDialog
          message={confirmEnd ? t('GAME.RAID.END_CONFIRM') : null}
          confirmLabel={t('GAME.RAID.END')}
          onCancel={() => setConfirmEnd(false)}
          onConfirm={() => {
            setConfirmEnd(false);
            void run('raid:end', {});
          }}
        />
      </section>
      <aside className="raid__boss" aria-label={t('GAME.RAID.BOSS')}>
        <p className="raid__boss-name">{raid.boss.name}</p>
        <p className="raid__hp" data-testid="boss-hp">
          {t('GAME.RAID.HP', { hp: raid.boss.hp, max: raid.boss.maxHp })}
        </p>
        <p className="raid__turns">
          {Array.from({ length: raid.turns.max }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: hearts have no identity
            <span key={i} className={i < raid.turns.left ? 'heart' : 'heart heart--lost'} aria-hidden="true">
              ♥
            </span>
          ))}
          <span className="raid__turns-label">
            {t('GAME.RAID.TURNS', { left: raid.turns.left, max: raid.turns.max })}
          </span>
        </p>
      </aside>
    </div>
  );
}

/** The line under a question that is not a choice: what the phones ask for. */
function kindHint(q: PublicQuestion): string {
  if (q.kind === 'poll') return `GAME.BOARD_KINDS.POLL_HINT_${(q.pollMode ?? 'choice').toUpperCase()}`;
  if (q.kind === 'number') return 'GAME.BOARD_KINDS.NUMBER_HINT';
  if (q.kind === 'text') return 'GAME.BOARD_KINDS.TEXT_HINT';
  return 'GAME.BOARD_KINDS.ORDER_HINT';
}
