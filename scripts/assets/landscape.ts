// Landscapes (1920x1080): sky, sun or moons, layered hills from seeded noise, biome props and a
// clear ground in the middle where the boss stands. Also used for the world backgrounds/headers.
import type { BossBiome } from '../../shared/catalogue/bosses.js';
import type { WorldName } from '../../shared/worlds.js';
import { darken, lighten, linear, mix, n, radial, ridge, rng, svgDoc } from './svg.js';

const WIDTH = 1920;
const HEIGHT = 1080;

interface Scene {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  mid: string;
  near: string;
  ground: string;
  night: boolean;
}

const WORLD_SKY: Record<WorldName, [string, string]> = {
  nebula: ['#3b3f9a', '#8fe3e0'],
  xaih: ['#1a1240', '#7a4cc8'],
  preia: ['#4aa0e0', '#ffd9a0'],
  nefer: ['#7a2a6a', '#ffb070'],
};

const BIOME_TINT: Record<BossBiome, { land: string; ground: string; sun: string; night: boolean }> = {
  water: { land: '#2f8fb0', ground: '#f0dca0', sun: '#fff6c8', night: false },
  plant: { land: '#3f9a4a', ground: '#7ac45a', sun: '#fff6c8', night: false },
  poison: { land: '#5a3f7a', ground: '#6a8a3a', sun: '#c8ff8a', night: true },
  electric: { land: '#3a3a6a', ground: '#5a5a80', sun: '#fff07a', night: true },
  ground: { land: '#b8743a', ground: '#e0a860', sun: '#fff0c0', night: false },
  combat: { land: '#9a6a4a', ground: '#d8b88a', sun: '#fff0c0', night: false },
  fire: { land: '#7a2a2a', ground: '#5a2a2a', sun: '#ffb050', night: true },
};

function scene(planet: WorldName, biome: BossBiome): Scene {
  const [top, bottom] = WORLD_SKY[planet];
  const t = BIOME_TINT[biome];
  const skyTop = t.night ? darken(mix(top, t.land, 0.3), 0.35) : mix(top, t.land, 0.15);
  const skyBottom = t.night ? mix(bottom, t.sun, 0.25) : mix(bottom, '#ffffff', 0.15);
  const land = t.land;
  return {
    skyTop,
    skyBottom,
    sun: t.sun,
    far: mix(land, skyBottom, 0.6),
    mid: mix(land, skyBottom, 0.3),
    near: land,
    ground: t.ground,
    night: t.night,
  };
}

/** A hill band: top edge from seeded noise between y0-amp and y0+amp, filled to the bottom. */
function hills(seed: string, y0: number, amp: number, freq: number, fill: string, jag = false): string {
  const f = ridge(seed, jag ? 5 : 3);
  const pts: string[] = [];
  const step = jag ? 24 : 40;
  for (let x = -40; x <= WIDTH + 40; x += step) {
    const v = f((x / WIDTH) * freq * Math.PI * 2);
    const y = y0 - (jag ? Math.abs(v) * 2 - 0.6 : v) * amp;
    pts.push(`${n(x)},${n(y)}`);
  }
  return `<path d="M-40,${HEIGHT} L${pts.join(' L')} L${WIDTH + 40},${HEIGHT}Z" fill="${fill}"/>`;
}

function tree(x: number, y: number, s: number, leaf: string, trunk: string): string {
  return `<g transform="translate(${n(x)},${n(y)}) scale(${n(s)})"><rect x="-10" y="-60" width="20" height="64" rx="6" fill="${trunk}"/><circle cx="0" cy="-90" r="52" fill="${leaf}"/><circle cx="-34" cy="-64" r="34" fill="${leaf}"/><circle cx="34" cy="-64" r="34" fill="${leaf}"/><circle cx="-14" cy="-108" r="22" fill="${lighten(leaf, 0.2)}"/></g>`;
}

function pine(x: number, y: number, s: number, c: string): string {
  return `<g transform="translate(${n(x)},${n(y)}) scale(${n(s)})"><path d="M0,-170 L50,-60 L25,-60 L65,10 L-65,10 L-25,-60 L-50,-60Z" fill="${c}"/><rect x="-8" y="8" width="16" height="22" fill="${darken(c, 0.4)}"/></g>`;
}

function props(biome: BossBiome, sc: Scene, seed: string): { back: string; front: string } {
  const r = rng(`${seed}-props`);
  let back = '';
  let front = '';
  const sides = (k: number, fn: (x: number, i: number) => string) => {
    let s = '';
    for (let i = 0; i < k; i++) {
      const left = i % 2 === 0;
      const x = left ? 40 + r() * 520 : 1360 + r() * 520;
      s += fn(x, i);
    }
    return s;
  };
  switch (biome) {
    case 'plant': {
      back += sides(4, (x) => pine(x, 740 + r() * 30, 0.8 + r() * 0.4, darken(sc.near, 0.25)));
      back += sides(10, (x) => tree(x, 760 + r() * 30, 0.7 + r() * 0.3, darken(sc.near, 0.1), '#5a3a2a'));
      front += sides(6, (x) => tree(x, 980 + r() * 40, 1.2 + r() * 0.4, lighten(sc.near, 0.05), '#6a4a2a'));
      for (let i = 0; i < 24; i++) {
        const x = r() * WIDTH;
        const y = 840 + r() * 220;
        const c = ['#ff8ac0', '#ffe36a', '#ffffff'][i % 3];
        front += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(6 + r() * 6)}" fill="${c}"/>`;
      }
      for (let i = 0; i < 30; i++)
        back += `<circle cx="${n(r() * WIDTH)}" cy="${n(300 + r() * 500)}" r="${n(3 + r() * 4)}" fill="#fff6a8" opacity="0.8"/>`;
      break;
    }
    case 'water': {
      back += `<rect x="0" y="700" width="${WIDTH}" height="380" fill="url(#sea)"/>`;
      for (let i = 0; i < 26; i++) {
        const x = r() * WIDTH;
        const y = 720 + r() * 160;
        back += `<path d="M${n(x)},${n(y)} q30,-10 60,0" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.5" stroke-linecap="round"/>`;
      }
      back += `<path d="M120,720 Q240,600 360,720Z" fill="${darken(sc.near, 0.2)}"/>${tree(240, 690, 0.6, '#3f9a4a', '#5a3a2a')}`;
      back += `<path d="M1500,720 Q1640,630 1780,720Z" fill="${darken(sc.near, 0.2)}"/>`;
      front += `<path d="M0,900 Q480,860 960,880 Q1440,900 1920,860 L1920,1080 L0,1080Z" fill="${sc.ground}"/>`;
      front += sides(8, (x) => `<path d="M${n(x)},1000 q-20,-80 10,-140 q10,60 30,140Z" fill="#e0606a"/>`);
      for (let i = 0; i < 10; i++)
        front += `<circle cx="${n(r() * WIDTH)}" cy="${n(930 + r() * 140)}" r="${n(6 + r() * 8)}" fill="#ffffff" opacity="0.6"/>`;
      break;
    }
    case 'poison': {
      back += sides(8, (x) => {
        const y = 780 + r() * 30;
        return `<path d="M${n(x)},${n(y)} l0,-150 l-40,-50 m40,50 l40,-70 m-40,110 l30,-30" stroke="${darken(sc.near, 0.3)}" stroke-width="14" stroke-linecap="round" fill="none"/>`;
      });
      for (let i = 0; i < 5; i++) {
        const x = i % 2 === 0 ? 150 + r() * 450 : 1350 + r() * 450;
        const y = 900 + r() * 120;
        front += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(120 + r() * 60)}" ry="28" fill="#8be04e" opacity="0.85"/><circle cx="${n(x - 30)}" cy="${n(y - 14)}" r="12" fill="#c8ff9a"/><circle cx="${n(x + 30)}" cy="${n(y - 8)}" r="8" fill="#c8ff9a"/>`;
      }
      for (let i = 0; i < 20; i++)
        back += `<circle cx="${n(r() * WIDTH)}" cy="${n(200 + r() * 600)}" r="${n(4 + r() * 10)}" fill="#b8ff5a" opacity="0.35"/>`;
      front += `<rect x="0" y="760" width="${WIDTH}" height="200" fill="url(#fog)"/>`;
      front += sides(6, (x) => mushroom(x, 1000 + r() * 40, 0.8 + r() * 0.5, '#a657e0'));
      break;
    }
    case 'electric': {
      back += sides(6, (x) => {
        const y = 800;
        const h = 260 + r() * 200;
        return `<path d="M${n(x - 40)},${y} L${n(x)},${n(y - h)} L${n(x + 40)},${y}Z M${n(x - 28)},${n(y - h * 0.4)} L${n(x + 28)},${n(y - h * 0.4)} M${n(x - 18)},${n(y - h * 0.7)} L${n(x + 18)},${n(y - h * 0.7)}" stroke="${darken(sc.near, 0.35)}" stroke-width="8" fill="none"/><circle cx="${n(x)}" cy="${n(y - h)}" r="14" fill="#fff07a"/><circle cx="${n(x)}" cy="${n(y - h)}" r="40" fill="url(#spark)"/>`;
      });
      for (let i = 0; i < 4; i++) {
        const x = 200 + i * 480 + r() * 200;
        let d = `M${n(x)},0`;
        let y = 0;
        let cx = x;
        while (y < 420) {
          y += 40 + r() * 50;
          cx += (r() - 0.5) * 120;
          d += ` L${n(cx)},${n(y)}`;
        }
        back += `<path d="${d}" stroke="#fff07a" stroke-width="8" fill="none" opacity="0.8" stroke-linejoin="round"/><path d="${d}" stroke="#ffffff" stroke-width="3" fill="none" stroke-linejoin="round"/>`;
      }
      front += sides(8, (x) => {
        const y = 960 + r() * 80;
        return `<path d="M${n(x)},${n(y)} l30,-110 l30,110Z" fill="#6ff3ff" opacity="0.85"/><path d="M${n(x + 30)},${n(y - 110)} l0,110" stroke="#ffffff" stroke-width="4" opacity="0.6"/>`;
      });
      break;
    }
    case 'ground': {
      back += sides(5, (x) => {
        const w = 120 + r() * 160;
        const h = 200 + r() * 220;
        const y = 800;
        return `<path d="M${n(x - w / 2)},${y} L${n(x - w / 2 + 20)},${n(y - h)} L${n(x + w / 2 - 20)},${n(y - h)} L${n(x + w / 2)},${y}Z" fill="${darken(sc.near, 0.12)}"/><rect x="${n(x - w / 2 + 16)}" y="${n(y - h)}" width="${n(w - 32)}" height="18" fill="${lighten(sc.near, 0.2)}"/>`;
      });
      front += sides(10, (x) => {
        const y = 960 + r() * 90;
        const s = 30 + r() * 40;
        return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(s)}" ry="${n(s * 0.6)}" fill="${darken(sc.ground, 0.3)}"/><ellipse cx="${n(x - s * 0.3)}" cy="${n(y - s * 0.25)}" rx="${n(s * 0.3)}" ry="${n(s * 0.15)}" fill="${lighten(sc.ground, 0.3)}"/>`;
      });
      front += sides(4, (x) => {
        const y = 1000;
        return `<path d="M${n(x)},${y} l0,-120 M${n(x)},${y - 60} l-30,0 l0,-30 M${n(x)},${y - 80} l30,0 l0,-30" stroke="#4a8a3a" stroke-width="22" stroke-linecap="round" fill="none"/>`;
      });
      break;
    }
    case 'combat': {
      back += `<path d="M0,760 L0,520 Q960,420 1920,520 L1920,760Z" fill="${darken(sc.near, 0.15)}"/>`;
      for (let i = 0; i <= 12; i++) {
        const x = i * 160;
        back += `<rect x="${x - 26}" y="${n(500 - Math.sin((i / 12) * Math.PI) * 80)}" width="52" height="300" fill="${lighten(sc.near, 0.25)}"/><rect x="${x - 34}" y="${n(490 - Math.sin((i / 12) * Math.PI) * 80)}" width="68" height="22" fill="${lighten(sc.near, 0.35)}"/>`;
      }
      for (let i = 0; i < 8; i++) {
        const x = 120 + i * 240;
        const c = ['#e0302a', '#3a6ad8', '#ffd23b', '#2bb5a8'][i % 4];
        back += `<path d="M${x},380 l-40,-10 l0,120 l40,-18 l40,18 l0,-120Z" fill="${c}" transform="translate(0,${n(30 - Math.sin((i / 7) * Math.PI) * 70)})"/>`;
      }
      front += `<ellipse cx="960" cy="960" rx="900" ry="150" fill="${lighten(sc.ground, 0.15)}"/><ellipse cx="960" cy="960" rx="880" ry="140" fill="none" stroke="#ffffff" stroke-width="8" opacity="0.6"/>`;
      front += sides(4, (x) => {
        const y = 1000;
        return `<rect x="${n(x - 12)}" y="${y - 200}" width="24" height="200" fill="#6a4a2a"/><path d="M${n(x)},${y - 230} q-30,-40 0,-90 q30,50 0,90Z" fill="#ff8a2a"/><path d="M${n(x)},${y - 230} q-14,-24 0,-50 q14,26 0,50Z" fill="#ffe36a"/>`;
      });
      break;
    }
    case 'fire': {
      back += `<path d="M560,780 L860,330 L940,360 L1010,320 L1360,780Z" fill="${darken(sc.near, 0.1)}"/><path d="M860,330 Q930,420 1010,320 L940,360Z" fill="#ff8a2a"/><path d="M900,350 Q880,500 840,600 Q930,520 950,360 Q980,520 1060,640 Q1000,480 980,345Z" fill="#ff8a2a"/>`;
      back += `<circle cx="935" cy="300" r="160" fill="url(#spark)"/>`;
      for (let i = 0; i < 4; i++) {
        const x = 880 + i * 30;
        back += `<circle cx="${x}" cy="${230 - i * 50}" r="${40 + i * 16}" fill="#5a3a4a" opacity="${n(0.6 - i * 0.1)}"/>`;
      }
      for (let i = 0; i < 40; i++)
        back += `<circle cx="${n(r() * WIDTH)}" cy="${n(200 + r() * 700)}" r="${n(3 + r() * 5)}" fill="#ffb050" opacity="0.8"/>`;
      front += sides(4, (x) => {
        const y = 960 + r() * 60;
        return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(130 + r() * 60)}" ry="30" fill="#ff6a2a"/><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(80 + r() * 30)}" ry="16" fill="#ffd84d"/>`;
      });
      front += sides(6, (x) => {
        const y = 1000 + r() * 40;
        return `<path d="M${n(x - 40)},${n(y)} L${n(x - 10)},${n(y - 140)} L${n(x + 30)},${n(y)}Z" fill="#3a1a22"/>`;
      });
      break;
    }
  }
  return { back, front };
}

function mushroom(x: number, y: number, s: number, c: string): string {
  return `<g transform="translate(${n(x)},${n(y)}) scale(${n(s)})"><rect x="-14" y="-70" width="28" height="70" rx="10" fill="#f0e0c8"/><path d="M-60,-60 Q0,-140 60,-60Z" fill="${c}"/><circle cx="-20" cy="-84" r="9" fill="#c8ff6a"/><circle cx="18" cy="-96" r="7" fill="#c8ff6a"/></g>`;
}

/** World-specific touches (flowers, neon city, houses, floating islands); `home` = the full set. */
function homeTouches(planet: WorldName, seed: string, home: boolean): { back: string; front: string } {
  const r = rng(`${seed}-home`);
  let back = '';
  let front = '';
  if (planet === 'nebula') {
    for (let i = 0; i < (home ? 8 : 4); i++) {
      const x = i % 2 === 0 ? 80 + r() * 500 : 1340 + r() * 500;
      const y = 960 + r() * 60;
      const c = ['#ff8ac0', '#8ff0ff', '#c9a0ff'][i % 3];
      front += `<g transform="translate(${n(x)},${n(y)})"><path d="M0,0 Q-10,-80 0,-160" stroke="#3f9a4a" stroke-width="10" fill="none"/>${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="0" cy="-30" rx="20" ry="32" fill="${c}" transform="translate(0,-160) rotate(${a})"/>`).join('')}<circle cx="0" cy="-160" r="16" fill="#fff6a8"/></g>`;
    }
  }
  if (planet === 'xaih') {
    for (let i = 0; i < 14; i++) {
      const x = i * 140 + r() * 60;
      const h = 160 + r() * 300;
      back += `<rect x="${n(x)}" y="${n(800 - h)}" width="${n(70 + r() * 50)}" height="${n(h)}" rx="8" fill="#2a2050"/>`;
      for (let k = 0; k < 5; k++)
        back += `<rect x="${n(x + 12)}" y="${n(800 - h + 20 + k * 40)}" width="40" height="10" rx="5" fill="${k % 2 ? '#6ff3ff' : '#ff6fd8'}" opacity="0.8"/>`;
    }
  }
  if (planet === 'preia' && home) {
    for (let i = 0; i < (home ? 5 : 2); i++) {
      const x = i % 2 === 0 ? 120 + r() * 420 : 1380 + r() * 420;
      const y = 850 + r() * 30;
      front += `<g transform="translate(${n(x)},${n(y)})"><rect x="-50" y="-70" width="100" height="70" fill="#f0e0c0"/><path d="M-62,-66 L0,-120 L62,-66Z" fill="#c0503a"/><rect x="-12" y="-36" width="24" height="36" fill="#7a4a2a"/><rect x="20" y="-56" width="18" height="18" fill="#8fd3ff"/></g>`;
    }
  }
  if (planet === 'nefer') {
    for (const [x, y, s] of [
      [260, 300, 1],
      [1620, 240, 1.2],
      [1200, 160, 0.6],
      [600, 180, 0.5],
    ] as [number, number, number][]) {
      back += `<g transform="translate(${x},${y}) scale(${s})"><path d="M-140,0 Q0,-30 140,0 Q60,40 30,120 Q0,160 -20,110 Q-70,60 -140,0Z" fill="#8a5a4a"/><path d="M-140,0 Q0,-30 140,0 Q0,14 -140,0Z" fill="#6aae4a"/><rect x="-30" y="-90" width="60" height="80" fill="#f0e6d6"/><path d="M-44,-86 L0,-130 L44,-86Z" fill="#e0453a"/></g>`;
    }
  }
  return { back, front };
}

export function landscapeBody(
  planet: WorldName,
  biome: BossBiome,
  seed: string,
  home = false,
): { body: string; defs: string } {
  const sc = scene(planet, biome);
  const r = rng(seed);
  const defs =
    linear('sky', [
      [0, sc.skyTop],
      [1, sc.skyBottom],
    ]) +
    radial('sun', [
      [0, sc.sun, 0.9],
      [0.3, sc.sun, 0.4],
      [1, sc.sun, 0],
    ]) +
    radial('spark', [
      [0, '#fff6a8', 0.9],
      [1, '#fff6a8', 0],
    ]) +
    linear('sea', [
      [0, lighten(sc.near, 0.2)],
      [1, darken(sc.near, 0.2)],
    ]) +
    linear('fog', [
      [0, '#c8ff9a', 0],
      [0.5, '#c8ff9a', 0.25],
      [1, '#c8ff9a', 0],
    ]) +
    linear('floor', [
      [0, sc.ground],
      [1, darken(sc.ground, 0.25)],
    ]);
  let s = `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`;
  if (sc.night)
    for (let i = 0; i < 70; i++)
      s += `<circle cx="${n(r() * WIDTH)}" cy="${n(r() * 500)}" r="${n(1 + r() * 2.5)}" fill="#ffffff" opacity="${n(0.4 + r() * 0.6)}"/>`;
  const sunX = 300 + r() * 1300;
  const sunY = 170 + r() * 120;
  s += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="320" fill="url(#sun)"/><circle cx="${n(sunX)}" cy="${n(sunY)}" r="${sc.night ? 60 : 90}" fill="${lighten(sc.sun, 0.3)}"/>`;
  if (planet === 'nebula' || planet === 'xaih')
    s += `<circle cx="${n((sunX + 700) % WIDTH)}" cy="140" r="46" fill="${lighten(sc.skyTop, 0.5)}" opacity="0.8"/><circle cx="${n((sunX + 730) % WIDTH)}" cy="130" r="12" fill="${lighten(sc.skyTop, 0.3)}" opacity="0.8"/>`;
  if (!sc.night)
    for (let i = 0; i < 5; i++) {
      const x = r() * WIDTH;
      const y = 80 + r() * 260;
      s += `<g fill="#ffffff" opacity="0.75"><ellipse cx="${n(x)}" cy="${n(y)}" rx="110" ry="34"/><ellipse cx="${n(x + 50)}" cy="${n(y - 24)}" rx="60" ry="40"/><ellipse cx="${n(x - 50)}" cy="${n(y - 14)}" rx="50" ry="30"/></g>`;
    }
  const jag = biome === 'ground' || biome === 'fire' || biome === 'electric';
  s += hills(`${seed}a`, 560, 140, 1.6, sc.far, jag);
  const home2 = homeTouches(planet, seed, home || biome !== 'combat');
  s += home2.back;
  s += hills(`${seed}b`, 700, 80, 2.4, sc.mid);
  const p = props(biome, sc, seed);
  s += p.back;
  s += `<path d="M0,${HEIGHT} L0,800 Q480,770 960,790 Q1440,810 1920,780 L1920,${HEIGHT}Z" fill="url(#floor)"/>`;
  s += p.front + home2.front;
  // a soft vignette keeps the eye on the middle
  s += `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#vig)"/>`;
  const vig = `<radialGradient id="vig" cx="0.5" cy="0.55" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></radialGradient>`;
  return { body: s, defs: defs + vig };
}

export function backgroundSvg(planet: WorldName, biome: BossBiome, key: string): string {
  const { body, defs } = landscapeBody(planet, biome, `${planet}-${key}`);
  return svgDoc(WIDTH, HEIGHT, body, defs);
}
