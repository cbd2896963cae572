// The phone for every kind of question (issue 23): what it sends for each kind, what it shows
// after the reveal (the right answer of the kind, the explanation), and a poll that never says
// right or wrong. The test plays the server through the fake socket.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  PhoneState,
  PublicQuestion,
  RaidView,
  RoomPatch,
  RoomSnapshot,
} from '../../../../shared/game/contract';
import { signIn, studentUser } from '../../app/test-app';
import i18n from '../../i18n';
import { FakeSocket } from './fake-socket';
import LivePage from './LivePage';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);
const CLASS = 'c0000000-0000-4000-8000-000000000001';
const SUBJECT = 's0000000-0000-4000-8000-000000000001';
const ME = 'st1';
const Q1 = '10000000-0000-4000-8000-000000000001';
const [A, B, C] = ['a1', 'a2', 'a3'].map((x) => `${x}000000-0000-4000-8000-000000000000`) as [
  string,
  string,
  string,
];

const snapshot = (activity: RaidView): RoomSnapshot => ({
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
      avatarImage: null,
      level: 4,
      powerXp: 0,
      connected: true,
      powerActive: false,
    },
  ],
  activity,
});
const phoneState = (over: Partial<PhoneState> = {}): PhoneState => ({
  studentId: ME,
  myAnswer: null,
  lastResult: null,
  xpGained: 0,
  coinsGained: 0,
  powerXp: 0,
  powerActive: false,
  ...over,
});
const raid = (question: Partial<PublicQuestion>, over: Partial<RaidView> = {}): RaidView => ({
  kind: 'raid',
  raidId: 'r1',
  title: 'Tout type',
  boss: { key: 'b', name: 'Gloutor', image: '/assets/bosses/b.webp', maxHp: 300, hp: 300 },
  turns: { max: 3, left: 3 },
  index: 0,
  count: 5,
  phase: 'question',
  question: {
    id: Q1,
    text: 'La question',
    equationMode: false,
    image: null,
    multiple: false,
    answers: [],
    ...question,
  },
  deadline: Date.now() + 30_000,
  answeredStudentIds: [],
  reveal: null,
  result: null,
  ...over,
});
type Reveal = NonNullable<RaidView['reveal']>;
const reveal = (over: Partial<Reveal> = {}): Reveal => ({
  correctAnswerIds: [],
  counts: {},
  rightShare: 0.5,
  damage: 0,
  explanation: null,
  explanationImage: null,
  ...over,
});

let sock: FakeSocket;

/** The fake server: join answers the snapshot; an answer of any kind is counted once. */
function serve(activity: RaidView) {
  let seq = 1;
  let current = snapshot(activity);
  let phoneNow = phoneState();
  sock.handlers['room:join'] = () => ({ ok: true, snapshot: current, phone: phoneNow });
  sock.handlers['room:sync'] = () => ({ ok: true, snapshot: current, phone: phoneNow });
  sock.handlers['answer:submit'] = (p) => {
    const a = p as { questionId: string; answerIds?: string[]; order?: string[]; value?: string };
    phoneNow = {
      ...phoneNow,
      myAnswer: { questionId: a.questionId, answerIds: a.order ?? a.answerIds ?? [], value: a.value ?? null },
    };
    return { ok: true, status: 'counted' };
  };
  return {
    patch(patch: RoomPatch) {
      seq += 1;
      if (patch.type === 'activity' && patch.activity)
        current = { ...current, activity: patch.activity, seq };
      act(() => sock.fire('room:patch', { seq, patch }));
    },
    /** Reveals the question with `r`, and the phone's own result. */
    reveal(r: Reveal, result: PhoneState['lastResult']) {
      this.patch({
        type: 'activity',
        activity: { ...(current.activity as RaidView), phase: 'revealed', deadline: null, reveal: r },
      });
      phoneNow = { ...phoneNow, lastResult: result };
      act(() => sock.fire('phone:state', phoneNow));
    },
  };
}

function open() {
  render(
    <MemoryRouter initialEntries={[`/student/live/${CLASS}/${SUBJECT}`]}>
      <Routes>
        <Route
          path="/student/live/:schoolclassId/:subjectId"
          element={<LivePage connect={() => sock.asSocket()} />}
        />
      </Routes>
    </MemoryRouter>,
  );
  act(() => {
    sock.connect();
  });
}

const submitted = () => sock.sentNamed('answer:submit').map((s) => s.payload as Record<string, unknown>);
const field = () => screen.getByRole('textbox') as HTMLInputElement;
const validate = () => screen.getByRole('button', { name: t('PHONE.VALIDATE', { count: 1 }) });

describe('LivePage: every kind of question', () => {
  beforeEach(() => {
    sock = new FakeSocket();
    sessionStorage.clear();
    signIn(studentUser());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200, headers: new Headers(), json: async () => [] })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('number: a numeric keypad with the unit, the typed value sent as is, then the value and the explanation', async () => {
    const server = serve(raid({ kind: 'number', unit: 'km/h', text: 'La vitesse du vélo ?' }));
    open();
    expect(await screen.findByLabelText(t('PHONE.TYPE_NUMBER'))).toBeTruthy();
    expect(field().getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByTestId('typed-unit').textContent).toBe('km/h');
    expect(screen.getByText(t('PHONE.TYPE_IDLE'))).toBeTruthy();
    // Not a number: said at once, nothing sent.
    fireEvent.change(field(), { target: { value: 'vite' } });
    fireEvent.click(validate());
    expect(screen.getByRole('alert').textContent).toBe(t('PHONE.ERRORS.GAME_ERRORS_ANSWER_NOT_A_NUMBER'));
    expect(submitted()).toHaveLength(0);
    // The French comma: the server reads it.
    fireEvent.change(field(), { target: { value: ' 12,5 ' } });
    fireEvent.click(validate());
    expect(await screen.findByText(t('PHONE.RECEIVED'))).toBeTruthy();
    expect(submitted()).toHaveLength(1);
    expect(submitted()[0]).toEqual({ questionId: Q1, clientId: expect.any(String), value: '12,5' });
    expect(field().readOnly).toBe(true);
    expect(screen.queryByTestId('explanation')).toBeNull();

    server.reveal(
      reveal({
        number: { value: 12.5, tolerance: 0.5, toleranceMode: 'absolute', unit: 'km/h' },
        explanation: 'On divise la distance par le temps.',
      }),
      { questionId: Q1, correct: true, verdict: 'right' },
    );
    expect(await screen.findByText(t('PHONE.RIGHT'))).toBeTruthy();
    const details = screen.getByTestId('reveal-number');
    expect(details.textContent).toContain('12,5\u00a0km/h');
    expect(details.textContent).toContain('0,5\u00a0km/h');
    expect(
      within(screen.getByTestId('explanation')).getByText('On divise la distance par le temps.'),
    ).toBeTruthy();
  });

  it('text: the answer trimmed, then "wrong" with the accepted answers and what was typed', async () => {
    const server = serve(raid({ kind: 'text', text: 'Capitale de la Corse ?' }));
    open();
    expect(await screen.findByLabelText(t('PHONE.TYPE_TEXT'))).toBeTruthy();
    expect(field().maxLength).toBe(80);
    expect(field().getAttribute('inputmode')).toBe('text');
    expect(screen.queryByTestId('typed-unit')).toBeNull();
    fireEvent.change(field(), { target: { value: '   Bastia  ' } });
    fireEvent.submit(field().closest('form') as HTMLFormElement);
    await screen.findByText(t('PHONE.RECEIVED'));
    expect(submitted()[0]).toMatchObject({ value: 'Bastia' });
    expect(submitted()[0]).not.toHaveProperty('answerIds');

    server.reveal(reveal({ accepted: ['Ajaccio', 'Aiacciu'], explanation: 'Ajaccio est la préfecture.' }), {
      questionId: Q1,
      correct: false,
      verdict: 'wrong',
    });
    expect(await screen.findByText(t('PHONE.WRONG'))).toBeTruthy();
    expect(screen.getByText(t('PHONE.CORRECT_BELOW'))).toBeTruthy();
    const text = (screen.getByTestId('reveal-text').textContent ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('« Ajaccio », « Aiacciu »');
    expect(text).toContain(t('PHONE.ACCEPTED_other', { answers: '' }).replace(/\s+/g, ' ').trim());
    expect(text).toContain('« Bastia »');
    expect(screen.getByText('Ajaccio est la préfecture.')).toBeTruthy();
  });

  it('order: items tapped in order with undo, the order sent, then the right order beside the pupil’s', async () => {
    const server = serve(
      raid({
        kind: 'order',
        text: 'Du plus ancien au plus récent',
        answers: [
          { id: B, text: 'Napoléon' },
          { id: C, text: 'De Gaulle' },
          { id: A, text: 'Charlemagne' },
        ],
      }),
    );
    open();
    expect(await screen.findByText(t('PHONE.ORDER_HINT_FIRST'))).toBeTruthy();
    // Each item keeps its letter and shape (issue 24).
    const pick = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));
    expect(screen.getByRole('button', { name: /Charlemagne/ }).textContent).toContain('C');
    expect(screen.getByRole('button', { name: /Charlemagne/ }).querySelector('svg')).toBeTruthy();
    pick(/Napoléon/);
    pick(/Charlemagne/);
    expect(screen.getByText(t('PHONE.ORDER_HINT_NEXT', { rank: 3 }))).toBeTruthy();
    // Undo takes back the last one; a placed item tapped goes back too.
    fireEvent.click(screen.getByRole('button', { name: t('PHONE.ORDER_UNDO') }));
    pick(/Charlemagne/);
    fireEvent.click(
      screen.getByRole('button', {
        name: t('PHONE.ORDER_REMOVE', { rank: 1, letter: 'A', text: 'Napoléon' }),
      }),
    );
    expect(screen.queryByRole('button', { name: t('PHONE.ORDER_VALIDATE') })).toBeNull();
    pick(/Napoléon/);
    pick(/De Gaulle/);
    expect(submitted()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: t('PHONE.ORDER_VALIDATE') }));
    await screen.findByText(t('PHONE.RECEIVED'));
    expect(submitted()[0]).toEqual({ questionId: Q1, clientId: expect.any(String), order: [A, B, C] });

    server.reveal(reveal({ correctOrder: [A, B, C], explanation: 'Charlemagne : 800.' }), {
      questionId: Q1,
      correct: true,
      verdict: 'right',
    });
    expect(await screen.findByText(t('PHONE.RIGHT'))).toBeTruthy();
    const order = within(screen.getByTestId('reveal-order'));
    expect(order.getAllByRole('listitem').map((li) => li.textContent?.replace(/[✓✗]/g, ''))).toEqual([
      expect.stringContaining('Charlemagne'),
      expect.stringContaining('Napoléon'),
      expect.stringContaining('De Gaulle'),
    ]);
    expect(order.getAllByText(t('PHONE.ORDER_PLACE_RIGHT'))).toHaveLength(3);
    expect(screen.getByText('Charlemagne : 800.')).toBeTruthy();
  });

  it('order: a wrong order is told wrong, place by place, even before the server’s verdict arrives', async () => {
    const items = [
      { id: A, text: 'un' },
      { id: B, text: 'deux' },
      { id: C, text: 'trois' },
    ];
    const server = serve(raid({ kind: 'order', answers: items }));
    open();
    await screen.findByText(t('PHONE.ORDER_HINT_FIRST'));
    for (const name of [/deux/, /un/, /trois/]) fireEvent.click(screen.getByRole('button', { name }));
    fireEvent.click(screen.getByRole('button', { name: t('PHONE.ORDER_VALIDATE') }));
    await screen.findByText(t('PHONE.RECEIVED'));
    server.reveal(reveal({ correctOrder: [A, B, C] }), null);
    expect(await screen.findByText(t('PHONE.WRONG'))).toBeTruthy();
    const order = within(screen.getByTestId('reveal-order'));
    expect(order.getAllByText(t('PHONE.ORDER_PLACE_WRONG'))).toHaveLength(2);
    expect(order.getAllByText(t('PHONE.ORDER_PLACE_RIGHT'))).toHaveLength(1);
  });

  it('true/false: two answers with a letter and a shape, one tap sends it', async () => {
    serve(
      raid({
        answers: [
          { id: A, text: 'Vrai' },
          { id: B, text: 'Faux' },
        ],
      }),
    );
    open();
    const yes = await screen.findByRole('button', { name: /Réponse A.*Vrai/ });
    expect(screen.getByRole('button', { name: /Réponse B.*Faux/ }).querySelector('svg')).toBeTruthy();
    fireEvent.click(yes);
    await screen.findByText(t('PHONE.RECEIVED'));
    expect(submitted()[0]).toMatchObject({ answerIds: [A] });
  });

  it('poll with choices: the class’s counts, thanks, never right or wrong nor a class share', async () => {
    const server = serve(
      raid({
        kind: 'poll',
        pollMode: 'choice',
        text: 'Tu es sûr de toi ?',
        answers: [
          { id: A, text: 'Oui' },
          { id: B, text: 'Bof' },
        ],
      }),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Bof/ }));
    await screen.findByText(t('PHONE.RECEIVED'));
    expect(submitted()[0]).toMatchObject({ answerIds: [B] });
    server.reveal(reveal({ poll: true, counts: { [A]: 12, [B]: 8 } }), {
      questionId: Q1,
      correct: false,
      verdict: 'none',
    });
    expect(await screen.findByText(t('PHONE.POLL_THANKS'))).toBeTruthy();
    expect(screen.getByText(t('PHONE.POLL_TEXT'))).toBeTruthy();
    expect(screen.getByText(t('PHONE.ANSWER_COUNT', { count: 8 }))).toBeTruthy();
    for (const k of ['PHONE.RIGHT', 'PHONE.WRONG', 'PHONE.NO_ANSWER'])
      expect(screen.queryByText(t(k))).toBeNull();
    expect(screen.queryByText(new RegExp(t('PHONE.CLASS_SHARE', { pct: 50 })))).toBeNull();
    expect(document.querySelector('.answer--right, .answer--wrong-chosen')).toBeNull();
  });

  it('poll with a number or a word: typed, no unit, and no verdict after the reveal', async () => {
    const server = serve(raid({ kind: 'poll', pollMode: 'number', text: 'Combien d’heures de sommeil ?' }));
    open();
    expect(await screen.findByLabelText(t('PHONE.TYPE_NUMBER'))).toBeTruthy();
    expect(field().getAttribute('inputmode')).toBe('decimal');
    fireEvent.change(field(), { target: { value: '9' } });
    fireEvent.click(validate());
    await screen.findByText(t('PHONE.RECEIVED'));
    expect(submitted()[0]).toMatchObject({ value: '9' });
    server.reveal(reveal({ poll: true, values: [{ value: '9', count: 4 }] }), {
      questionId: Q1,
      correct: false,
      verdict: 'none',
    });
    expect(await screen.findByText(t('PHONE.POLL_THANKS'))).toBeTruthy();
    expect(screen.queryByText(t('PHONE.WRONG'))).toBeNull();
    expect(screen.queryByText(t('PHONE.CORRECTION'))).toBeNull();
  });

  it('comes back after a reload with the typed answer shown and the field locked', async () => {
    const activity = raid({ kind: 'text' });
    serve(activity);
    sock.handlers['room:join'] = () => ({
      ok: true,
      snapshot: snapshot(activity),
      phone: phoneState({ myAnswer: { questionId: Q1, answerIds: [], value: 'Ajaccio' } }),
    });
    open();
    expect(await screen.findByText(t('PHONE.RECEIVED'))).toBeTruthy();
    await waitFor(() => expect(field().value).toBe('Ajaccio'));
    expect(field().readOnly).toBe(true);
    expect(submitted()).toHaveLength(0);
  });

  it('says a number the server could not read, and lets the pupil type it again', async () => {
    serve(raid({ kind: 'number' }));
    sock.handlers['answer:submit'] = () => ({ ok: false, message: 'GAME.ERRORS.ANSWER_NOT_A_NUMBER' });
    open();
    await screen.findByLabelText(t('PHONE.TYPE_NUMBER'));
    fireEvent.change(field(), { target: { value: '3' } });
    fireEvent.click(validate());
    expect(await screen.findByText(t('PHONE.ERRORS.GAME_ERRORS_ANSWER_NOT_A_NUMBER'))).toBeTruthy();
    expect(field().readOnly).toBe(false);
    expect(validate()).toBeTruthy();
  });
});
