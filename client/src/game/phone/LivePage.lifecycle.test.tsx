// The phone through the room's life: a raid's lobby, then the teacher's Quit.
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhoneState, RaidView, RoomSnapshot } from '../../../../shared/game/contract';
import { signIn, studentUser } from '../../app/test-app';
import i18n from '../../i18n';
import { CLOSED_HOME_AFTER_MS } from './ClosedScreen';
import { FakeSocket } from './fake-socket';
import LivePage from './LivePage';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);
const CLASS = 'c0000000-0000-4000-8000-000000000001';
const SUBJECT = 's0000000-0000-4000-8000-000000000001';

const lobby: RaidView = {
  kind: 'raid',
  raidId: 'r1',
  title: 'Les fractions',
  boss: { key: 'b', name: 'Gloutor', image: '/assets/bosses/b.webp', maxHp: 300, hp: 300 },
  turns: { max: 3, left: 3 },
  index: 0,
  count: 3,
  phase: 'lobby',
  question: null,
  deadline: null,
  answeredStudentIds: [],
  reveal: null,
  result: null,
};
const snapshot: RoomSnapshot = {
  id: `${CLASS}:${SUBJECT}`,
  seq: 1,
  schoolclassId: CLASS,
  subjectId: SUBJECT,
  className: '5e B',
  planet: 'nebula',
  paused: false,
  powerMode: false,
  roster: [],
  activity: lobby,
};
const phone: PhoneState = {
  studentId: 'st1',
  myAnswer: null,
  lastResult: null,
  xpGained: 0,
  coinsGained: 0,
  powerXp: 0,
  powerActive: false,
};

let sock: FakeSocket;

function open(join: () => unknown) {
  sock.handlers['room:join'] = join;
  sock.handlers['room:sync'] = join;
  render(
    <MemoryRouter initialEntries={[`/student/live/${CLASS}/${SUBJECT}`]}>
      <Routes>
        <Route
          path="/student/live/:schoolclassId/:subjectId"
          element={<LivePage connect={() => sock.asSocket()} />}
        />
        <Route path="/student" element={<h1>home</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  act(() => {
    sock.connect();
  });
}

describe('the phone through the room’s life', () => {
  beforeEach(() => {
    sock = new FakeSocket();
    signIn(studentUser());
  });
  afterEach(() => vi.useRealTimers());

  it('waits in the raid’s lobby with its title, without a question', async () => {
    open(() => ({ ok: true, snapshot, phone }));
    expect(await screen.findByRole('heading', { name: t('PHONE.LOBBY_TITLE') })).toBeTruthy();
    expect(screen.getByText(t('PHONE.LOBBY_TEXT', { title: 'Les fractions' }))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /A/ })).toBeNull();
  });

  it('says the lesson is over when the teacher quits, then goes home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open(() => ({ ok: true, snapshot, phone }));
    await screen.findByRole('heading', { name: t('PHONE.LOBBY_TITLE') });
    act(() => sock.fire('room:patch', { seq: 2, patch: { type: 'closed' } }));
    expect(screen.getByRole('heading', { name: t('PHONE.CLOSED_TITLE') })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CLOSED_HOME_AFTER_MS);
    });
    expect(screen.getByRole('heading', { name: 'home' })).toBeTruthy();
  });

  // Issue 21, item 7: a phone on "waiting for the teacher" (the board gone past its grace) gets in
  // by itself when the board comes back: told by the server's push, or by its own retry.
  for (const how of ['the homes’ push', 'its own retry'] as const) {
    it(`gets in by itself when the board comes back (${how})`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let boardBack = false;
      open(() =>
        boardBack ? { ok: true, snapshot, phone } : { ok: false, message: 'GAME.WAITING_FOR_PROFESSOR' },
      );
      expect(await screen.findByRole('heading', { name: t('PHONE.WAITING_TITLE') })).toBeTruthy();
      // It stays there while the board is away, retries included.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(25_000);
      });
      expect(screen.getByRole('heading', { name: t('PHONE.WAITING_TITLE') })).toBeTruthy();
      boardBack = true;
      if (how === 'the homes’ push') {
        act(() => sock.fire('rooms:live', [{ schoolclassId: CLASS, subjectId: SUBJECT, className: '5e B' }]));
      } else {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(10_000);
        });
      }
      expect(await screen.findByRole('heading', { name: t('PHONE.LOBBY_TITLE') })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: t('PHONE.WAITING_TITLE') })).toBeNull();
    });
  }

  it('says the lesson is over to a phone that joins a closed room', async () => {
    open(() => ({ ok: false, message: 'GAME.ROOM_CLOSED' }));
    expect(await screen.findByRole('heading', { name: t('PHONE.CLOSED_TITLE') })).toBeTruthy();
  });
});
