// World images: icon (a little planet), header (wide banner) and background (1920x1080).
import type { BossBiome } from '../../shared/catalogue/bosses.js';
import { WORLDS, type WorldName } from '../../shared/worlds.js';
import { emblem } from './emblems.js';
import { landscapeBody } from './landscape.js';
import { INK, TYPE_COLOR } from './palette.js';
import { blob, darken, lighten, radial, starPoints, svgDoc } from './svg.js';

/** The landscape biome that best shows each world at home. */
const HOME_BIOME: Record<WorldName, BossBiome> = {
  nebula: 'plant',
  xaih: 'electric',
  preia: 'ground',
  nefer: 'fire',
};

export function worldIconSvg(p: WorldName): string {
  const w = WORLDS[p];
  const c = w.color;
  const a = TYPE_COLOR[w.primaryType];
  const b = TYPE_COLOR[w.secondaryType];
  const defs =
    radial(
      'pl',
      [
        [0, lighten(c, 0.45)],
        [0.6, c],
        [1, darken(c, 0.4)],
      ],
      0.35,
      0.3,
      0.8,
    ) +
    radial('halo', [
      [0.6, c, 0.5],
      [1, c, 0],
    ]) +
    `<clipPath id="clip"><circle cx="128" cy="132" r="84"/></clipPath>`;
  const ring = (front: boolean) =>
    `<path d="${front ? 'M30,150 A104,26 0 0 0 226,150' : 'M30,150 A104,26 0 0 1 226,150'}" fill="none" stroke="${INK}" stroke-width="16"/><path d="${front ? 'M30,150 A104,26 0 0 0 226,150' : 'M30,150 A104,26 0 0 1 226,150'}" fill="none" stroke="${lighten(b, 0.2)}" stroke-width="8"/>`;
  let s = `<circle cx="128" cy="132" r="124" fill="url(#halo)"/>`;
  s += `<polygon points="${starPoints(36, 40, 12, 4, 4)}" fill="#ffffff"/><polygon points="${starPoints(222, 60, 9, 3, 4)}" fill="#ffffff"/><polygon points="${starPoints(214, 226, 8, 3, 4)}" fill="#ffffff"/>`;
  s += ring(false);
  s += `<circle cx="128" cy="132" r="84" fill="url(#pl)" stroke="${INK}" stroke-width="6"/>`;
  s += `<g clip-path="url(#clip)"><path d="${blob(92, 110, 40, 26, `${p}1`, 0.3, 8)}" fill="${lighten(a, 0.1)}" opacity="0.85"/><path d="${blob(168, 170, 46, 28, `${p}2`, 0.3, 8)}" fill="${lighten(b, 0.1)}" opacity="0.85"/><path d="${blob(150, 92, 22, 14, `${p}3`, 0.3, 7)}" fill="${lighten(a, 0.4)}" opacity="0.8"/></g>`;
  s += `<path d="M78,96 Q96,70 126,62" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" opacity="0.5"/>`;
  s += ring(true);
  s += `<circle cx="64" cy="206" r="30" fill="#ffffff" stroke="${INK}" stroke-width="5"/>${emblem(w.primaryType, 64, 206, 18)}`;
  s += `<circle cx="194" cy="48" r="26" fill="#ffffff" stroke="${INK}" stroke-width="5"/>${emblem(w.secondaryType, 194, 48, 15)}`;
  return svgDoc(256, 256, s, defs);
}

export function worldBackgroundSvg(p: WorldName): string {
  const { body, defs } = landscapeBody(p, HOME_BIOME[p], `${p}-home`, true);
  return svgDoc(1920, 1080, body, defs);
}

/** The header is a 4:1 band of the world's landscape with its two type emblems. */
export function worldHeaderSvg(p: WorldName): string {
  const w = WORLDS[p];
  const { body, defs } = landscapeBody(p, HOME_BIOME[p], `${p}-header`, true);
  const badges = `<g transform="translate(0,400)"><circle cx="120" cy="240" r="80" fill="#ffffff" fill-opacity="0.9" stroke="${INK}" stroke-width="8"/>${emblem(w.primaryType, 120, 240, 50)}<circle cx="1800" cy="240" r="80" fill="#ffffff" fill-opacity="0.9" stroke="${INK}" stroke-width="8"/>${emblem(w.secondaryType, 1800, 240, 50)}</g>`;
  return svgDoc(1200, 300, body + badges, defs, '0 400 1920 480');
}
