// What the Pixi scene draws, as plain data: the DOM screens build it, the scene animates it.
// Nothing here imports Pixi, so tests and the DOM side stay light.
import type { Screen } from '../navigation';

export interface SceneAvatar {
  id: string;
  label: string;
  level: number;
  image: string | null;
  connected: boolean;
  powerActive: boolean;
  /** Raised and bright: answered the question, drawn by the summon. */
  highlighted: boolean;
}

export interface SceneModel {
  screen: Screen;
  background: string;
  color: string;
  avatars: SceneAvatar[];
  boss: { image: string; hp: number; maxHp: number } | null;
  /** Changes each time the boss is hit (the reveal), with the damage shown. */
  hit: { id: string; damage: number } | null;
  /** The summon's draw: the animation ends on this student. */
  summon: { drawId: string; studentId: string } | null;
  outcome: 'VICTORY' | 'DEFEAT' | null;
  /** Paused or blanked: the scene stops animating. */
  still: boolean;
  /** Fewer animations (issue 24): the teacher's switch, or the system's reduced motion. */
  calm?: boolean;
}

/** How long the summon's drawing animation lasts before the name shows (DOM and scene agree). */
export const SUMMON_DRAW_MS = 2200;
