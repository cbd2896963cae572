// The teacher's board once the room is open: the Pixi scene behind, the screen of the current
// activity on top, the top bar, and the keyboard / presenter-clicker control.
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ActivityView, RaidSettings, RoomKey, RoomSnapshot } from '../../../../shared/game/contract';
import { WORLDS, type WorldName } from '../../../../shared/worlds';
import { Dialog } from '../../components/ui/Dialog';
import { readActivePowers, rememberActivePowers } from './active-powers';
import { ConfirmDialog } from './ConfirmDialog';
import { type CommandSender, useRun } from './commands';
import { readCalm, readFontSize, stepFontSize, writeCalm } from './font-size';
import { keyAction } from './keys';
import { gamePath, type Place, placeToFollow, type Step, stepFor } from './navigation';
import type { RoomStatus } from './room-client';
import type { SceneModel } from './scene/model';
import { SceneLayer } from './scene/SceneLayer';
import { BoardScreen } from './screens/BoardScreen';
import { CodexScreen } from './screens/CodexScreen';
import { PickScreen, type PickSettings } from './screens/PickScreen';
import { RaidScreen } from './screens/RaidScreen';
import { SelectRaidScreen } from './screens/SelectRaidScreen';
import { SummonScreen } from './screens/SummonScreen';
import { TopBar } from './TopBar';
import { useSceneModel } from './use-scene-model';
import './projector.css';

export interface ProjectorProps {
  roomKey: RoomKey;
  snapshot: RoomSnapshot;
  status: RoomStatus;
  place: Place;
  client: CommandSender;
  /** Offered in the raid settings panel: what the teacher chose last time for this class. */
  raidSettings?: RaidSettings;
}

function useFullscreen() {
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.().catch(() => {});
  }, []);
  return { on, toggle };
}

export function Projector({ roomKey, snapshot, status, place, client, raidSettings }: ProjectorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const run = useRun(client);
  const world = WORLDS[snapshot.planet as WorldName] ?? WORLDS.nebula;
  const [fontSize, setFontSize] = useState(() => readFontSize(localStorage));
  const [calm, setCalm] = useState(() =>
    readCalm(localStorage, !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches),
  );
  const toggleCalm = useCallback(() => {
    setCalm((c) => {
      writeCalm(localStorage, !c);
      return !c;
    });
  }, []);
  const [blank, setBlank] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(true);
  const [pick, setPick] = useState<PickSettings>({ mode: 'team', teamSize: 3 });
  const [showAuthor, setShowAuthor] = useState(true);
  const [confirmQuit, setConfirmQuit] = useState(false);
  const fullscreen = useFullscreen();
  const activity = snapshot.activity;

  // The URL follows the room's activity (started elsewhere, closed, a raid already running).
  const previous = useRef<ActivityView | null>(activity);
  useEffect(() => {
    const target = placeToFollow(place, previous.current, activity);
    previous.current = activity;
    if (target) navigate(gamePath(roomKey, target), { replace: true });
  }, [activity, place, roomKey, navigate]);

  // The reveal's panel opens with each reveal.
  const phase = activity?.kind === 'raid' ? `${activity.index}:${activity.phase}` : '';
  useEffect(() => {
    if (phase.endsWith('revealed')) setOverlayOpen(true);
  }, [phase]);

  // Powers stay active for the lesson, even if the room restarts: remember them locally.
  const activeIds = snapshot.roster.filter((r) => r.powerActive).map((r) => r.studentId);
  const activeKey = activeIds.join(',');
  const [storedPowers, setStoredPowers] = useState<string[]>(() => readActivePowers(localStorage, roomKey));
  // biome-ignore lint/correctness/useExhaustiveDependencies: activeKey stands for activeIds
  useEffect(() => {
    if (!snapshot.powerMode) return;
    setStoredPowers(rememberActivePowers(localStorage, roomKey, activeIds));
  }, [activeKey, snapshot.powerMode, roomKey]);
  const powers = useMemo(
    () =>
      snapshot.powerMode
        ? new Set([...storedPowers, ...activeKey.split(',').filter(Boolean)])
        : new Set<string>(),
    [snapshot.powerMode, storedPowers, activeKey],
  );

  const toBoard = useCallback(async () => {
    // With an activity running, the room's answer (activity null) moves the URL, through the effect
    // above: navigating here as well raced with it and could bounce back to the finished raid.
    if (activity) await run('activity:close', {});
    else navigate(gamePath(roomKey, { screen: 'board', raidId: null }));
  }, [activity, run, navigate, roomKey]);

  const doStep = useCallback(
    (step: Step) => {
      switch (step.kind) {
        case 'begin':
          return void run('raid:begin', {});
        case 'reveal':
          return void run('raid:reveal', {});
        case 'next-question':
          return void run('raid:next', {});
        case 'draw-summon':
          return void run('summon:draw', {});
        case 'draw-pick':
          return void run('pick:draw', pick.mode === 'team' ? pick : { mode: 'order' });
        case 'next-phrase':
          return void run('codex:next', { showAuthor });
        case 'close-overlay':
          return setOverlayOpen(false);
        case 'board':
          return void toBoard();
      }
    },
    [run, pick, showAuthor, toBoard],
  );

  const changeFont = useCallback((dir: 1 | -1) => setFontSize((f) => stepFontSize(localStorage, f, dir)), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = keyAction(e);
      if (!action) return;
      e.preventDefault();
      if (action === 'blank') return setBlank((b) => !b);
      if (blank || action === 'unblank') return setBlank(false);
      if (action === 'fullscreen') return fullscreen.toggle();
      if (action === 'font-up') return changeFont(1);
      if (action === 'font-down') return changeFont(-1);
      const step = stepFor(action, { screen: place.screen, activity, paused: snapshot.paused, overlayOpen });
      if (step) doStep(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [blank, fullscreen, changeFont, place.screen, activity, snapshot.paused, overlayOpen, doStep]);

  const scene: SceneModel = useSceneModel(snapshot, place, powers, blank || snapshot.paused, calm);

  const style = {
    '--world-color': world.color,
    '--game-font': `${fontSize}rem`,
  } as CSSProperties;

  const sync = useCallback(() => void client.sync?.(), [client]);
  const common = { snapshot, run, toBoard, sync };
  return (
    <div
      className="projector"
      style={style}
      data-testid="projector"
      data-screen={place.screen}
      data-calm={calm || undefined}
    >
      <SceneLayer model={scene} />
      <TopBar
        snapshot={snapshot}
        world={world}
        place={place}
        status={status}
        fontSize={fontSize}
        onFont={changeFont}
        calm={calm}
        onCalm={toggleCalm}
        fullscreen={fullscreen.on}
        onFullscreen={fullscreen.toggle}
        onBlank={() => setBlank(true)}
        onPause={() => void run(snapshot.paused ? 'room:resume' : 'room:pause', {})}
        onBoard={place.screen === 'board' ? null : () => void toBoard()}
        onQuit={() => setConfirmQuit(true)}
      />
      <ConfirmDialog
        message={confirmQuit ? t('GAME.CLOSE_CONFIRM') : null}
        confirmLabel={t('GAME.CLOSE_CONFIRM_BUTTON')}
        onCancel={() => setConfirmQuit(false)}
        onConfirm={async () => {
          setConfirmQuit(false);
          if (await run('room:close', {})) navigate('/prof/select');
        }}
      />
      <div className="projector__screen">
        {place.screen === 'board' ? (
          <BoardScreen {...common} powers={powers} roomKey={roomKey} />
        ) : place.screen === 'select-raid' ? (
          <SelectRaidScreen {...common} roomKey={roomKey} settings={raidSettings} />
        ) : place.screen === 'raid' ? (
          <RaidScreen
            {...common}
            raidId={place.raidId ?? ''}
            overlayOpen={overlayOpen}
            onCloseOverlay={() => setOverlayOpen(false)}
            onOpenOverlay={() => setOverlayOpen(true)}
            fontSize={fontSize}
          />
        ) : place.screen === 'summon' ? (
          <SummonScreen {...common} />
        ) : place.screen === 'pick' ? (
          <PickScreen {...common} settings={pick} onSettings={setPick} />
        ) : (
          <CodexScreen {...common} showAuthor={showAuthor} onShowAuthor={setShowAuthor} />
        )}
      </div>
      {snapshot.paused && !blank ? (
        // A modal: the room waits, and the only way on is to resume it (Escape too, as a game's pause
        // menu). The board's own keys still work inside it (blank, fullscreen, text size); blanking
        // takes it away until the screen comes back, since it would show over the black.
        <Dialog
          labelledBy="proj-paused"
          onClose={() => void run('room:resume', {})}
          className="projector__paused"
          initialFocus="dialog"
          data-board-keys=""
        >
          <h2 id="proj-paused">{t('GAME.PAUSED_TITLE')}</h2>
          <p>{t('GAME.PAUSED_TEXT')}</p>
          <button
            type="button"
            className="proj-btn proj-btn--primary"
            onClick={() => void run('room:resume', {})}
          >
            {t('GAME.RESUME')}
          </button>
        </Dialog>
      ) : null}
      {blank ? (
        <button
          type="button"
          className="projector__blank"
          aria-label={t('GAME.UNBLANK')}
          onClick={() => setBlank(false)}
          data-testid="blank"
        />
      ) : null}
    </div>
  );
}

export type ScreenProps = {
  snapshot: RoomSnapshot;
  run: ReturnType<typeof useRun>;
  toBoard: () => Promise<void>;
  /** Asks the server for the whole room again (issue 24: the extra time's count after the deadline). */
  sync?: () => void;
};
