// Where the scene puts things for each screen, in pixels of the stage. The DOM panels use the same
// proportions in projector.css (--top-bar, raid columns), so avatars never sit under text.
import type { Screen } from '../navigation';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const topBarHeight = (h: number) => Math.round(Math.min(96, Math.max(64, h * 0.08)));
/** Raid: the boss column on the right and the strip of avatars at the bottom. */
export const RAID_BOSS_COLUMN = 0.28;
export const RAID_STRIP = 0.16;
/** Board: the menu column on the left. */
export const BOARD_MENU_COLUMN = 0.24;
/** Summon: the spotlight on the right. */
export const SUMMON_SPOTLIGHT = 0.42;

export interface SceneLayout {
  /** Where the avatars stand; null: hidden (codex, pick). */
  avatars: Rect | null;
  /** Tight row of small avatars (raid strip) rather than a grid with names. */
  compact: boolean;
  boss: Rect | null;
  spotlight: Rect | null;
}

export function sceneLayout(screen: Screen, w: number, h: number, ended = false): SceneLayout {
  const top = topBarHeight(h);
  const pad = Math.round(Math.min(w, h) * 0.02);
  const none = { avatars: null, compact: false, boss: null, spotlight: null };
  switch (screen) {
    case 'board': {
      const left = Math.round(w * BOARD_MENU_COLUMN);
      return {
        ...none,
        avatars: { x: left + pad, y: top + pad, w: w - left - 2 * pad, h: h - top - 2 * pad },
      };
    }
    case 'raid': {
      // The result: the boss stands beside the VICTORY / DEFEAT title, the gains below.
      if (ended) return { ...none, boss: { x: w * 0.01, y: top, w: w * 0.2, h: h * 0.26 } };
      const col = Math.round(w * RAID_BOSS_COLUMN);
      const strip = Math.round(h * RAID_STRIP);
      return {
        avatars: { x: pad, y: h - strip, w: w - 2 * pad, h: strip - pad },
        compact: true,
        boss: { x: w - col, y: top, w: col, h: h - top - strip },
        spotlight: null,
      };
    }
    case 'summon': {
      const spot = Math.round(w * SUMMON_SPOTLIGHT);
      return {
        ...none,
        avatars: { x: pad, y: top + pad, w: w - spot - 2 * pad, h: h - top - 2 * pad },
        spotlight: { x: w - spot, y: top, w: spot, h: (h - top) * 0.52 },
      };
    }
    default:
      return none;
  }
}

export interface GridCell {
  x: number;
  y: number;
  /** Size of the avatar image (square). */
  size: number;
  /** Width of the cell: the name under the avatar must fit in it. */
  width: number;
}

/**
 * Places n avatars in a rectangle: the column count that gives the biggest avatars. A cell is
 * taller than wide when names show under the avatars (labelRatio).
 */
export function gridCells(n: number, r: Rect, labelRatio = 0.45, maxSize = 220): GridCell[] {
  if (n === 0) return [];
  let best = { cols: 1, size: 0 };
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols);
    const size = Math.min(r.w / cols, r.h / rows / (1 + labelRatio));
    if (size > best.size) best = { cols, size };
  }
  const size = Math.min(maxSize, best.size);
  const rows = Math.ceil(n / best.cols);
  const cellW = r.w / best.cols;
  const cellH = size * (1 + labelRatio);
  const offsetY = r.y + (r.h - rows * cellH) / 2;
  return Array.from({ length: n }, (_, i) => {
    const row = Math.floor(i / best.cols);
    const inRow = row === rows - 1 ? n - row * best.cols : best.cols;
    const rowOffset = r.x + (r.w - inRow * cellW) / 2;
    return {
      x: rowOffset + (i % best.cols) * cellW + cellW / 2,
      y: offsetY + row * cellH + size / 2,
      size: size * 0.9,
      width: cellW,
    };
  });
}
