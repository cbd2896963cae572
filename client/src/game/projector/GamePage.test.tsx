// The page behind the six routes, with the real router and guards: the room opens once and stays
// open while the URL moves between screens; patches update the board.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../app/routes';
import { record, renderApp, signIn, storedUser, stubFetch } from '../../app/test-app';
import i18n from '../../i18n';
import { type FakeSocket, fakeSocket, ids, makeSnapshot } from './fake-socket';

vi.mock('./scene/SceneLayer', () => ({ SceneLayer: () => <div data-testid="scene" /> }));
const sockets: FakeSocket[] = [];
vi.mock('../socket', async (orig) => ({
  ...(await orig<typeof import('../socket')>()),
  connectGame: () => {
    const f = fakeSocket((name) =>
      name === 'room:open' ? { ok: true, snapshot: makeSnapshot() } : { ok: true },
    );
    sockets.push(f);
    return f.socket;
  },
}));

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);
const base = `/prof/game/${ids.schoolclass}/${ids.subject}`;

describe('GamePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the room once, follows patches, and keeps the connection across screens', async () => {
    stubFetch({
      'GET /api/users/u-prof': { body: record() },
      'GET /api/changelog': { body: [] },
      [`GET /api/game/raids?subjectId=${ids.subject}`]: { body: [] },
    });
    signIn(storedUser());
    const { router } = renderApp(
      base,
      ROUTES.filter((r) => r.path.startsWith('/prof/game')),
    );
    expect(await screen.findByRole('heading', { name: '5e B' })).toBeTruthy();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].sent[0]).toEqual({
      name: 'room:open',
      payload: { schoolclassId: ids.schoolclass, subjectId: ids.subject },
    });
    act(() =>
      sockets[0].serverEmit('room:patch', {
        seq: 2,
        patch: { type: 'presence', studentId: ids.students[1], connected: true },
      }),
    );
    // The patch may arrive while the board is still applying the room it opened: it shows once applied.
    await waitFor(() =>
      expect(screen.getByTestId('connected-count').textContent).toBe(
        t('GAME.CONNECTED', { count: 2, total: 2 }),
      ),
    );

    fireEvent.click(screen.getByRole('link', { name: new RegExp(t('GAME.MENU.RAID')) }));
    expect(await screen.findByRole('heading', { name: t('GAME.SELECT_RAID.TITLE') })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`${base}/select-raid`);
    // Same socket, same room: the count patched on the board is still there.
    expect(sockets).toHaveLength(1);
    expect(screen.getByTestId('connected-count').textContent).toBe(
      t('GAME.CONNECTED', { count: 2, total: 2 }),
    );

    // A raid started from another window: the projector follows it.
    act(() =>
      sockets[0].serverEmit('room:patch', {
        seq: 3,
        patch: {
          type: 'activity',
          activity: {
            kind: 'summon',
            drawn: null,
            poolLeft: 2,
            marked: null,
          },
        },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/random-summon`));
    expect(sockets).toHaveLength(1);
  });
});
