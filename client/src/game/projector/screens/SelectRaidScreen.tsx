// select-raid: the teacher's chapters of this subject with their raids; a click offers the raid's
// settings (RaidSettingsPanel), then opens its lobby.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_RAID_SETTINGS, type RaidSettings, type RoomKey } from '../../../../../shared/game/contract';
import { getGameRaids } from '../../../api/game';
import { keys } from '../../../lib/query';
import { gamePath } from '../navigation';
import type { ScreenProps } from '../Projector';
import { RaidSettingsPanel } from './RaidSettingsPanel';

export function SelectRaidScreen({
  run,
  roomKey,
  settings,
}: ScreenProps & { roomKey: RoomKey; settings?: RaidSettings }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useGameRaids(roomKey.subjectId);
  const chapters = query.data ?? null;
  const failed = query.isError && !chapters;
  const [starting, setStarting] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ id: string; title: string } | null>(null);

  const start = async (raidId: string, raidSettings: RaidSettings) => {
    setStarting(raidId);
    const ok = await run('raid:start', { raidId, settings: raidSettings });
    setStarting(null);
    if (ok) navigate(gamePath(roomKey, { screen: 'raid', raidId }), { replace: true });
  };

  const withRaids = chapters?.filter((c) => c.raids.length > 0) ?? [];
  if (chosen) {
    return (
      <RaidSettingsPanel
        title={chosen.title}
        initial={settings ?? DEFAULT_RAID_SETTINGS}
        busy={starting !== null}
        onStart={(s) => void start(chosen.id, s)}
        onBack={() => setChosen(null)}
      />
    );
  }
  return (
    <section className="panel select-raid" aria-labelledby="select-raid-title">
      <h2 id="select-raid-title">{t('GAME.SELECT_RAID.TITLE')}</h2>
      {failed ? (
        <p role="alert">{t('ERRORS.GENERIC')}</p>
      ) : chapters === null ? (
        <p className="muted">{t('GAME.LOADING')}</p>
      ) : withRaids.length === 0 ? (
        <p data-testid="no-raids">{t('GAME.SELECT_RAID.EMPTY')}</p>
      ) : (
        <div className="select-raid__chapters">
          {withRaids.map((c) => (
            <section key={c.chapterId} className="select-raid__chapter">
              <h3>{c.chapterName}</h3>
              <ul>
                {c.raids.map((r) => (
                  <li key={r.id}>
                    <button
                      type="button"
                      className="select-raid__raid"
                      onClick={() => setChosen({ id: r.id, title: r.title })}
                      disabled={starting !== null}
                      aria-busy={starting === r.id || undefined}
                    >
                      <span className="select-raid__name">{r.title}</span>
                      <span className="select-raid__count">
                        {t('GAME.SELECT_RAID.QUESTIONS', { count: r.questionCount })}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

/** The teacher's chapters of a subject with their raids (the list above, StartRaid's title). */
export function useGameRaids(subjectId: string) {
  return useQuery({
    queryKey: keys.gameRaids(subjectId),
    queryFn: ({ signal }) => getGameRaids(subjectId, signal),
  });
}
