// A raid's lobby on the board: the raid, its boss, who is connected and how a latecomer joins (a QR
// code of the student's home and its address); the teacher starts the first question when the class
// is ready.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RaidView } from '../../../../../shared/game/contract';
import { getClass } from '../../../api/classes';
import { useQrCode } from '../../../lib/qr';
import { keys } from '../../../lib/query';
import { useReachableUrl } from '../../../lib/reachable-url';
import type { ScreenProps } from '../Projector';
import './lifecycle.css';

export function RaidLobby({ raid, snapshot, run }: ScreenProps & { raid: RaidView }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const here = snapshot.roster.filter((r) => r.connected);
  // A latecomer scans the board: the phone opens the student's home (signing in first if needed),
  // where "Rejoindre la partie" waits. The server's reachable address, not this page's (localhost).
  const base = useReachableUrl();
  const address = base ? `${base}/student` : null;
  const qr = useQrCode(address);
  const code = useClassCode(snapshot.schoolclassId);
  return (
    <section className="panel raid-lobby" aria-labelledby="raid-lobby-title" data-testid="raid-lobby">
      <h2 id="raid-lobby-title">{t('GAME.LOBBY.TITLE', { title: raid.title })}</h2>
      <p className="raid-lobby__meta">
        <span>{t('GAME.LOBBY.BOSS', { name: raid.boss.name })}</span>
        {' · '}
        <span>{t('GAME.LOBBY.QUESTIONS', { count: raid.count })}</span>
      </p>
      <h3 data-testid="lobby-connected">{t('GAME.LOBBY.CONNECTED', { count: here.length })}</h3>
      {here.length === 0 ? (
        <p className="muted">{t('GAME.LOBBY.NOBODY')}</p>
      ) : (
        <ul className="raid-lobby__students">
          {here.map((s) => (
            <li key={s.studentId}>{`${s.firstName} ${s.lastInitial}.`}</li>
          ))}
        </ul>
      )}
      <div className="raid-lobby__join">
        {qr ? (
          // data-url: the address the QR code encodes, for the browser tests.
          <img
            className="raid-lobby__qr"
            src={qr}
            alt={t('GAME.LOBBY.QR_ALT')}
            data-testid="lobby-qr"
            data-url={address ?? undefined}
          />
        ) : null}
        <div>
          <p>{t('GAME.LOBBY.HOW_TO_JOIN')}</p>
          {address ? (
            <p className="raid-lobby__address" data-testid="lobby-address">
              {t('GAME.LOBBY.ADDRESS', { address: address.replace(/^https?:\/\//, '') })}
            </p>
          ) : null}
          {code ? (
            <p className="raid-lobby__address" data-testid="lobby-class-code">
              {t('GAME.LOBBY.CLASS_CODE', { code })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="raid-lobby__actions">
        <button
          type="button"
          className="proj-btn"
          disabled={busy}
          onClick={() => void run('activity:close', {})}
        >
          {t('GAME.BACK_TO_BOARD')}
        </button>
        <button
          type="button"
          className="proj-btn proj-btn--primary"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await run('raid:begin', {});
            setBusy(false);
          }}
        >
          {t('GAME.LOBBY.BEGIN')}
        </button>
      </div>
    </section>
  );
}

/** The class's registration code while it is valid (the lobby's text sends new pupils to it). The
 * class page's query: a code the teacher renews there shows here. */
function useClassCode(schoolclassId: string): string | null {
  const { data: c } = useQuery({
    queryKey: keys.schoolclass(schoolclassId),
    queryFn: ({ signal }) => getClass(schoolclassId, signal),
  });
  const valid = c?.code && (!c.codeExpiresAt || new Date(c.codeExpiresAt).getTime() > Date.now());
  return valid ? (c.code ?? null) : null;
}
