// The lobby tells a latecomer how to join: a QR code of the student's home at the server's reachable
// address (not the board's localhost), that address, and the class code for a new pupil.
import { render, screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RaidView } from '../../../../../shared/game/contract';
import { stubFetch } from '../../../app/test-app';
import i18n from '../../../i18n';
import { QueryScope } from '../../../lib/query';
import { resetReachableUrl } from '../../../lib/reachable-url';
import { ids, makeSnapshot } from '../fake-socket';
import { RaidLobby } from './RaidLobby';

const raid = { title: 'Les fractions', boss: { name: 'Gorgone' }, count: 5 } as unknown as RaidView;
const classOf = (code: string | null, codeExpiresAt: string | null) => ({
  body: { id: ids.schoolclass, name: '5e B', code, codeExpiresAt },
});

describe('RaidLobby', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetReachableUrl();
  });

  it('shows who is connected, a QR code and the address phones reach, and the class code', async () => {
    stubFetch({
      'GET /api/game/address': { body: { url: 'http://192.168.1.20:3000' } },
      [`GET /api/schoolclasses/${ids.schoolclass}`]: classOf('482913', '2999-01-01T00:00:00.000Z'),
    });
    render(
      <RaidLobby raid={raid} snapshot={makeSnapshot()} run={vi.fn() as never} toBoard={async () => {}} />,
      { wrapper: QueryScope },
    );
    expect(screen.getByText(i18n.t('GAME.LOBBY.CONNECTED', { count: 1 }))).toBeTruthy();
    expect(screen.getByText('Léa M.')).toBeTruthy();
    const address = 'http://192.168.1.20:3000/student';
    expect(
      await screen.findByText(i18n.t('GAME.LOBBY.ADDRESS', { address: '192.168.1.20:3000/student' })),
    ).toBeTruthy();
    expect(await screen.findByText(i18n.t('GAME.LOBBY.CLASS_CODE', { code: '482913' }))).toBeTruthy();
    const qr = await screen.findByRole('img', { name: i18n.t('GAME.LOBBY.QR_ALT') });
    // The very code the qrcode package draws for that address, so a phone's camera opens it.
    const expected = await QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    expect(
      decodeURIComponent((qr.getAttribute('src') ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, '')),
    ).toBe(expected);
  });

  it('shows no class code when the class has none valid', async () => {
    stubFetch({
      'GET /api/game/address': { body: { url: 'http://192.168.1.20:3000' } },
      [`GET /api/schoolclasses/${ids.schoolclass}`]: classOf('482913', '2020-01-01T00:00:00.000Z'),
    });
    render(
      <RaidLobby raid={raid} snapshot={makeSnapshot()} run={vi.fn() as never} toBoard={async () => {}} />,
      { wrapper: QueryScope },
    );
    await screen.findByTestId('lobby-address');
    await screen.findByRole('img', { name: i18n.t('GAME.LOBBY.QR_ALT') });
    expect(screen.queryByTestId('lobby-class-code')).toBeNull();
  });
});
