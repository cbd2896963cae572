import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../app/routes';
import { renderApp, signIn, stubFetch, studentRecord, studentUser } from '../../app/test-app';
import i18n from '../../i18n';
import { LIVE_POLL_MS } from './LiveRoomCard';

const ROUTES: AppRoute[] = [
  {
    name: 'student',
    path: '/student',
    access: 'STUDENT',
    load: () => import('../../pages/student/StudentHomePage'),
  },
];
const ROOM = {
  schoolclassId: 'c1000000-0000-4000-8000-000000000000',
  subjectId: 's1000000-0000-4000-8000-000000000000',
  className: '5e B',
  subjectCode: 'MATHEMATICS',
};

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the live room card on the student home', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('offers one big button to join the live game of the class', async () => {
    stubFetch({
      'GET /api/users/u-stu': { body: studentRecord() },
      'GET /api/changelog': { body: [] },
      'GET /api/game/rooms/live': { body: [ROOM] },
    });
    signIn(studentUser());
    renderApp('/student', ROUTES);
    const link = await screen.findByRole(
      'link',
      { name: new RegExp(i18n.t('PHONE.JOIN_LIVE', { className: '5e B' })) },
      { timeout: 4000 },
    );
    expect(link.getAttribute('href')).toBe(`/student/live/${ROOM.schoolclassId}/${ROOM.subjectId}`);
    expect(screen.getByText(i18n.t('PHONE.LIVE_SUBJECT', { subject: 'Mathématiques' }))).toBeTruthy();
  });

  it('shows a room whose board is gone as waiting for the teacher, with nothing to tap', async () => {
    stubFetch({
      'GET /api/users/u-stu': { body: studentRecord() },
      'GET /api/changelog': { body: [] },
      'GET /api/game/rooms/live': { body: [{ ...ROOM, waiting: true }] },
    });
    signIn(studentUser());
    renderApp('/student', ROUTES);
    expect(await screen.findByText(i18n.t('PHONE.WAITING_TITLE'), {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText(i18n.t('PHONE.LIVE_NOW'))).toBeNull();
    expect(
      screen.queryByRole('link', { name: new RegExp(i18n.t('PHONE.JOIN_LIVE', { className: '5e B' })) }),
    ).toBeNull();
  });

  it('shows nothing without a live room, and polls every 15 s only while the page is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let rooms: (typeof ROOM)[] = [];
    const calls = stubFetch({
      'GET /api/users/u-stu': { body: studentRecord() },
      'GET /api/changelog': { body: [] },
      'GET /api/game/rooms/live': () => ({ body: rooms }),
    });
    const polls = () => calls.filter((c) => c.url === '/api/game/rooms/live').length;
    signIn(studentUser());
    renderApp('/student', ROUTES);
    await screen.findByRole('heading', { level: 1, name: 'Léo Martin' }, { timeout: 4000 });
    expect(screen.queryByRole('link', { name: /5e B/ })).toBeNull();
    // React runs the card's effect a tick after the page shows.
    await waitFor(() => expect(polls()).toBe(1));
    const first = polls();

    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS * 3));
    expect(polls()).toBe(first);

    rooms = [ROOM];
    act(() => setVisibility('visible'));
    expect(await screen.findByRole('link', { name: /5e B/ })).toBeTruthy();
    await waitFor(() => expect(polls()).toBe(first + 1));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
    expect(polls()).toBe(first + 2);
  });
});
