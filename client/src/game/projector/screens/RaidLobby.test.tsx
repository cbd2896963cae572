// The lobby tells a latecomer how to join: a QR code of the student's home and its address.
import { render, screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { describe, expect, it, vi } from 'vitest';
import type { RaidView } from '../../../../../shared/game/contract';
import i18n from '../../../i18n';
import { makeSnapshot } from '../fake-socket';
import { RaidLobby } from './RaidLobby';

const raid = { title: 'Les fractions', boss: { name: 'Gorgone' }, count: 5 } as unknown as RaidView;

describe('RaidLobby', () => {
  it('shows who is connected, and a QR code and the address that open the student home', async () => {
    render(
      <RaidLobby raid={raid} snapshot={makeSnapshot()} run={vi.fn() as never} toBoard={async () => {}} />,
    );
    expect(screen.getByText(i18n.t('GAME.LOBBY.CONNECTED', { count: 1 }))).toBeTruthy();
    expect(screen.getByText('Léa M.')).toBeTruthy();
    const address = `${window.location.origin}/student`;
    expect(
      screen.getByText(i18n.t('GAME.LOBBY.ADDRESS', { address: address.replace(/^https?:\/\//, '') })),
    ).toBeTruthy();
    const qr = await screen.findByRole('img', { name: i18n.t('GAME.LOBBY.QR_ALT') });
    // The very code the qrcode package draws for that address, so a phone's camera opens it.
    const expected = await QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    expect(
      decodeURIComponent((qr.getAttribute('src') ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, '')),
    ).toBe(expected);
  });
});
