// Issue 23 on the projector: each kind of question before and after the reveal. Typed answers stay
// off the board until the teacher asks, names only when asked; a poll is never right or wrong and
// never hurts the boss; an order shows its right order; the explanation shows after the reveal.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicQuestion, RaidView, RoomSnapshot } from '../../../../../shared/game/contract';
import { FeedbackProvider } from '../../../app/feedback';
import i18n from '../../../i18n';
import { ids, makeSnapshot } from '../fake-socket';
import { RaidScreen } from './RaidScreen';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);
const items = [
  'b0000000-0000-4000-8000-000000000001',
  'b0000000-0000-4000-8000-000000000002',
  'b0000000-0000-4000-8000-000000000003',
];

function raid(question: Partial<PublicQuestion>, over: Partial<RaidView> = {}): RaidView {
  return {
    kind: 'raid',
    raidId: ids.raid,
    title: 'Un peu de tout',
    boss: {
      key: 'glouglou',
      name: 'Glouglou',
      image: '/assets/bosses/nebula/glouglou.webp',
      maxHp: 300,
      hp: 300,
    },
    turns: { max: 2, left: 2 },
    index: 0,
    count: 5,
    phase: 'question',
    question: {
      id: ids.q1,
      text: 'Question ?',
      equationMode: true,
      image: null,
      answers: [],
      multiple: false,
      ...question,
    },
    deadline: Date.now() + 30_000,
    answeredStudentIds: [ids.students[0], ids.students[1]],
    reveal: null,
    result: null,
    ...over,
  };
}

type Reveal = NonNullable<RaidView['reveal']>;
const revealOf = (over: Partial<Reveal>): Partial<RaidView> => ({
  phase: 'revealed',
  deadline: null,
  reveal: { correctAnswerIds: [], counts: {}, rightShare: 0.5, damage: 40, ...over },
});

function setup(view: RaidView) {
  const run = vi.fn(async () => true);
  const props = (s: RoomSnapshot) => ({
    snapshot: s,
    run: run as never,
    toBoard: async () => {},
    raidId: ids.raid,
    overlayOpen: true,
    onCloseOverlay: () => {},
    onOpenOverlay: () => {},
  });
  const ui = (v: RaidView) => (
    <FeedbackProvider>
      <RaidScreen {...props(makeSnapshot({ activity: v }))} />
    </FeedbackProvider>
  );
  const r = render(ui(view));
  return { run, rerender: (v: RaidView) => act(() => r.rerender(ui(v))) };
}

const board = () => document.body.textContent ?? '';
/** Clicks a button and lets its command's answer arrive (the button is busy until then). */
const press = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

describe('the board for each kind of question', () => {
  afterEach(() => vi.restoreAllMocks());

  it('number: the unit and how many typed before the reveal; then the value, tolerance, unit and the values given most', () => {
    const q = { kind: 'number' as const, unit: 'km/h', text: 'Vitesse du cycliste ?' };
    const { rerender } = setup(raid(q));
    expect(screen.getByTestId('typed-unit').textContent).toBe(t('GAME.BOARD_KINDS.UNIT', { unit: 'km/h' }));
    expect(screen.getByTestId('typed-count').textContent).toBe(
      t('GAME.BOARD_KINDS.TYPED_COUNT', { count: 2 }),
    );
    expect(screen.getByTestId('raid-kind').textContent).toBe(t('GAME.BOARD_KINDS.NUMBER_HINT'));
    expect(board()).toContain(t('GAME.BOARD_KINDS.VALUES_AT_REVEAL'));
    expect(screen.queryByTestId('typed-right')).toBeNull();
    expect(screen.queryAllByTestId('answer')).toHaveLength(0);

    rerender(
      raid(
        q,
        revealOf({
          number: { value: 45, tolerance: 0.5, toleranceMode: 'absolute', unit: 'km/h' },
          values: [
            { value: '45', count: 3 },
            { value: '12.5', count: 2 },
          ],
          explanation: 'On divise $$d$$ par $$t$$.',
          explanationImage: null,
        }),
      ),
    );
    // French: decimal comma, a no-break space before the unit.
    expect(screen.getByTestId('typed-right').textContent).toContain('45\u00a0km/h ± 0,5\u00a0km/h');
    const values = within(screen.getByTestId('typed-values')).getAllByRole('listitem');
    expect(values.map((v) => v.dataset.right ?? null)).toEqual(['true', null]);
    expect(values[1].textContent).toContain('12,5\u00a0km/h');
    expect(values[1].textContent).toContain(t('GAME.BOARD_KINDS.TIMES', { count: 2 }));
    expect(screen.getByTestId('explanation').textContent).toContain(t('GAME.BOARD_KINDS.EXPLANATION'));
    expect(screen.getByTestId('explanation').textContent).toContain('On divise');
    expect(screen.getByTestId('reveal').textContent).toContain(t('GAME.RAID.DAMAGE', { count: 40 }));
  });

  it('the explanation goes with the result panel: closed, the question is back in its place', () => {
    const q = { kind: 'number' as const, unit: null, text: 'Combien ?' };
    const view = raid(q, revealOf({ explanation: 'Parce que.', explanationImage: null, values: [] }));
    const props = {
      snapshot: makeSnapshot({ activity: view }),
      run: vi.fn() as never,
      toBoard: async () => {},
      raidId: ids.raid,
      overlayOpen: false,
      onCloseOverlay: () => {},
      onOpenOverlay: () => {},
    };
    render(
      <FeedbackProvider>
        <RaidScreen {...props} />
      </FeedbackProvider>,
    );
    expect(screen.queryByTestId('explanation')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Combien ?' })).toBeTruthy();
  });

  it('number: a relative tolerance reads as a percentage', () => {
    setup(
      raid(
        { kind: 'number', unit: null },
        revealOf({
          number: { value: 300000, tolerance: 0.05, toleranceMode: 'relative', unit: null },
          values: [],
        }),
      ),
    );
    expect(screen.getByTestId('typed-right').textContent).toContain(
      t('GAME.BOARD_KINDS.VALUE_WITH_TOLERANCE', { value: '300\u202f000', tolerance: '5 %' }),
    );
    expect(board()).toContain(t('GAME.BOARD_KINDS.NO_ANSWER'));
  });

  it('text: nothing typed shows before the teacher asks; then the words without names; names only when asked', async () => {
    const q = { kind: 'text' as const, text: 'Capitale de la Corse ?' };
    const { run, rerender } = setup(raid(q));
    expect(screen.getByTestId('typed-count').textContent).toBe(
      t('GAME.BOARD_KINDS.TYPED_COUNT', { count: 2 }),
    );
    expect(board()).not.toContain('Ajaccio');
    expect(board()).toContain(t('GAME.BOARD_KINDS.TYPED_HIDDEN'));

    const revealed = revealOf({
      accepted: ['Ajaccio', 'Aiacciu'],
      typedCount: 3,
      explanation: null,
      explanationImage: null,
    });
    rerender(raid(q, revealed));
    expect(screen.getByTestId('typed-right').textContent).toContain('Ajaccio · Aiacciu');
    expect(screen.queryByTestId('typed-words')).toBeNull();
    expect(screen.queryByTestId('explanation')).toBeNull();
    expect(screen.getByTestId('typed-count').textContent).toBe(
      t('GAME.BOARD_KINDS.TYPED_COUNT', { count: 3 }),
    );
    await press(t('GAME.BOARD_KINDS.SHOW_TYPED'));
    expect(run).toHaveBeenLastCalledWith('raid:show-typed', { names: false });

    // The server sends the words, grouped, rude ones counted only.
    const reveal = revealed.reveal as Reveal;
    rerender(
      raid(q, {
        ...revealed,
        reveal: {
          ...reveal,
          typed: {
            groups: [
              { text: 'ajacio', count: 1, accepted: true },
              { text: 'Bastia', count: 1 },
            ],
            hidden: 1,
            names: false,
          },
        },
      }),
    );
    // The word the question accepts (the server's verdict) is ticked, said to screen readers too.
    expect(screen.getAllByTestId('typed-word').map((w) => w.textContent)).toEqual([
      `✔${t('GAME.BOARD_KINDS.ACCEPTED_WORD')}ajacio${t('GAME.BOARD_KINDS.TIMES', { count: 1 })}`,
      `Bastia${t('GAME.BOARD_KINDS.TIMES', { count: 1 })}`,
    ]);
    expect(screen.getAllByTestId('typed-word').map((w) => w.dataset.right ?? null)).toEqual(['true', null]);
    expect(screen.queryByTestId('typed-names')).toBeNull();
    expect(board()).not.toContain('Léa');
    expect(screen.getByTestId('typed-filtered').textContent).toBe(
      t('GAME.BOARD_KINDS.FILTERED', { count: 1 }),
    );
    await press(t('GAME.BOARD_KINDS.SHOW_TYPED_NAMES'));
    expect(run).toHaveBeenLastCalledWith('raid:show-typed', { names: true });

    rerender(
      raid(q, {
        ...revealed,
        reveal: {
          ...reveal,
          typed: {
            groups: [
              { text: 'ajacio', count: 1, studentIds: [ids.students[0]], accepted: true },
              { text: 'Bastia', count: 1, studentIds: [ids.students[1]] },
            ],
            hidden: 1,
            names: true,
          },
        },
      }),
    );
    expect(screen.getAllByTestId('typed-names').map((n) => n.textContent)).toEqual(['Léa M.', 'Hugo D.']);
    await press(t('GAME.BOARD_KINDS.HIDE_NAMES'));
    expect(run).toHaveBeenLastCalledWith('raid:show-typed', { names: false });
  });

  it('order: the items lettered with shapes before the reveal; then in the right order, ranked, never greyed', () => {
    const q = {
      kind: 'order' as const,
      text: 'Range ces dates.',
      answers: [
        { id: items[0], text: '1789' },
        { id: items[1], text: '1492' },
        { id: items[2], text: '1515' },
      ],
    };
    const { rerender } = setup(raid(q));
    let shown = screen.getAllByTestId('answer');
    expect(shown.map((a) => a.textContent?.replace(/Réponse . :/, ''))).toEqual(['A1789', 'B1492', 'C1515']);
    expect(shown.map((a) => a.querySelector('[data-shape]')?.getAttribute('data-shape'))).toEqual([
      'triangle',
      'diamond',
      'circle',
    ]);
    expect(screen.getByTestId('raid-kind').textContent).toBe(t('GAME.BOARD_KINDS.ORDER_HINT'));
    expect(screen.queryAllByTestId('answer-rank')).toHaveLength(0);

    rerender(
      raid(
        q,
        revealOf({
          correctOrder: [items[1], items[2], items[0]],
          explanation: 'Colomb, Marignan, la Révolution.',
          explanationImage: '/uploads/questions/frise.png',
        }),
      ),
    );
    shown = screen.getAllByTestId('answer');
    // Each item keeps its letter and shape from the question.
    expect(shown.map((a) => a.dataset.rank)).toEqual(['1', '2', '3']);
    expect(shown.map((a) => a.querySelector('.answer__letter')?.textContent)).toEqual(['B', 'C', 'A']);
    expect(shown.map((a) => a.querySelector('[data-shape]')?.getAttribute('data-shape'))).toEqual([
      'diamond',
      'circle',
      'triangle',
    ]);
    for (const a of shown) expect(a.dataset.correct).toBeUndefined();
    expect(screen.getByTestId('explanation').textContent).toContain('Marignan');
    expect(
      within(screen.getByTestId('explanation'))
        .getByRole('img', { name: t('GAME.BOARD_KINDS.EXPLANATION_IMAGE') })
        .getAttribute('src'),
    ).toBe('/uploads/questions/frise.png');
  });

  it('poll of choices: votes shown, never right nor wrong, no damage', () => {
    const q = {
      kind: 'poll' as const,
      pollMode: 'choice' as const,
      text: 'Quel sujet revoir ?',
      answers: [
        { id: ids.a[0], text: 'Fractions' },
        { id: ids.a[1], text: 'Équations' },
      ],
    };
    const { rerender } = setup(raid(q));
    expect(screen.getByTestId('raid-kind').textContent).toBe(t('GAME.BOARD_KINDS.POLL_HINT_CHOICE'));
    rerender(
      raid(q, revealOf({ poll: true, damage: 0, rightShare: 0, counts: { [ids.a[0]]: 3, [ids.a[1]]: 1 } })),
    );
    const shown = screen.getAllByTestId('answer');
    for (const a of shown) expect(a.dataset.correct).toBeUndefined();
    expect(shown[0].textContent).toContain(t('GAME.RAID.VOTES', { count: 3 }));
    expect(board()).not.toContain(t('GAME.RAID.CORRECT'));
    const panel = screen.getByTestId('reveal').textContent;
    expect(panel).toContain(t('GAME.BOARD_KINDS.POLL_RESULTS'));
    expect(panel).toContain(t('GAME.BOARD_KINDS.POLL_NO_DAMAGE'));
    expect(panel).not.toContain(t('GAME.RAID.SHARE', { percent: 0 }));
    expect(panel).not.toContain(t('GAME.RAID.DAMAGE', { count: 0 }));
  });

  it('poll of numbers and of words: the mode before; after, the values or the words (when asked), never ticked', () => {
    const numberPoll = {
      kind: 'poll' as const,
      pollMode: 'number' as const,
      text: 'Combien d’heures de sommeil ?',
    };
    const { rerender } = setup(raid(numberPoll));
    expect(screen.getByTestId('raid-kind').textContent).toBe(t('GAME.BOARD_KINDS.POLL_HINT_NUMBER'));
    expect(screen.getByTestId('typed-count').textContent).toBe(
      t('GAME.BOARD_KINDS.TYPED_COUNT', { count: 2 }),
    );
    rerender(
      raid(
        numberPoll,
        revealOf({
          poll: true,
          damage: 0,
          values: [
            { value: '8', count: 2 },
            { value: '7.5', count: 1 },
          ],
        }),
      ),
    );
    const values = within(screen.getByTestId('typed-values')).getAllByRole('listitem');
    expect(values.map((v) => v.dataset.right ?? null)).toEqual([null, null]);
    expect(values[1].textContent).toContain('7,5');
    expect(screen.queryByTestId('typed-right')).toBeNull();

    const wordPoll = {
      id: ids.a[1],
      kind: 'poll' as const,
      pollMode: 'text' as const,
      text: 'Un mot pour ce cours ?',
    };
    rerender(raid(wordPoll));
    expect(screen.getByTestId('raid-kind').textContent).toBe(t('GAME.BOARD_KINDS.POLL_HINT_TEXT'));
    rerender(raid(wordPoll, revealOf({ poll: true, damage: 0, typedCount: 2 })));
    expect(screen.queryByTestId('typed-words')).toBeNull();
    expect(screen.getByRole('button', { name: t('GAME.BOARD_KINDS.SHOW_TYPED') })).toBeTruthy();
    expect(screen.getByTestId('reveal').textContent).toContain(t('GAME.BOARD_KINDS.POLL_RESULTS'));
  });
});
