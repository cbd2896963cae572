// Small element emblems (water drop, leaf, bolt...) drawn around (0,0) at size ~1 (radius 1).
import type { Biome } from '../../shared/worlds.js';
import { INK, TYPE_COLOR } from './palette.js';
import { darken, lighten, n } from './svg.js';

function shape(type: Biome): string {
  switch (type) {
    case 'water':
      return 'M0,-1 C0.45,-0.4 0.75,0.05 0.75,0.35 A0.75,0.7 0 0 1 -0.75,0.35 C-0.75,0.05 -0.45,-0.4 0,-1Z';
    case 'plant':
      return 'M-0.8,0.8 C-0.9,-0.2 -0.2,-0.9 0.9,-0.9 C0.9,0.2 0.2,0.9 -0.8,0.8Z';
    case 'electric':
      return 'M0.25,-1 L-0.6,0.15 L-0.05,0.15 L-0.3,1 L0.65,-0.2 L0.1,-0.2 L0.4,-1Z';
    case 'poison':
      return 'M0,-0.95 C0.4,-0.5 0.8,-0.1 0.8,0.3 A0.8,0.7 0 0 1 -0.8,0.3 C-0.8,-0.1 -0.4,-0.5 0,-0.95Z';
    case 'ground':
      return 'M-1,0.75 L-0.35,-0.55 L-0.05,-0.1 L0.3,-0.8 L1,0.75Z';
    case 'combat':
      return 'M0,-1 L0.28,-0.38 L0.95,-0.3 L0.45,0.15 L0.6,0.85 L0,0.5 L-0.6,0.85 L-0.45,0.15 L-0.95,-0.3 L-0.28,-0.38Z';
    case 'flying':
      return 'M-0.9,0.9 C-0.6,0.1 -0.1,-0.6 0.85,-0.95 C0.7,-0.3 0.4,0.3 -0.2,0.55 L0.1,0.2 C-0.2,0.35 -0.5,0.6 -0.9,0.9Z';
    case 'fire':
      return 'M0,-1 C0.2,-0.55 0.8,-0.3 0.75,0.3 A0.75,0.68 0 0 1 -0.75,0.3 C-0.78,-0.1 -0.45,-0.25 -0.35,-0.6 C-0.15,-0.35 -0.05,-0.55 0,-1Z';
  }
}

/** An emblem of an element type at (x, y), radius r, outlined. */
export function emblem(
  type: Biome,
  x: number,
  y: number,
  r: number,
  color = TYPE_COLOR[type],
  ink = INK,
): string {
  const sw = n(2.2 / r);
  let extra = '';
  if (type === 'poison')
    extra = `<circle cx="-0.2" cy="0.25" r="0.2" fill="${lighten(color, 0.5)}"/><circle cx="0.25" cy="0" r="0.13" fill="${lighten(color, 0.5)}"/>`;
  if (type === 'fire')
    extra = `<path d="M0,-0.1 C0.25,0.1 0.35,0.3 0.3,0.45 A0.3,0.3 0 0 1 -0.3,0.45 C-0.3,0.25 -0.1,0.15 0,-0.1Z" fill="${lighten(color, 0.6)}"/>`;
  if (type === 'water')
    extra = `<ellipse cx="-0.28" cy="0.2" rx="0.14" ry="0.24" fill="#ffffff" opacity="0.7"/>`;
  if (type === 'plant')
    extra = `<path d="M-0.7,0.7 L0.6,-0.6" stroke="${darken(color, 0.35)}" stroke-width="${sw}"/>`;
  if (type === 'ground')
    extra = `<path d="M-0.35,-0.55 L-0.15,-0.15 L-0.45,-0.1Z M0.3,-0.8 L0.5,-0.35 L0.2,-0.3Z" fill="#ffffff" opacity="0.75"/>`;
  return `<g transform="translate(${n(x)},${n(y)}) scale(${n(r)})"><path d="${shape(type)}" fill="${color}" stroke="${ink}" stroke-width="${sw}" stroke-linejoin="round"/>${extra}</g>`;
}
