// Small helpers to write SVG by hand: colours, numbers, deterministic noise.

export type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

export function rgbToHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix: t=0 gives a, t=1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([0, 1, 2].map((i) => x[i] + (y[i] - x[i]) * t) as Rgb);
}

export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export const darken = (c: string, t: number) => mix(c, '#120c24', t);

/** Rounds numbers written into SVG so files stay small and stable. */
export function n(v: number): string {
  return (Math.round(v * 10) / 10).toString();
}

/** Deterministic pseudo-random numbers (mulberry32) from a string seed. */
export function rng(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Smooth 1-D noise made of a few sines with seeded phases; returns roughly -1..1. */
export function ridge(seed: string, octaves = 4): (x: number) => number {
  const r = rng(seed);
  const waves = Array.from({ length: octaves }, (_, i) => ({
    f: (0.6 + r() * 0.8) * 2 ** i,
    p: r() * Math.PI * 2,
    a: 1 / 1.8 ** i,
  }));
  const total = waves.reduce((s, w) => s + w.a, 0);
  return (x: number) => waves.reduce((s, w) => s + w.a * Math.sin(x * w.f + w.p), 0) / total;
}

/** A closed path through points with smooth (Catmull-Rom) curves. */
export function smoothClosed(pts: [number, number][]): string {
  const len = pts.length;
  let d = `M${n(pts[0][0])},${n(pts[0][1])}`;
  for (let i = 0; i < len; i++) {
    const p0 = pts[(i - 1 + len) % len];
    const p1 = pts[i];
    const p2 = pts[(i + 1) % len];
    const p3 = pts[(i + 2) % len];
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += ` C${n(c1x)},${n(c1y)} ${n(c2x)},${n(c2y)} ${n(p2[0])},${n(p2[1])}`;
  }
  return `${d}Z`;
}

/** A blob: a closed smooth shape around (cx, cy) with a radius that wobbles. */
export function blob(cx: number, cy: number, rx: number, ry: number, seed: string, wobble = 0.08, k = 10) {
  const r = rng(seed);
  const pts: [number, number][] = [];
  for (let i = 0; i < k; i++) {
    const a = (i / k) * Math.PI * 2;
    const f = 1 + (r() * 2 - 1) * wobble;
    pts.push([cx + Math.cos(a) * rx * f, cy + Math.sin(a) * ry * f]);
  }
  return smoothClosed(pts);
}

/** Star polygon points. */
export function starPoints(
  cx: number,
  cy: number,
  r1: number,
  r2: number,
  k = 5,
  rot = -Math.PI / 2,
): string {
  const pts: string[] = [];
  for (let i = 0; i < k * 2; i++) {
    const r = i % 2 === 0 ? r1 : r2;
    const a = rot + (i * Math.PI) / k;
    pts.push(`${n(cx + Math.cos(a) * r)},${n(cy + Math.sin(a) * r)}`);
  }
  return pts.join(' ');
}

export function svgDoc(w: number, h: number, body: string, defs = '', viewBox = `0 0 ${w} ${h}`): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${viewBox}"><defs>${defs}</defs>${body}</svg>`;
}

export function linear(id: string, stops: [number, string, number?][], x2 = 0, y2 = 1): string {
  const s = stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

export function radial(id: string, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
  const s = stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${s}</radialGradient>`;
}
