// Which screen the URL shows, which the room's activity needs, and what "next" and "back" do on
// each: pure functions, so the rules are tested without a browser.
import type { ActivityView, RoomKey } from '../../../../shared/game/contract';

export type Screen = 'board' | 'select-raid' | 'raid' | 'summon' | 'pick' | 'codex';

export interface Place {
  screen: Screen;
  raidId: string | null;
}

const SUFFIX: Record<Exclude<Screen, 'board' | 'raid'>, string> = {
  'select-raid': 'select-raid',
  summon: 'random-summon',
  pick: 'random-pick',
  codex: 'codex',
};

export function gamePath(key: RoomKey, place: Place): string {
  const base = `/prof/game/${key.schoolclassId}/${key.subjectId}`;
  if (place.screen === 'board') return base;
  if (place.screen === 'raid') return `${base}/${place.raidId}/raid`;
  return `${base}/${SUFFIX[place.screen]}`;
}

/** Reads the screen from a pathname under /prof/game/:schoolclassId/:subjectId. */
export function placeFromPath(pathname: string): Place {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(5);
  if (parts.length === 2 && parts[1] === 'raid') return { screen: 'raid', raidId: parts[0] };
  const found = (Object.entries(SUFFIX) as [Screen, string][]).find(([, s]) => s === parts[0]);
  return { screen: found ? found[0] : 'board', raidId: null };
}

export function placeOfActivity(a: ActivityView): Place {
  if (a.kind === 'raid') return { screen: 'raid', raidId: a.raidId };
  return { screen: a.kind, raidId: null };
}

/**
 * Where the URL should go so that it shows the room's activity: the running activity's screen, or
 * the board when the activity just closed. Null: stay.
 */
export function placeToFollow(
  here: Place,
  previous: ActivityView | null,
  activity: ActivityView | null,
): Place | null {
  if (activity) {
    const want = placeOfActivity(activity);
    if (want.screen !== here.screen || (want.screen === 'raid' && want.raidId !== here.raidId)) return want;
    return null;
  }
  if (previous && here.screen !== 'board' && here.screen !== 'select-raid') {
    return { screen: 'board', raidId: null };
  }
  return null;
}

export type Step =
  | { kind: 'begin' }
  | { kind: 'reveal' }
  | { kind: 'next-question' }
  | { kind: 'draw-summon' }
  | { kind: 'draw-pick' }
  | { kind: 'next-phrase' }
  | { kind: 'close-overlay' }
  | { kind: 'board' };

export interface StepContext {
  screen: Screen;
  activity: ActivityView | null;
  paused: boolean;
  /** The reveal's result panel covers the question. */
  overlayOpen: boolean;
}

/** What the presenter's "next" (→, PageDown) and "back" (←, PageUp) do here. */
export function stepFor(direction: 'next' | 'back', c: StepContext): Step | null {
  if (c.paused) return null;
  const a = c.activity;
  if (direction === 'next') {
    if (c.screen === 'raid' && a?.kind === 'raid') {
      if (a.phase === 'lobby') return { kind: 'begin' };
      if (a.phase === 'question') return { kind: 'reveal' };
      if (a.phase === 'revealed') return { kind: 'next-question' };
      return { kind: 'board' };
    }
    if (c.screen === 'summon') return { kind: 'draw-summon' };
    if (c.screen === 'pick') return { kind: 'draw-pick' };
    if (c.screen === 'codex') {
      if (a?.kind === 'codex' && !a.phrase && a.left === 0) return null;
      return { kind: 'next-phrase' };
    }
    return null;
  }
  if (c.screen === 'board') return null;
  if (c.screen === 'raid' && a?.kind === 'raid') {
    if (a.phase === 'revealed' && c.overlayOpen) return { kind: 'close-overlay' };
    // Leaving a running question by a slip of the clicker would lose the class's answers.
    return a.phase === 'ended' || a.phase === 'lobby' ? { kind: 'board' } : null;
  }
  return { kind: 'board' };
}
