// The game font size of SPEC point 9: 1.25 to 3.5 rem, stored locally.
import {
  GAME_FONT_SIZE_DEFAULT_REM,
  GAME_FONT_SIZE_MAX_REM,
  GAME_FONT_SIZE_MIN_REM,
} from '../../../../shared/constants';

export const FONT_SIZE_KEY = 'gameFontSize';
export const FONT_SIZE_STEP_REM = 0.25;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function clampFontSize(rem: number): number {
  if (!Number.isFinite(rem)) return GAME_FONT_SIZE_DEFAULT_REM;
  return Math.min(GAME_FONT_SIZE_MAX_REM, Math.max(GAME_FONT_SIZE_MIN_REM, Math.round(rem * 100) / 100));
}

export function readFontSize(store: Store): number {
  const raw = store.getItem(FONT_SIZE_KEY);
  return raw === null ? GAME_FONT_SIZE_DEFAULT_REM : clampFontSize(Number.parseFloat(raw));
}

/** One step up (+1) or down (-1), stored; answers the new size. */
export function stepFontSize(store: Store, current: number, direction: 1 | -1): number {
  const next = clampFontSize(current + direction * FONT_SIZE_STEP_REM);
  store.setItem(FONT_SIZE_KEY, String(next));
  return next;
}

/** The board's "fewer animations" (issue 24): the teacher's choice, stored; the system's setting until then. */
export const CALM_KEY = 'gameCalm';

export function readCalm(store: Store, systemReduced: boolean): boolean {
  const raw = store.getItem(CALM_KEY);
  return raw === null ? systemReduced : raw === '1';
}

export function writeCalm(store: Store, on: boolean) {
  store.setItem(CALM_KEY, on ? '1' : '0');
}
