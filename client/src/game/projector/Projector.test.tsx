import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Ack, applyPatch, type RaidView, type RoomSnapshot } from '../../../../shared/game/contract';
import { FeedbackProvider } from '../../app/feedback';
import { stubFetch } from '../../app/test-app';
import i18n from '../../i18n';
import { QueryScope } from '../../lib/query';
import { ids, makeSnapshot } from './fake-socket';
import { FONT_SIZE_KEY } from './font-size';
import { placeFromPath } from './navigation';
import { Projector } from './Projector';
import { SUMMON_DRAW_MS } from './scene/model';

vi.mock('./scene/SceneLayer', () => ({ SceneLayer: () => <div data-testid="scene" /> }));

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);
const key = { schoolclassId: ids.schoolclass, subjectId: ids.subject };
const base = `/prof/game/${ids.schoolclass}/${ids.subject}`;

function raid(over: Partial<RaidView> = {}): RaidView {
  return {
    kind: 'raid',
    raidId: ids.raid,
    title: 'Les fractions',
    boss: {
      key: 'glouglou',
      name: 'Glouglou le Kraken',
      image: '/assets/bosses/nebula/glouglou.webp',
      maxHp: 300,
      hp: 300,
    },
    turns: { max: 1, left: 1 },
    index: 0,
    count: 3,
    phase: 'question',
    question: {
      id: ids.q1,
      text: 'Combien font $$\\frac{1}{2} + \\frac{1}{4}$$ ?',
      equationMode: true,
      image: null,
      answers: [
        { id: ids.a[0], text: '3/4' },
        { id: ids.a[1], text: '2/6' },
      ],
      multiple: false,
    },
    deadline: Date.now() + 30_000,
    answeredStudentIds: [ids.students[0]],
    reveal: null,
    result: null,
    ...over,
  };
}

type Client = Parameters<typeof Projector>[0]['client'];

/** The room as the test changes it: the projector re-renders like with a live RoomClient. */
function roomStore(initial: RoomSnapshot) {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => snapshot,
    set(s: RoomSnapshot) {
      snapshot = s;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

function Live({ store, client }: { store: ReturnType<typeof roomStore>; client: Client }) {
  const { pathname } = useLocation();
  const snapshot = useSyncExternalStore(store.subscribe, store.get);
  return (
    <Projector
      roomKey={key}
      snapshot={snapshot}
      status="open"
      place={placeFromPath(pathname)}
      client={client}
    />
  );
}

function setup(
  path: string,
  snapshot: RoomSnapshot,
  answer: (name: string) => Ack = () => ({ ok: true }) as Ack,
) {
  const send = vi.fn(async (name: string, _payload: unknown) => answer(name));
  const client = { send } as unknown as Client;
  const store = roomStore(snapshot);
  const router = createMemoryRouter(
    [{ path: '/prof/game/:schoolclassId/:subjectId/*', element: <Live store={store} client={client} /> }],
    { initialEntries: [path] },
  );
  render(
    <FeedbackProvider>
      <RouterProvider router={router} />
    </FeedbackProvider>,
    { wrapper: QueryScope },
  );
  const rerender = (s: RoomSnapshot) => act(() => store.set(s));
  return { send, router, rerender };
}

describe('Projector', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the board: every student with level, connected or away, and the live count', () => {
    const s = makeSnapshot();
    s.roster[0].powerActive = true;
    setup(base, s);
    expect(screen.getByRole('heading', { name: '5e B' })).toBeTruthy();
    expect(screen.getByTestId('connected-count').textContent).toBe(
      t('GAME.CONNECTED', { count: 1, total: 2 }),
    );
    const items = within(screen.getByTestId('roster')).getAllByRole('listitem');
    expect(items[0].textContent).toContain('Léa M.');
    expect(items[0].textContent).toContain(t('GAME.LEVEL', { level: 3 }));
    expect(items[0].dataset.power).toBe('true');
    expect(items[1].textContent).toContain(t('GAME.AWAY'));
    expect(screen.getByRole('link', { name: new RegExp(t('GAME.MENU.RAID')) }).getAttribute('href')).toBe(
      `${base}/select-raid`,
    );
  });

  it('goes to the running raid when the board opens during one', async () => {
    const { router } = setup(base, makeSnapshot({ activity: raid() }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/${ids.raid}/raid`));
  });

  it('never marks an answer correct before the reveal, then shows correct answers, counts and share', async () => {
    const { rerender } = setup(`${base}/${ids.raid}/raid`, makeSnapshot({ activity: raid() }));
    const answers = screen.getAllByTestId('answer');
    expect(answers).toHaveLength(2);
    for (const a of answers) expect(a.dataset.correct).toBeUndefined();
    expect(screen.queryByText(t('GAME.RAID.CORRECT'))).toBeNull();
    expect(answers[0].textContent).toContain('A');
    expect(answers[1].textContent).toContain('B');
    expect(answers[0].querySelector('[data-shape]')?.getAttribute('data-shape')).toBe('triangle');
    expect(answers[1].querySelector('[data-shape]')?.getAttribute('data-shape')).toBe('diamond');
    expect(screen.getByTestId('answered-count').textContent).toBe(
      t('GAME.RAID.ANSWERED', { count: 1, total: 1 }),
    );
    // Who answered is also said in words (screen readers), never what they answered.
    const answered = screen.getByRole('list', { name: t('GAME.RAID.ANSWERED_LIST') });
    expect(
      within(answered)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Léa M.']);

    rerender(
      makeSnapshot({
        seq: 2,
        activity: raid({
          phase: 'revealed',
          deadline: null,
          boss: { ...raid().boss, hp: 150 },
          reveal: {
            correctAnswerIds: [ids.a[0]],
            counts: { [ids.a[0]]: 1, [ids.a[1]]: 0 },
            rightShare: 1,
            damage: 150,
          },
        }),
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('answer')[0].dataset.correct).toBe('true'));
    expect(screen.getAllByTestId('answer')[1].dataset.correct).toBe('false');
    expect(screen.getByTestId('reveal').textContent).toContain(t('GAME.RAID.SHARE', { percent: 100 }));
    expect(screen.getByTestId('reveal').textContent).toContain(t('GAME.RAID.DAMAGE', { count: 150 }));
    expect(screen.getByTestId('boss-hp').textContent).toBe(t('GAME.RAID.HP', { hp: 150, max: 300 }));
  });

  it('reveals with the button and with the presenter clicker, then goes to the next question', async () => {
    const { send, rerender } = setup(`${base}/${ids.raid}/raid`, makeSnapshot({ activity: raid() }));
    fireEvent.click(screen.getByRole('button', { name: t('GAME.RAID.REVEAL') }));
    expect(send).toHaveBeenCalledWith('raid:reveal', {});
    fireEvent.keyDown(window, { key: 'PageDown' });
    expect(send).toHaveBeenCalledTimes(2);
    rerender(
      makeSnapshot({
        activity: raid({
          phase: 'revealed',
          reveal: { correctAnswerIds: [ids.a[0]], counts: {}, rightShare: 0.2, damage: 10 },
        }),
      }),
    );
    await screen.findByTestId('reveal');
    // ← closes the result panel, → goes on.
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.queryByTestId('reveal')).toBeNull());
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(send).toHaveBeenLastCalledWith('raid:next', {});
  });

  it('shows a refused command in the feedback banner, translated', async () => {
    setup(`${base}/${ids.raid}/raid`, makeSnapshot({ activity: raid() }), () => ({
      ok: false,
      message: 'GAME.WRONG_PHASE',
    }));
    fireEvent.click(screen.getByRole('button', { name: t('GAME.RAID.REVEAL') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('GAME.WRONG_PHASE'));
  });

  it('offers to start a raid opened by its URL', async () => {
    stubFetch({
      [`GET /api/game/raids?subjectId=${ids.subject}`]: {
        body: [
          {
            chapterId: 'ch',
            chapterName: 'Fractions',
            level: 5,
            raids: [{ id: ids.raid, title: 'Les fractions', questionCount: 3 }],
          },
        ],
      },
    });
    const { send } = setup(`${base}/${ids.raid}/raid`, makeSnapshot());
    expect(await screen.findByRole('heading', { name: 'Les fractions' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('GAME.RAID.START') }));
    expect(send).toHaveBeenCalledWith('raid:start', { raidId: ids.raid });
  });

  it('shows VICTORY with each student gain and goes back to the board', async () => {
    const { send, router, rerender } = setup(
      `${base}/${ids.raid}/raid`,
      makeSnapshot({
        activity: raid({
          phase: 'ended',
          question: null,
          result: { outcome: 'VICTORY', gains: { [ids.students[0]]: { xp: 40, coins: 7 } } },
        }),
      }),
    );
    expect(screen.getByRole('heading', { name: t('GAME.RESULT.VICTORY') })).toBeTruthy();
    const result = screen.getByTestId('result');
    expect(result.textContent).toContain('Léa M.');
    expect(result.textContent).toContain(t('GAME.RESULT.XP', { xp: 40 }));
    expect(result.textContent).not.toContain('Hugo');
    fireEvent.click(within(result).getByRole('button', { name: t('GAME.BACK_TO_BOARD') }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('activity:close', {}), { timeout: 4000 });
    rerender(makeSnapshot({ activity: null }));
    // A loaded CI machine can take more than waitFor's default second to settle the navigation.
    await waitFor(() => expect(router.state.location.pathname).toBe(base), { timeout: 4000 });
  });

  it('offers, once the class has seen its result, the report of the raid in a new tab of the admin view', () => {
    setup(
      `${base}/${ids.raid}/raid`,
      makeSnapshot({
        activity: raid({ phase: 'ended', question: null, result: { outcome: 'DEFEAT', gains: {} } }),
      }),
    );
    const link = within(screen.getByTestId('result')).getByRole('link', {
      name: t('GAME.RESULT.OPEN_REPORT'),
    });
    expect(link.getAttribute('target')).toBe('_blank');
    const url = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(url.pathname).toBe('/prof/analytics/report/latest');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      schoolclassId: ids.schoolclass,
      subjectId: ids.subject,
      raidId: ids.raid,
      // Projected: the report numbers the students until the teacher shows their names (issue 21).
      names: 'hidden',
    });
  });

  it('asks in its own dialog, not the browser box, before stopping the raid or ending the lesson', () => {
    const confirm = vi.spyOn(window, 'confirm');
    setup(`${base}/${ids.raid}/raid`, makeSnapshot({ activity: raid() }));
    fireEvent.click(screen.getByRole('button', { name: t('GAME.RAID.END') }));
    const dialog = screen.getByRole('dialog', { name: t('GAME.RAID.END_CONFIRM') });
    fireEvent.click(within(dialog).getByRole('button', { name: t('GAME.CANCEL') }));
    expect(screen.queryByRole('dialog', { name: t('GAME.RAID.END_CONFIRM') })).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks in its own dialog before ending the lesson, and stays when the teacher cancels', () => {
    const confirm = vi.spyOn(window, 'confirm');
    setup(base, makeSnapshot());
    fireEvent.click(screen.getByRole('button', { name: t('GAME.QUIT') }));
    const dialog = screen.getByRole('dialog', { name: t('GAME.CLOSE_CONFIRM') });
    expect(within(dialog).getByRole('button', { name: t('GAME.CLOSE_CONFIRM_BUTTON') })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: t('GAME.CANCEL') }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('changes the font size with + and -, within bounds, and stores it', () => {
    setup(base, makeSnapshot());
    const projector = screen.getByTestId('projector');
    fireEvent.keyDown(window, { key: '+' });
    fireEvent.keyDown(window, { key: '+' });
    expect(projector.style.getPropertyValue('--game-font')).toBe('1.75rem');
    expect(localStorage.getItem(FONT_SIZE_KEY)).toBe('1.75');
    for (let i = 0; i < 20; i++) fireEvent.keyDown(window, { key: '-' });
    expect(projector.style.getPropertyValue('--game-font')).toBe('1.25rem');
  });

  it('blanks the screen with B and brings it back', () => {
    setup(base, makeSnapshot());
    fireEvent.keyDown(window, { key: 'b' });
    expect(screen.getByTestId('blank')).toBeTruthy();
    fireEvent.keyDown(window, { key: '.' });
    expect(screen.queryByTestId('blank')).toBeNull();
  });

  it('pauses and resumes the room', () => {
    const { send } = setup(base, makeSnapshot({ paused: true }));
    expect(screen.getByRole('dialog', { name: t('GAME.PAUSED_TITLE') })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: t('GAME.RESUME') }));
    expect(send).toHaveBeenCalledWith('room:resume', {});
  });

  it('the pause is a modal: the focus goes in, stays in, Escape resumes and the focus goes back to the Pause button', async () => {
    const { send, rerender } = setup(base, makeSnapshot());
    const user = userEvent.setup();
    const pause = within(screen.getByRole('navigation', { name: t('GAME.TOOLS') })).getByRole('button', {
      name: t('GAME.PAUSE'),
    });
    await user.click(pause);
    expect(send).toHaveBeenCalledWith('room:pause', {});
    rerender(makeSnapshot({ paused: true }));
    const dialog = screen.getByRole('dialog', { name: t('GAME.PAUSED_TITLE') });
    expect(dialog.tagName).toBe('DIALOG');
    expect(document.activeElement).toBe(dialog);
    const resume = within(dialog).getByRole('button', { name: t('GAME.RESUME') });
    await user.tab();
    expect(document.activeElement).toBe(resume);
    await user.tab();
    expect(document.activeElement).toBe(resume);
    // The board's keys still work under the pause: blanking takes the pause away until it comes back.
    await user.keyboard('b');
    expect(screen.getByTestId('blank')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('.');
    expect(screen.getByRole('dialog', { name: t('GAME.PAUSED_TITLE') })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(send).toHaveBeenLastCalledWith('room:resume', {});
    rerender(makeSnapshot({ paused: false }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(pause);
  });

  it('summons: the name shows when the animation lands, then right or wrong', async () => {
    vi.useFakeTimers();
    const { send, rerender } = setup(
      `${base}/random-summon`,
      makeSnapshot({ activity: { kind: 'summon', drawn: null, poolLeft: 2, marked: null } }),
    );
    fireEvent.click(screen.getByRole('button', { name: t('GAME.SUMMON.DRAW') }));
    expect(send).toHaveBeenCalledWith('summon:draw', {});
    rerender(
      makeSnapshot({ activity: { kind: 'summon', drawn: ids.students[0], poolLeft: 1, marked: null } }),
    );
    await act(async () => {
      vi.advanceTimersByTime(10);
    });
    expect(screen.queryByTestId('summon-drawn')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(SUMMON_DRAW_MS);
    });
    expect(screen.getByTestId('summon-drawn').textContent).toContain('Léa M.');
    expect(screen.getByTestId('pool-left').textContent).toBe(t('GAME.SUMMON.POOL_LEFT', { count: 1 }));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(t('GAME.SUMMON.RIGHT')) }));
    expect(send).toHaveBeenCalledWith('summon:mark', { studentId: ids.students[0], right: true });
  });

  it('draws teams of the chosen size and shows them with names', async () => {
    const { send, rerender } = setup(`${base}/random-pick`, makeSnapshot());
    fireEvent.click(screen.getByRole('button', { name: '4' }));
    fireEvent.click(screen.getByRole('button', { name: t('GAME.PICK.DRAW') }));
    expect(send).toHaveBeenCalledWith('pick:draw', { mode: 'team', teamSize: 4 });
    rerender(
      makeSnapshot({
        activity: { kind: 'pick', mode: 'team', groups: [[ids.students[0], ids.students[1]]] },
      }),
    );
    const groups = await screen.findByTestId('pick-groups');
    expect(groups.textContent).toContain(t('GAME.PICK.TEAM', { n: 1 }));
    expect(groups.textContent).toContain('Hugo D.');
    fireEvent.click(screen.getByLabelText(t('GAME.PICK.MODE_ORDER')));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(send).toHaveBeenLastCalledWith('pick:draw', { mode: 'order' });
  });

  it('shows codex phrases with or without the author, and says when there are no more', async () => {
    const { send, rerender } = setup(
      `${base}/codex`,
      makeSnapshot({
        activity: {
          kind: 'codex',
          phrase: { id: 'p1', text: 'Les maths, c’est magique', author: 'Léa M.' },
          left: 0,
        },
      }),
    );
    expect(screen.getByTestId('codex-card').textContent).toContain('Léa M.');
    fireEvent.click(screen.getByLabelText(t('GAME.CODEX.SHOW_AUTHOR')));
    fireEvent.click(screen.getByRole('button', { name: t('GAME.CODEX.NEXT') }));
    expect(send).toHaveBeenCalledWith('codex:next', { showAuthor: false });
    rerender(makeSnapshot({ activity: { kind: 'codex', phrase: null, left: 0 } }));
    expect((await screen.findByTestId('codex-empty')).textContent).toBe(t('GAME.CODEX.NO_MORE'));
  });

  it('brings a blanked screen back with Escape, and Escape alone does nothing else', () => {
    const { send } = setup(base, makeSnapshot());
    fireEvent.keyDown(window, { key: 'b' });
    expect(screen.getByTestId('blank')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('blank')).toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('blank')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('stops the countdown while the room is paused', async () => {
    vi.useFakeTimers();
    const deadline = Date.now() + 20_000;
    setup(`${base}/${ids.raid}/raid`, makeSnapshot({ paused: true, activity: raid({ deadline }) }));
    const shown = () => screen.getByRole('timer').textContent;
    const before = shown();
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(shown()).toBe(before);
    expect(before).toBe('20');
  });

  it('never counts fewer students than have answered: a phone that dropped after answering stays counted', () => {
    const s = makeSnapshot({ activity: raid({ answeredStudentIds: [ids.students[0]] }) });
    for (const r of s.roster) r.connected = false;
    setup(`${base}/${ids.raid}/raid`, s);
    expect(screen.getByTestId('answered-count').textContent).toBe(
      t('GAME.RAID.ANSWERED', { count: 1, total: 1 }),
    );
  });

  it('says "no HP" and "last turn" at zero, not "0 PV" nor "0 tour"', async () => {
    const { rerender } = setup(
      `${base}/${ids.raid}/raid`,
      makeSnapshot({ activity: raid({ turns: { max: 1, left: 1 } }) }),
    );
    rerender(
      makeSnapshot({
        seq: 2,
        activity: raid({
          phase: 'revealed',
          deadline: null,
          turns: { max: 1, left: 0 },
          reveal: { correctAnswerIds: [ids.a[0]], counts: {}, rightShare: 0, damage: 0 },
        }),
      }),
    );
    const panel = await screen.findByTestId('reveal');
    expect(panel.textContent).toContain('Le boss ne perd aucun PV');
    expect(panel.textContent).toContain('la classe perd son dernier tour');
    expect(panel.textContent).not.toMatch(/\b0 (PV|tour)/);
  });

  it('names the A− and A+ buttons with their visible text first (axe: label-content-name-mismatch)', () => {
    setup(base, makeSnapshot());
    const smaller = screen.getByRole('button', { name: `A− ${t('GAME.FONT_SMALLER')}` });
    const bigger = screen.getByRole('button', { name: `A+ ${t('GAME.FONT_BIGGER')}` });
    expect(smaller.getAttribute('aria-label')).toBeNull();
    expect(bigger.getAttribute('aria-label')).toBeNull();
  });

  it('hides or shows the author of the phrase on screen at once, without waiting for the next one', () => {
    const { send } = setup(
      `${base}/codex`,
      makeSnapshot({
        activity: {
          kind: 'codex',
          phrase: { id: 'p1', text: 'Les maths, c’est magique', author: 'Léa M.' },
          left: 2,
        },
      }),
    );
    const card = screen.getByTestId('codex-card');
    expect(card.textContent).toContain('Léa M.');
    fireEvent.click(screen.getByLabelText(t('GAME.CODEX.SHOW_AUTHOR')));
    expect(card.textContent).not.toContain('Léa M.');
    fireEvent.click(screen.getByLabelText(t('GAME.CODEX.SHOW_AUTHOR')));
    expect(card.textContent).toContain('Léa M.');
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the new levels on the board after a raid (the "levels" patch)', () => {
    const s = makeSnapshot();
    const next = applyPatch(s, {
      seq: s.seq + 1,
      patch: { type: 'levels', levels: { [ids.students[0]]: 4 } },
    });
    if (!next) throw new Error('patch refused');
    setup(base, next);
    const items = within(screen.getByTestId('roster')).getAllByRole('listitem');
    expect(items[0].textContent).toContain(t('GAME.LEVEL', { level: 4 }));
  });
});
