import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhoneState, RaidView, RoomPatch, RoomSnapshot } from '../../../../shared/game/contract';
import { signIn, studentUser } from '../../app/test-app';
import i18n from '../../i18n';
import { FakeSocket } from './fake-socket';
import LivePage from './LivePage';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);
const CLASS = 'c0000000-0000-4000-8000-000000000001';
const SUBJECT = 's0000000-0000-4000-8000-000000000001';
const ME = 'st1';
const Q1 = '10000000-0000-4000-8000-000000000001';
const Q2 = '10000000-0000-4000-8000-000000000002';
const [A, B, C, D] = ['a1', 'a2', 'a3', 'a4'].map((x) => `${x}000000-0000-4000-8000-000000000000`) as [
  string,
  string,
  string,
  string,
];

function snapshot(over: Partial<RoomSnapshot> = {}): RoomSnapshot {
  return {
    id: `${CLASS}:${SUBJECT}`,
    seq: 1,
    schoolclassId: CLASS,
    subjectId: SUBJECT,
    className: '5e B',
    planet: 'nebula',
    paused: false,
    powerMode: false,
    roster: [
      {
        studentId: ME,
        firstName: 'Léo',
        lastInitial: 'M',
        avatarImage: '/assets/avatars/student/body/leo.webp',
        level: 4,
        powerXp: 1,
        connected: true,
        powerActive: false,
      },
    ],
    activity: null,
    ...over,
  };
}
const phoneState = (over: Partial<PhoneState> = {}): PhoneState => ({
  studentId: ME,
  myAnswer: null,
  lastResult: null,
  xpGained: 0,
  coinsGained: 0,
  powerXp: 1,
  powerActive: false,
  ...over,
});
function raid(over: Partial<RaidView> = {}): RaidView {
  return {
    kind: 'raid',
    raidId: 'r1',
    title: 'Les fractions',
    boss: { key: 'b', name: 'Gloutor', image: '/assets/bosses/b.webp', maxHp: 300, hp: 300 },
    turns: { max: 3, left: 3 },
    index: 0,
    count: 3,
    phase: 'question',
    question: {
      id: Q1,
      text: 'Combien font 2 + 2 ?',
      equationMode: false,
      image: null,
      multiple: false,
      answers: [
        { id: A, text: '4' },
        { id: B, text: '5' },
        { id: C, text: '22' },
        { id: D, text: '3' },
      ],
    },
    deadline: Date.now() + 30_000,
    answeredStudentIds: [],
    reveal: null,
    result: null,
    ...over,
  };
}

let sock: FakeSocket;
let seq: number;
let counted: Map<string, unknown>;

/** The fake server: join answers the snapshot; answers count once per client id. */
function serve(initial: RoomSnapshot, phone = phoneState()) {
  seq = initial.seq;
  let current = initial;
  let phoneNow = phone;
  sock.handlers['room:join'] = () => ({ ok: true, snapshot: current, phone: phoneNow });
  sock.handlers['room:sync'] = () => ({ ok: true, snapshot: current, phone: phoneNow });
  sock.handlers['answer:submit'] = (p) => {
    const { clientId, questionId, answerIds } = p as {
      clientId: string;
      questionId: string;
      answerIds: string[];
    };
    const a = current.activity;
    if (a?.kind !== 'raid' || a.phase !== 'question' || a.question?.id !== questionId)
      return { ok: false, message: 'GAME.QUESTION_CLOSED' };
    if (counted.has(clientId)) return { ok: true, status: 'duplicate' };
    counted.set(clientId, p);
    phoneNow = { ...phoneNow, myAnswer: { questionId, answerIds } };
    return { ok: true, status: 'counted' };
  };
  return {
    /** Broadcast a change as the next numbered patch. */
    patch(patch: RoomPatch, skip = 0) {
      seq += 1 + skip;
      if (patch.type === 'activity') current = { ...current, activity: patch.activity, seq };
      else current = { ...current, seq };
      act(() => sock.fire('room:patch', { seq, patch }));
    },
    setPhone(p: PhoneState) {
      phoneNow = p;
      act(() => sock.fire('phone:state', p));
    },
    set(s: RoomSnapshot) {
      current = s;
      seq = s.seq;
    },
  };
}

function open() {
  const view = render(
    <MemoryRouter initialEntries={[`/student/live/${CLASS}/${SUBJECT}`]}>
      <Routes>
        <Route
          path="/student/live/:schoolclassId/:subjectId"
          element={<LivePage connect={() => sock.asSocket()} />}
        />
        <Route path="/student" element={<h1>student home</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  act(() => {
    sock.connect();
  });
  return view;
}

describe('LivePage (phone)', () => {
  beforeEach(() => {
    sock = new FakeSocket();
    counted = new Map();
    sessionStorage.clear();
    signIn(studentUser());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200, headers: new Headers(), json: async () => [] })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('joins its room and shows the waiting screen with the class and the avatar', async () => {
    serve(snapshot());
    open();
    expect(await screen.findByRole('heading', { name: t('PHONE.HELLO', { name: 'Léo' }) })).toBeTruthy();
    expect(sock.sentNamed('room:join')[0]?.payload).toEqual({ schoolclassId: CLASS, subjectId: SUBJECT });
    expect(screen.getByText(t('PHONE.WAIT_TEXT', { className: '5e B' }))).toBeTruthy();
    expect(screen.getByAltText(t('PHONE.MY_AVATAR')).getAttribute('src')).toBe(
      '/assets/avatars/student/body/leo.webp',
    );
  });

  it('says when the room is not open yet, with a way home', async () => {
    sock.handlers['room:join'] = () => ({ ok: false, message: 'GAME.NO_ROOM' });
    open();
    expect(await screen.findByText(t('PHONE.NO_ROOM_TITLE'))).toBeTruthy();
    expect(screen.getByRole('link', { name: t('PHONE.BACK_HOME') }).getAttribute('href')).toBe('/student');
  });

  it('has a way home on the waiting screen, which leaves at once', async () => {
    serve(snapshot());
    open();
    await screen.findByText(t('PHONE.HELLO', { name: 'Léo' }));
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByRole('link', { name: t('PHONE.BACK_HOME') }));
    expect(await screen.findByRole('heading', { name: 'student home' })).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before going home during a question, and stays when the student says no', async () => {
    const server = serve(snapshot());
    open();
    await screen.findByText(t('PHONE.HELLO', { name: 'Léo' }));
    server.patch({ type: 'activity', activity: raid() });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByRole('link', { name: t('PHONE.BACK_HOME') }));
    expect(confirm).toHaveBeenCalledWith(t('PHONE.LEAVE_CONFIRM'));
    expect(screen.getByText('Combien font 2 + 2 ?')).toBeTruthy();
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('link', { name: t('PHONE.BACK_HOME') }));
    expect(await screen.findByRole('heading', { name: 'student home' })).toBeTruthy();
  });

  it('answers: sending, then received, then right after the reveal, with the XP gained', async () => {
    const server = serve(snapshot());
    open();
    await screen.findByText(t('PHONE.HELLO', { name: 'Léo' }));
    server.patch({ type: 'activity', activity: raid() });
    expect(screen.getByText('Combien font 2 + 2 ?')).toBeTruthy();
    expect(screen.getByText(t('PHONE.PICK_ONE'))).toBeTruthy();

    // Hold the ack to see the "sending" state.
    let release: () => void = () => undefined;
    const submit = sock.handlers['answer:submit'] as (p: unknown) => unknown;
    sock.handlers['answer:submit'] = (p) => new Promise((r) => (release = () => r(submit(p))));
    fireEvent.click(screen.getByRole('button', { name: /Réponse A/ }));
    expect(await screen.findByText(t('PHONE.SENDING'))).toBeTruthy();
    const sent = sock.sentNamed('answer:submit')[0]?.payload as { clientId: string; answerIds: string[] };
    expect(sent.answerIds).toEqual([A]);
    expect(sent.clientId.length).toBeGreaterThanOrEqual(8);
    await act(async () => release());
    expect(await screen.findByText(t('PHONE.RECEIVED'))).toBeTruthy();
    // Locked: another tap sends nothing.
    expect((screen.getByRole('button', { name: /Réponse B/ }) as HTMLButtonElement).disabled).toBe(true);

    server.patch({
      type: 'activity',
      activity: raid({
        phase: 'revealed',
        deadline: null,
        reveal: { correctAnswerIds: [A], counts: { [A]: 20, [B]: 3 }, rightShare: 0.8, damage: 100 },
      }),
    });
    server.setPhone(
      phoneState({
        myAnswer: { questionId: Q1, answerIds: [A] },
        lastResult: { questionId: Q1, correct: true },
        xpGained: 10,
      }),
    );
    expect(await screen.findByText(t('PHONE.RIGHT'))).toBeTruthy();
    expect(screen.getByText('+10')).toBeTruthy();
    expect(screen.getByText(t('PHONE.CLASS_SHARE', { pct: 80 }))).toBeTruthy();
  });

  it('shows "wrong" and the correct answer after the reveal, never before', async () => {
    const server = serve(snapshot());
    open();
    await screen.findByText(t('PHONE.HELLO', { name: 'Léo' }));
    server.patch({ type: 'activity', activity: raid() });
    fireEvent.click(screen.getByRole('button', { name: /Réponse B/ }));
    await screen.findByText(t('PHONE.RECEIVED'));
    // Before the reveal nothing on the page tells which answer is right.
    expect(document.querySelector('.answer--right')).toBeNull();
    expect(screen.queryByText(new RegExp(t('PHONE.MARK_RIGHT')))).toBeNull();

    server.patch({
      type: 'activity',
      activity: raid({
        phase: 'revealed',
        reveal: { correctAnswerIds: [A], counts: {}, rightShare: 0.5, damage: 0 },
      }),
    });
    server.setPhone(phoneState({ lastResult: { questionId: Q1, correct: false } }));
    expect(await screen.findByText(t('PHONE.WRONG'))).toBeTruthy();
    const right = screen.getByRole('button', { name: new RegExp(`Réponse A, ${t('PHONE.MARK_RIGHT')}`) });
    expect(right.className).toContain('answer--right');
    expect(screen.getByRole('button', { name: /Réponse B/ }).className).toContain('answer--wrong-chosen');
  });

  it('asks for room:sync when a patch number is missing', async () => {
    const server = serve(snapshot());
    open();
    await screen.findByText(t('PHONE.HELLO', { name: 'Léo' }));
    expect(sock.sentNamed('room:sync')).toHaveLength(0);
    server.patch({ type: 'activity', activity: raid() }, 1);
    await waitFor(() => expect(sock.sentNamed('room:sync')).toHaveLength(1));
    // The snapshot from the sync brings the question the lost patch carried.
    expect(await screen.findByText('Combien font 2 + 2 ?')).toBeTruthy();
  });

  it('queues an answer made offline and sends it once back online, counted once', async () => {
    const server = serve(snapshot());
    open();
    await screen.findByText(t('PHONE.HELLO', { name: 'Léo' }));
    server.patch({ type: 'activity', activity: raid() });
    act(() => sock.drop());
    fireEvent.click(screen.getByRole('button', { name: /Réponse C/ }));
    expect(await screen.findByText(t('PHONE.QUEUED'))).toBeTruthy();
    expect(sock.sentNamed('answer:submit')).toHaveLength(0);
    expect(sessionStorage.length).toBe(1);

    act(() => {
      sock.connect();
    });
    expect(await screen.findByText(t('PHONE.RECEIVED'))).toBeTruthy();
    expect(sock.sentNamed('room:join')).toHaveLength(2);
    expect(counted.size).toBe(1);
    expect(sessionStorage.length).toBe(0);

    // Coming back to the tab re-syncs; nothing is sent again.
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(sock.sentNamed('room:sync').length).toBeGreaterThan(0));
    expect(sock.sentNamed('answer:submit')).toHaveLength(1);
  });

  it('re-sends after a lost ack: the server says duplicate and it still counts once', async () => {
    const server = serve(snapshot());
    open();
    await screen.findByText(t('PHONE.HELLO', { name: 'Léo' }));
    server.patch({ type: 'activity', activity: raid() });
    // The server counts the answer but the connection dies before the ack comes back.
    const submit = sock.handlers['answer:submit'] as (p: unknown) => unknown;
    const acks: unknown[] = [];
    sock.handlers['answer:submit'] = (p) => {
      acks.push(submit(p));
      sock.drop();
      return new Promise(() => undefined);
    };
    fireEvent.click(screen.getByRole('button', { name: /Réponse A/ }));
    expect(await screen.findByText(t('PHONE.QUEUED'))).toBeTruthy();
    expect(counted.size).toBe(1);

    sock.handlers['answer:submit'] = (p) => {
      const ack = submit(p);
      acks.push(ack);
      return ack;
    };
    // Rejoined before the server's phone state mentions the answer: the phone sends it again.
    const join = sock.handlers['room:join'] as (p: unknown) => unknown;
    sock.handlers['room:join'] = (p) => ({ ...(join(p) as object), phone: phoneState() });
    act(() => {
      sock.connect();
    });
    expect(await screen.findByText(t('PHONE.RECEIVED'))).toBeTruthy();
    const sends = sock.sentNamed('answer:submit').map((s) => (s.payload as { clientId: string }).clientId);
    expect(sends).toHaveLength(2);
    expect(new Set(sends).size).toBe(1);
    expect(acks).toEqual([
      { ok: true, status: 'counted' },
      { ok: true, status: 'duplicate' },
    ]);
    expect(counted.size).toBe(1);
  });

  it('drops a queued answer when the question changed while offline', async () => {
    const server = serve(snapshot());
    open();
    await screen.findByText(t('PHONE.HELLO', { name: 'Léo' }));
    server.patch({ type: 'activity', activity: raid() });
    act(() => sock.drop());
    fireEvent.click(screen.getByRole('button', { name: /Réponse A/ }));
    await screen.findByText(t('PHONE.QUEUED'));
    const q2 = raid({
      index: 1,
      question: { ...(raid().question as NonNullable<RaidView['question']>), id: Q2, text: 'Et 3 + 3 ?' },
    });
    server.set(snapshot({ seq: 5, activity: q2 }));
    act(() => {
      sock.connect();
    });
    expect(await screen.findByText('Et 3 + 3 ?')).toBeTruthy();
    expect(sock.sentNamed('answer:submit')).toHaveLength(0);
    expect(sessionStorage.length).toBe(0);
    expect(screen.getByText(t('PHONE.PICK_ONE'))).toBeTruthy();
  });

  it('comes back after a reload with the already-sent answer shown as received', async () => {
    serve(snapshot({ activity: raid() }), phoneState({ myAnswer: { questionId: Q1, answerIds: [B] } }));
    open();
    expect(await screen.findByText(t('PHONE.RECEIVED'))).toBeTruthy();
    expect(screen.getByRole('button', { name: /Réponse B/ }).getAttribute('aria-pressed')).toBe('true');
    expect(sock.sentNamed('answer:submit')).toHaveLength(0);
  });

  it('lets several answers be picked and sent with Validate when the question allows it', async () => {
    const base = raid();
    serve(
      snapshot({
        activity: {
          ...base,
          question: { ...(base.question as NonNullable<RaidView['question']>), multiple: true },
        },
      }),
    );
    open();
    await screen.findByText(t('PHONE.MULTIPLE_HINT'));
    fireEvent.click(screen.getByRole('button', { name: /Réponse A/ }));
    fireEvent.click(screen.getByRole('button', { name: /Réponse C/ }));
    expect(sock.sentNamed('answer:submit')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: t('PHONE.VALIDATE', { count: 2 }) }));
    await screen.findByText(t('PHONE.RECEIVED'));
    expect(
      (sock.sentNamed('answer:submit')[0]?.payload as { answerIds: string[] } | undefined)?.answerIds,
    ).toEqual([A, C]);
  });

  describe('power button', () => {
    const power = () =>
      screen.queryByRole('button', { name: new RegExp(t('PHONE.POWER_BUTTON', { cost: 3 }).slice(0, 10)) });

    it('is hidden when the power mode is off, even with enough power XP', async () => {
      serve(snapshot({ powerMode: false }), phoneState({ powerXp: 5 }));
      open();
      await screen.findByText(t('PHONE.HELLO', { name: 'Léo' }));
      expect(power()).toBeNull();
    });

    it('is hidden below 3 power XP and when the power is already active', async () => {
      serve(snapshot({ powerMode: true }), phoneState({ powerXp: 2 }));
      const v = open();
      await screen.findByText(t('PHONE.HELLO', { name: 'Léo' }));
      expect(power()).toBeNull();
      v.unmount();
      sock = new FakeSocket();
      serve(snapshot({ powerMode: true }), phoneState({ powerXp: 6, powerActive: true }));
      open();
      expect(await screen.findByText(t('PHONE.POWER_ACTIVE'))).toBeTruthy();
      expect(power()).toBeNull();
    });

    it('activates the power with 3 power XP in power mode, and shows a refusal', async () => {
      serve(snapshot({ powerMode: true }), phoneState({ powerXp: 3 }));
      sock.handlers['power:activate'] = () => ({ ok: false, message: 'GAME.NOT_ENOUGH_POWER_XP' });
      open();
      const button = await screen.findByRole('button', { name: t('PHONE.POWER_BUTTON', { cost: 3 }) });
      // The button says what the power does (issue 21).
      expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        t('PHONE.POWER_HINT'),
      );
      fireEvent.click(button);
      expect(await screen.findByRole('alert')).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(t('PHONE.ERRORS.GAME_NOT_ENOUGH_POWER_XP'));
      expect(sock.sentNamed('power:activate')).toHaveLength(1);
    });

    it('joins again when the server says a new lesson started, and says so', async () => {
      serve(snapshot({ powerMode: true }), phoneState({ powerXp: 3 }));
      sock.handlers['power:activate'] = () => ({ ok: false, message: 'GAME.REJOIN' });
      open();
      const button = await screen.findByRole('button', { name: t('PHONE.POWER_BUTTON', { cost: 3 }) });
      expect(sock.sentNamed('room:join')).toHaveLength(1);
      fireEvent.click(button);
      expect((await screen.findByRole('alert')).textContent).toBe(t('PHONE.ERRORS.GAME_REJOIN'));
      await waitFor(() => expect(sock.sentNamed('room:join')).toHaveLength(2));
    });
  });

  it('shows VICTORY with the student own XP and coins', async () => {
    serve(
      snapshot({
        activity: raid({
          phase: 'ended',
          question: null,
          deadline: null,
          result: { outcome: 'VICTORY', gains: { [ME]: { xp: 40, coins: 7 }, other: { xp: 5, coins: 0 } } },
        }),
      }),
    );
    open();
    expect(await screen.findByText(t('PHONE.VICTORY'))).toBeTruthy();
    expect(screen.getByText(t('PHONE.GAIN_XP', { xp: 40 }))).toBeTruthy();
    expect(screen.getByText(t('PHONE.GAIN_COINS', { count: 7 }))).toBeTruthy();
  });

  it('says "what comes next" between two raids, not that the lesson starts', async () => {
    const server = serve(
      snapshot({
        activity: raid({
          phase: 'ended',
          question: null,
          deadline: null,
          result: { outcome: 'DEFEAT', gains: {} },
        }),
      }),
    );
    open();
    await screen.findByText(t('PHONE.DEFEAT'));
    server.patch({ type: 'activity', activity: null });
    expect(screen.getByText(t('PHONE.WAIT_NEXT'))).toBeTruthy();
    expect(screen.queryByText(t('PHONE.WAIT_TEXT', { className: '5e B' }))).toBeNull();
  });

  it('shows the student own XP and coins at the end from the phone state when the room hides everybody gains', async () => {
    serve(
      snapshot({
        activity: raid({
          phase: 'ended',
          question: null,
          deadline: null,
          result: { outcome: 'DEFEAT', gains: {} },
        }),
      }),
      phoneState({ xpGained: 25, coinsGained: 3 }),
    );
    open();
    expect(await screen.findByText(t('PHONE.DEFEAT'))).toBeTruthy();
    expect(screen.getByText(t('PHONE.GAIN_XP', { xp: 25 }))).toBeTruthy();
    expect(screen.getByText(t('PHONE.GAIN_COINS', { count: 3 }))).toBeTruthy();
    expect(screen.queryByText(t('PHONE.NO_GAIN'))).toBeNull();
    expect(screen.queryByTestId('level-up')).toBeNull();
  });

  it('celebrates a level gained in the raid on the end screen', async () => {
    serve(
      snapshot({
        activity: raid({
          phase: 'ended',
          question: null,
          deadline: null,
          result: { outcome: 'VICTORY', gains: {}, levelUps: {} },
        }),
      }),
      phoneState({ xpGained: 40, coinsGained: 3, levelUp: 5 }),
    );
    open();
    expect(await screen.findByText(t('PHONE.LEVEL_UP', { level: 5 }))).toBeTruthy();
  });

  it('says "look at the board" during a summon, and "it\'s you!" to the drawn student', async () => {
    const server = serve(snapshot({ activity: { kind: 'summon', drawn: null, poolLeft: 20, marked: null } }));
    open();
    expect(await screen.findByText(t('PHONE.LOOK_AT_BOARD'))).toBeTruthy();
    server.patch({ type: 'activity', activity: { kind: 'summon', drawn: ME, poolLeft: 19, marked: null } });
    expect(screen.getByText(t('PHONE.ITS_YOU'))).toBeTruthy();
  });

  it('renders $$ formulas with KaTeX, and shows one it cannot render as plain text', async () => {
    const base = raid();
    serve(
      snapshot({
        activity: {
          ...base,
          question: {
            ...(base.question as NonNullable<RaidView['question']>),
            text: 'Combien vaut $$\\frac{1}{2} + \\frac{1}{4}$$ ?',
            answers: [
              { id: A, text: '$$\\frac{3}{4}$$' },
              { id: B, text: '$$\\frac{2}{6' },
              { id: C, text: '$$\\badcommand{x}$$' },
            ],
          },
        },
      }),
    );
    open();
    await waitFor(() => expect(document.querySelector('.question__text .katex')).not.toBeNull(), {
      timeout: 4000,
    });
    expect(screen.getByText('\\badcommand{x}')).toBeTruthy();
    expect(screen.getByText('$$\\frac{2}{6')).toBeTruthy();
  });

  it('names the classmate called and the teammates as the server sends them, never "?"', async () => {
    const server = serve(snapshot({ activity: { kind: 'summon', drawn: null, poolLeft: 20, marked: null } }));
    open();
    await screen.findByText(t('PHONE.LOOK_AT_BOARD'));
    server.patch({
      type: 'activity',
      activity: { kind: 'summon', drawn: 'st2', names: { st2: 'Inès B.' }, poolLeft: 19, marked: null },
    });
    expect(screen.getByText("C'est au tour d'Inès B.")).toBeTruthy();
    server.patch({
      type: 'activity',
      activity: {
        kind: 'pick',
        mode: 'team',
        groups: [[ME, 'st2', 'st3']],
        names: { [ME]: 'Léo M.', st2: 'Inès B.', st3: 'Zoé K.' },
      },
    });
    const team = screen.getByRole('list', { name: t('PHONE.MY_TEAM') });
    expect(team.textContent).toBe('Inès B.Zoé K.');
    expect(document.body.textContent).not.toContain('?');
  });

  it('shows the XP of the whole lesson in the bar, not only the last raid', async () => {
    serve(snapshot(), phoneState({ xpGained: 10, lessonXp: 35 }));
    open();
    const stat = await screen.findByTitle(t('PHONE.XP_GAINED_TITLE'));
    expect(stat.textContent).toContain('+35');
  });

  it('says the right answers are ticked, in the plural, when two answers were right', async () => {
    const server = serve(snapshot());
    open();
    await screen.findByText(t('PHONE.HELLO', { name: 'Léo' }));
    server.patch({ type: 'activity', activity: raid() });
    server.patch({
      type: 'activity',
      activity: raid({
        phase: 'revealed',
        deadline: null,
        reveal: { correctAnswerIds: [A, C], counts: {}, rightShare: 0, damage: 0 },
      }),
    });
    expect(await screen.findByText('Les bonnes réponses sont cochées ✓ ci-dessous.')).toBeTruthy();
  });
});
