// Chibi avatars: layered SVG on a 512x512 canvas (big head, expressive eyes, outfit, class prop,
// race features). The head image is the same SVG with a view box zoomed on the head.
import type { AvatarDef } from '../../shared/catalogue/avatars.js';
import { STUDENT_CLASSES } from '../../shared/catalogue/avatars.js';
import { type Biome, WORLDS } from '../../shared/worlds.js';
import { emblem } from './emblems.js';
import { INK, type Outfit, outfitFor, type SkinStyle, skinStyle, TYPE_COLOR, tone } from './palette.js';
import { darken, lighten, linear, radial, starPoints, svgDoc } from './svg.js';

const SW = 5; // outline width
const stroke = `stroke="${INK}" stroke-width="${SW}" stroke-linejoin="round" stroke-linecap="round"`;
const HX = 256; // head centre
const HY = 196;

interface Look {
  d: AvatarDef;
  o: Outfit;
  skin: string;
  hair: string;
  metal: string;
  style: SkinStyle;
  type: Biome;
  cls: string;
  female: boolean;
  ai: boolean;
  prof: boolean;
  idx: number;
}

function look(d: AvatarDef): Look {
  const prof = d.userType === 'professor';
  const w = WORLDS[d.planet];
  const type = (prof ? w.primaryType : d.avatarType) as Biome;
  const o = outfitFor(d.planet, prof ? 'professor' : d.avatarType, d.skinId);
  const female = d.gender === 'female';
  const ci = Math.max(0, STUDENT_CLASSES.indexOf(d.avatarClass as (typeof STUDENT_CLASSES)[number]));
  const ti = d.avatarType === w.primaryType ? 0 : 1;
  const idx = prof ? (female ? 4 : 5) : ci * 2 + (female ? 0 : 1) + ti * 3;
  const skin = tone(d.race, idx);
  return {
    d,
    o,
    skin,
    hair: female ? o.hairF : o.hairM,
    metal: d.race === 'ai' ? skin : '#cfd6e6',
    style: skinStyle(d.skinId),
    type,
    cls: d.avatarClass,
    female,
    ai: d.race === 'ai',
    prof,
    idx,
  };
}

/** A limb drawn as a thick outlined stroke. */
function limb(path: string, w: number, color: string): string {
  return `<path d="${path}" fill="none" stroke="${INK}" stroke-width="${w + SW * 2}" stroke-linecap="round"/><path d="${path}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round"/>`;
}

// ---------------------------------------------------------------- back layer
function wings(L: Look): string {
  const c =
    L.style === 'night' ? '#b9c8ff' : L.style === 'royal' ? '#ffe9a0' : lighten(TYPE_COLOR[L.type], 0.35);
  const one = (a: number, rx: number, ry: number) =>
    `<g transform="translate(256,318) rotate(${a})"><ellipse cx="${rx}" cy="0" rx="${rx}" ry="${ry}" fill="${c}" fill-opacity="0.78" stroke="${darken(c, 0.45)}" stroke-width="4"/><path d="M10,0 Q${rx},${-ry * 0.3} ${rx * 1.7},${-ry * 0.2} M10,0 Q${rx},${ry * 0.3} ${rx * 1.6},${ry * 0.35}" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.7"/><circle cx="${rx * 1.35}" cy="${-ry * 0.15}" r="${ry * 0.18}" fill="#ffffff" opacity="0.7"/></g>`;
  return one(-148, 92, 50) + one(-32, 92, 50) + one(152, 62, 32) + one(28, 62, 32);
}

function royalCape(L: Look): string {
  const cape = L.d.planet === 'nefer' ? '#2a5fc0' : '#c0263a';
  return `<path d="M200,290 Q256,270 312,290 L360,468 Q256,488 152,468 Z" fill="${cape}" ${stroke}/><path d="M156,462 Q256,482 356,462 L358,472 Q256,494 154,472Z" fill="#ffffff" ${stroke}/>${[180, 220, 260, 300, 336].map((x) => `<circle cx="${x}" cy="${476 + (x === 260 ? 6 : 3)}" r="3" fill="${INK}"/>`).join('')}`;
}

function quiver(L: Look): string {
  const arrows = [-14, 0, 14]
    .map(
      (dx) =>
        `<path d="M${dx},-70 L${dx},-100" stroke="#8a5a2b" stroke-width="5"/><path d="M${dx},-112 L${dx - 9},-96 L${dx},-100 L${dx + 9},-96Z" fill="${L.o.trim}" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>`,
    )
    .join('');
  return `<g transform="translate(338,326) rotate(24)">${arrows}<rect x="-26" y="-76" width="52" height="120" rx="14" fill="${darken(L.o.boots, 0.05)}" ${stroke}/><rect x="-26" y="-76" width="52" height="18" rx="8" fill="${L.o.second}" ${stroke}/></g>`;
}

function backHair(L: Look): string {
  if (L.ai) {
    if (!L.female) return '';
    // cable pigtails with glowing tips
    const side = (s: number) => {
      const x = HX + s * 118;
      return `${limb(`M${x},200 Q${x + s * 30},270 ${x + s * 16},338`, 22, L.hair)}<circle cx="${x + s * 16}" cy="346" r="15" fill="${L.o.glow}" ${stroke}/><circle cx="${x + s * 12}" cy="342" r="5" fill="#ffffff"/>`;
    };
    return side(-1) + side(1);
  }
  if (!L.female) return '';
  const hc = L.hair;
  if (L.cls === 'ranger') {
    // two braids
    const braid = (s: number) => {
      const x = HX + s * 104;
      let b = '';
      for (let i = 0; i < 4; i++)
        b += `<ellipse cx="${x + s * 6}" cy="${250 + i * 30}" rx="${20 - i * 1.5}" ry="19" fill="${hc}" ${stroke}/>`;
      return `${b}<path d="M${x - 10},${372} l20,0 l-4,22 l-12,0Z" fill="${L.o.second}" ${stroke}/>`;
    };
    return braid(-1) + braid(1);
  }
  if (L.cls === 'warrior') {
    // high ponytail
    return `<path d="M300,118 C380,90 420,170 398,250 C390,290 410,320 396,350 C370,310 350,260 352,200 Z" fill="${hc}" ${stroke}/><circle cx="316" cy="116" r="16" fill="${L.o.second}" ${stroke}/>`;
  }
  // long flowing hair
  return `<path d="M140,200 C120,290 130,350 150,390 Q200,370 210,330 L302,330 Q312,370 362,390 C382,350 392,290 372,200 Z" fill="${hc}" ${stroke}/>`;
}

// ---------------------------------------------------------------- body
function legs(L: Look): string {
  const legColor = L.ai ? L.metal : L.female && L.cls !== 'warrior' ? L.skin : L.o.pants;
  const boot = (x: number, s: number) =>
    `<path d="M${x - 20},438 Q${x - 20},426 ${x},426 Q${x + 20},426 ${x + 20},442 L${x + 20 + s * 8},462 Q${x + s * 10},474 ${x - 24},470 Q${x - 28},452 ${x - 20},438Z" transform="${s < 0 ? `translate(${2 * x},0) scale(-1,1)` : ''}" fill="${L.o.boots}" ${stroke}/>`;
  return `${limb('M236,392 L234,440', 30, legColor)}${limb('M276,392 L278,440', 30, legColor)}${boot(232, -1)}${boot(280, 1)}`;
}

function torso(L: Look): string {
  const { o } = L;
  let s = '';
  const top = 'M208,288 Q256,276 304,288';
  if (L.cls === 'mage' || L.prof) {
    // long robe / long coat
    s += `<path d="${top} L338,452 Q256,470 174,452 Z" fill="${o.main}" ${stroke}/>`;
    s += `<path d="M180,440 Q256,458 332,440 L338,452 Q256,470 174,452Z" fill="${o.second}" ${stroke}/>`;
    if (L.prof) {
      s += `<path d="M232,286 L256,360 L280,286 Z" fill="${o.second}" ${stroke}/><path d="M250,300 L262,300 L266,352 L256,366 L246,352Z" fill="${o.trim}" ${stroke}/>`;
      s += `<path d="M214,292 L246,360 L226,352Z M298,292 L266,360 L286,352Z" fill="${darken(o.main, 0.2)}" ${stroke}/>`;
    } else {
      s += `<path d="M246,284 L266,284 L270,456 L242,456Z" fill="${o.second}" ${stroke}/>`;
      s += `<path d="M206,356 Q256,370 306,356 L308,374 Q256,388 204,374Z" fill="${o.trim}" ${stroke}/>`;
      s += emblem(L.type, 256, 404, 16);
    }
    return s;
  }
  // tunic (skirt for girls, trousers for boys)
  const hem = L.female ? 'L330,418 Q256,434 182,418' : 'L314,406 Q256,418 198,406';
  s += `<path d="${top} ${hem} Z" fill="${o.main}" ${stroke}/>`;
  if (L.female) s += `<path d="M192,404 Q256,420 320,404" fill="none" stroke="${o.trim}" stroke-width="6"/>`;
  if (L.cls === 'warrior') {
    const plate = L.style === 'royal' ? '#f2c230' : L.style === 'night' ? '#9fb4ff' : '#d6dbe8';
    s += `<path d="M214,294 Q256,282 298,294 L292,350 Q256,368 220,350 Z" fill="${plate}" ${stroke}/>`;
    s += `<path d="M226,300 Q240,296 250,298 L246,330" fill="none" stroke="#ffffff" stroke-width="5" opacity="0.7"/>`;
    s += emblem(L.type, 256, 324, 17);
  } else {
    // ranger: V collar and hood scarf
    s += `<path d="M236,288 L256,330 L276,288" fill="${o.trim}" ${stroke}/>`;
    s += `<path d="M204,290 Q256,316 308,290 Q314,310 296,318 Q256,336 216,318 Q198,310 204,290Z" fill="${o.second}" ${stroke}/>`;
    s += emblem(L.type, 290, 350, 12);
  }
  // belt
  s += `<path d="M204,362 Q256,374 308,362 L310,380 Q256,392 202,380Z" fill="${darken(o.boots, 0.1)}" ${stroke}/>`;
  s += `<rect x="244" y="364" width="24" height="20" rx="4" fill="${o.trim}" ${stroke}/>`;
  if (L.cls === 'ranger')
    s += `<rect x="206" y="372" width="28" height="28" rx="8" fill="#9a6a3a" ${stroke}/>`;
  if (L.d.race === 'human' && L.cls !== 'warrior')
    s += `<path d="M214,296 L300,372" stroke="#7a4a26" stroke-width="10" stroke-linecap="round"/>`;
  return s;
}

function shoulders(L: Look): string {
  if (L.cls !== 'warrior') return '';
  const plate = L.style === 'royal' ? '#f2c230' : L.style === 'night' ? '#9fb4ff' : '#c3cadb';
  return [200, 312]
    .map(
      (x) =>
        `<ellipse cx="${x}" cy="300" rx="28" ry="20" fill="${plate}" ${stroke}/><ellipse cx="${x - 6}" cy="294" rx="10" ry="5" fill="#ffffff" opacity="0.6"/>`,
    )
    .join('');
}

function arm(L: Look, side: -1 | 1): string {
  const sx = side < 0 ? 212 : 300;
  const hx = side < 0 ? 180 : 334;
  const hy = 372;
  const sleeve = L.cls === 'mage' || L.prof ? L.o.main : L.ai ? L.metal : L.o.main;
  let s = limb(`M${sx},302 Q${sx + side * 26},336 ${hx},${hy - 8}`, 28, sleeve);
  if (L.cls === 'mage' || L.prof) {
    // bell sleeve
    s += `<path d="M${hx - 22},${hy - 28} L${hx + 22},${hy - 28} L${hx + 26},${hy - 4} Q${hx},${hy + 6} ${hx - 26},${hy - 4}Z" fill="${L.o.main}" ${stroke}/><path d="M${hx - 26},${hy - 8} Q${hx},${hy + 2} ${hx + 26},${hy - 8}" fill="none" stroke="${L.o.trim}" stroke-width="6"/>`;
  }
  return s;
}

function hand(L: Look, side: -1 | 1): string {
  const hx = side < 0 ? 180 : 334;
  return `<circle cx="${hx}" cy="372" r="16" fill="${L.skin}" ${stroke}/>`;
}

// ---------------------------------------------------------------- props
function sword(L: Look): string {
  const blade = L.style === 'night' ? '#cfe0ff' : L.style === 'royal' ? '#fff2b0' : '#e8eef8';
  const guard = L.style === 'royal' ? '#f2c230' : L.o.second;
  return `<g transform="translate(334,372) rotate(22)"><path d="M-11,-20 L-11,-150 L0,-172 L11,-150 L11,-20Z" fill="${blade}" ${stroke}/><path d="M0,-26 L0,-150" stroke="${darken(blade, 0.2)}" stroke-width="4"/><rect x="-32" y="-28" width="64" height="14" rx="7" fill="${guard}" ${stroke}/><rect x="-7" y="-16" width="14" height="40" rx="5" fill="#7a4a26" ${stroke}/><circle cx="0" cy="30" r="9" fill="${guard}" ${stroke}/></g>`;
}

function shield(L: Look): string {
  const face = L.style === 'royal' ? L.o.main : L.o.second;
  const rim = L.style === 'royal' ? '#f2c230' : '#c3cadb';
  return `<g transform="translate(168,380)"><path d="M0,-56 Q34,-50 48,-40 Q50,20 0,58 Q-50,20 -48,-40 Q-34,-50 0,-56Z" fill="${rim}" ${stroke}/><path d="M0,-44 Q26,-40 37,-32 Q38,14 0,44 Q-38,14 -37,-32 Q-26,-40 0,-44Z" fill="${face}" stroke="${INK}" stroke-width="3"/>${emblem(L.type, 0, -2, 20, L.o.trim)}</g>`;
}

function staff(L: Look): string {
  const orb = L.style === 'night' ? '#cfe0ff' : L.style === 'royal' ? '#ff5a9a' : TYPE_COLOR[L.type];
  const rod = 'M326,474 L392,168';
  const crook = 'M392,172 C366,170 358,132 374,116 M392,172 C418,166 420,128 402,114';
  return `<path d="${rod}" stroke="${INK}" stroke-width="18" stroke-linecap="round"/><path d="${rod}" stroke="#8a5a2b" stroke-width="8" stroke-linecap="round"/><path d="${crook}" fill="none" stroke="${INK}" stroke-width="14" stroke-linecap="round"/><path d="${crook}" fill="none" stroke="${L.o.trim}" stroke-width="6" stroke-linecap="round"/><circle cx="390" cy="138" r="46" fill="url(#glow)"/><circle cx="390" cy="140" r="22" fill="${orb}" ${stroke}/><circle cx="383" cy="132" r="7" fill="#ffffff" opacity="0.85"/>`;
}

function bow(L: Look): string {
  const wood = L.style === 'royal' ? '#f2c230' : L.style === 'night' ? '#9fb4ff' : '#9a5e2e';
  return `<path d="M172,262 L172,482" stroke="#f4f0e6" stroke-width="3"/><path d="M172,262 Q96,372 172,482" fill="none" stroke="${INK}" stroke-width="16" stroke-linecap="round"/><path d="M172,262 Q96,372 172,482" fill="none" stroke="${wood}" stroke-width="7" stroke-linecap="round"/><rect x="122" y="356" width="18" height="32" rx="6" fill="${L.o.second}" ${stroke}/>`;
}

function book(L: Look): string {
  return `<g transform="translate(176,374) rotate(-12)"><rect x="-34" y="-26" width="68" height="50" rx="6" fill="${L.o.main}" ${stroke}/><rect x="-28" y="-22" width="56" height="42" rx="4" fill="#fff8e6" stroke="${INK}" stroke-width="3"/><path d="M0,-22 L0,20" stroke="${INK}" stroke-width="3"/><path d="M-22,-10 L-6,-10 M-22,0 L-6,0 M6,-10 L22,-10 M6,0 L22,0" stroke="#9aa" stroke-width="3"/></g>`;
}

function pointer(L: Look): string {
  return `<g transform="translate(334,372) rotate(28)"><path d="M0,10 L0,-150" stroke="${INK}" stroke-width="14" stroke-linecap="round"/><path d="M0,10 L0,-150" stroke="#a8703a" stroke-width="6" stroke-linecap="round"/><polygon points="${starPoints(0, -160, 22, 10)}" fill="${L.o.trim}" ${stroke}/></g>`;
}

// ---------------------------------------------------------------- head
function ears(L: Look): string {
  const sk = L.skin;
  const pair = (d: string) =>
    `<path d="${d}" fill="${sk}" ${stroke}/><path d="${d}" transform="translate(512,0) scale(-1,1)" fill="${sk}" ${stroke}/>`;
  if (L.ai) {
    const disc = (x: number, s: number) =>
      `<path d="M${x},190 L${x + s * 34},118" stroke="${INK}" stroke-width="12" stroke-linecap="round"/><path d="M${x},190 L${x + s * 34},118" stroke="${darken(L.metal, 0.2)}" stroke-width="5"/><circle cx="${x + s * 34}" cy="114" r="12" fill="${L.o.glow}" ${stroke}/><circle cx="${x}" cy="206" r="26" fill="${darken(L.metal, 0.15)}" ${stroke}/><circle cx="${x}" cy="206" r="12" fill="${L.o.glow}" stroke="${INK}" stroke-width="3"/>`;
    return disc(140, -1) + disc(372, 1);
  }
  if (L.d.race === 'elf')
    return pair('M156,180 C120,160 90,140 66,120 C80,170 110,222 156,236 Z') + earInner('elf', L);
  if (L.d.race === 'fairy') return pair('M152,190 C132,178 118,168 104,150 C108,190 124,222 154,232 Z');
  return pair('M150,206 C126,196 126,242 152,240 Z');
}

function earInner(_r: string, L: Look): string {
  const d = 'M150,190 C124,174 104,160 88,146 C100,178 120,210 150,224';
  return `<path d="${d}" fill="none" stroke="${darken(L.skin, 0.18)}" stroke-width="4"/><path d="${d}" transform="translate(512,0) scale(-1,1)" fill="none" stroke="${darken(L.skin, 0.18)}" stroke-width="4"/>`;
}

function face(L: Look): string {
  if (L.ai) {
    const plate = `<rect x="146" y="96" width="220" height="204" rx="70" fill="url(#metal)" ${stroke}/>`;
    const screen = `<rect x="166" y="146" width="180" height="136" rx="50" fill="#1a1533" ${stroke}/><path d="M186,168 Q200,156 230,154" stroke="#ffffff" stroke-width="5" opacity="0.25" fill="none" stroke-linecap="round"/>`;
    const crest = L.female
      ? ''
      : `<path d="M226,100 Q256,44 290,100" fill="${L.hair}" ${stroke}/><path d="M240,96 Q256,66 274,96" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.6"/>`;
    return (
      crest +
      plate +
      screen +
      `<path d="M176,130 L336,130" stroke="${darken(L.metal, 0.25)}" stroke-width="4"/>`
    );
  }
  return `<ellipse cx="${HX}" cy="${HY}" rx="112" ry="104" fill="${L.skin}" ${stroke}/><ellipse cx="${HX}" cy="${HY + 18}" rx="100" ry="84" fill="${L.skin}"/>`;
}

function eyes(L: Look): string {
  const y = L.ai ? 212 : 222;
  const col = L.ai ? L.o.glow : L.o.eye;
  let s = '';
  for (const x of [210, 302]) {
    if (L.ai) {
      s += `<ellipse cx="${x}" cy="${y}" rx="20" ry="${L.female ? 24 : 21}" fill="${col}"/><ellipse cx="${x}" cy="${y}" rx="28" ry="32" fill="${col}" opacity="0.25"/><circle cx="${x - 6}" cy="${y - 8}" r="6" fill="#ffffff"/>`;
    } else {
      const ry = L.female ? 28 : 25;
      s += `<ellipse cx="${x}" cy="${y}" rx="20" ry="${ry}" fill="${INK}"/><ellipse cx="${x}" cy="${y + 5}" rx="15" ry="${ry - 8}" fill="${col}"/><ellipse cx="${x}" cy="${y + 12}" rx="10" ry="${ry - 17}" fill="${lighten(col, 0.35)}"/><circle cx="${x - 7}" cy="${y - 10}" r="7.5" fill="#ffffff"/><circle cx="${x + 7}" cy="${y + 9}" r="3.5" fill="#ffffff"/>`;
    }
    if (L.female) {
      const s2 = x < HX ? -1 : 1;
      const lc = L.ai ? col : INK;
      s += `<path d="M${x + s2 * 14},${y - 20} l${s2 * 12},-8 M${x + s2 * 19},${y - 12} l${s2 * 12},-3" stroke="${lc}" stroke-width="4" stroke-linecap="round"/>`;
    }
  }
  // brows
  if (!L.ai) {
    const bc = darken(L.hair, 0.35);
    const bw = L.female ? 5 : 7;
    const by = y - 40;
    const tilt = L.cls === 'warrior' ? 6 : L.cls === 'ranger' ? -4 : 0;
    s += `<path d="M192,${by - tilt} Q210,${by - 10} 228,${by + tilt}" fill="none" stroke="${bc}" stroke-width="${bw}" stroke-linecap="round"/><path d="M284,${by + tilt} Q302,${by - 10} 320,${by - tilt}" fill="none" stroke="${bc}" stroke-width="${bw}" stroke-linecap="round"/>`;
  }
  return s;
}

function mouth(L: Look): string {
  const y = L.ai ? 254 : 262;
  const blush = L.ai
    ? `<path d="M172,244 l8,-8 M182,246 l8,-8 M322,244 l8,-8 M332,246 l8,-8" stroke="#ff8fb8" stroke-width="4" stroke-linecap="round"/>`
    : `<ellipse cx="180" cy="258" rx="18" ry="10" fill="#ff8fa0" opacity="0.45"/><ellipse cx="332" cy="258" rx="18" ry="10" fill="#ff8fa0" opacity="0.45"/>`;
  const freckles =
    L.d.race === 'human' && L.idx % 3 === 1
      ? `<g fill="${darken(L.skin, 0.3)}" opacity="0.6"><circle cx="174" cy="244" r="2.5"/><circle cx="186" cy="240" r="2.5"/><circle cx="182" cy="250" r="2.5"/><circle cx="326" cy="244" r="2.5"/><circle cx="338" cy="240" r="2.5"/><circle cx="330" cy="250" r="2.5"/></g>`
      : '';
  if (L.ai)
    return `${blush}<path d="M238,${y} Q256,${y + 18} 274,${y}" fill="none" stroke="${L.o.glow}" stroke-width="6" stroke-linecap="round"/>`;
  const mode = L.prof ? 0 : (L.idx + (L.d.skinId ? Number(L.d.skinId) : 0)) % 3;
  if (mode === 0)
    return `${blush}${freckles}<path d="M238,${y - 2} Q256,${y + 16} 274,${y - 2}" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`;
  if (mode === 1)
    return `${blush}${freckles}<path d="M234,${y - 4} Q256,${y - 2} 278,${y - 4} Q274,${y + 24} 256,${y + 24} Q238,${y + 24} 234,${y - 4}Z" fill="#7a2a3a" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/><path d="M244,${y + 15} Q256,${y + 6} 268,${y + 15} Q262,${y + 22} 256,${y + 22} Q250,${y + 22} 244,${y + 15}Z" fill="#ff8fa0"/>`;
  return `${blush}${freckles}<path d="M236,${y - 4} Q256,${y} 276,${y - 4} Q270,${y + 16} 256,${y + 16} Q242,${y + 16} 236,${y - 4}Z" fill="#ffffff" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`;
}

function frontHair(L: Look): string {
  if (L.ai) return '';
  const hc = L.hair;
  const hl = `<path d="M176,132 Q206,104 246,98" fill="none" stroke="#ffffff" stroke-width="7" opacity="0.35" stroke-linecap="round"/>`;
  if (!L.female && L.cls === 'warrior') {
    // spiky
    const spikes =
      'M140,212 L132,150 L112,136 L150,118 L150,84 L196,96 L218,56 L250,86 L290,52 L306,92 L350,76 L352,118 L396,128 L372,152 L372,212 Q360,176 340,160 Q326,182 304,166 Q286,190 262,168 Q240,192 220,168 Q200,186 182,164 Q160,178 140,212Z';
    return `<path d="${spikes}" fill="${hc}" ${stroke}/>${hl}`;
  }
  const side = L.female
    ? `<path d="M146,196 Q134,250 152,290 Q166,260 166,214Z M366,196 Q378,250 360,290 Q346,260 346,214Z" fill="${hc}" ${stroke}/>`
    : '';
  const bangs = L.female
    ? 'M138.3,214 A120,112 0 1 1 373.7,214 Q362,168 334,156 Q322,184 298,164 Q282,192 258,164 Q234,194 214,164 Q196,186 180,160 Q152,170 140,214Z'
    : 'M137.6,210 A120,112 0 1 1 374.4,210 Q366,170 344,150 Q330,172 308,154 Q300,178 276,156 L262,176 L246,154 Q226,178 206,152 Q190,172 168,156 Q150,176 142,210Z';
  return `${side}<path d="${bangs}" fill="${hc}" ${stroke}/>${hl}`;
}

function headgear(L: Look): string {
  const { o } = L;
  if (L.style === 'royal') {
    return `<path d="M196,104 L188,52 L222,80 L256,40 L290,80 L324,52 L316,104 Q256,90 196,104Z" fill="#f2c230" ${stroke}/><circle cx="256" cy="82" r="8" fill="#ff4a6a" stroke="${INK}" stroke-width="3"/><circle cx="214" cy="94" r="5" fill="#4ac6ff"/><circle cx="298" cy="94" r="5" fill="#4ac6ff"/>`;
  }
  if (L.prof) {
    // mortarboard + glasses
    const glasses = `<g fill="#ffffff" fill-opacity="0.25" stroke="${INK}" stroke-width="5"><circle cx="210" cy="${L.ai ? 212 : 224}" r="32"/><circle cx="302" cy="${L.ai ? 212 : 224}" r="32"/></g><path d="M242,${L.ai ? 208 : 220} Q256,${L.ai ? 200 : 212} 270,${L.ai ? 208 : 220}" fill="none" stroke="${INK}" stroke-width="5"/>`;
    return `${glasses}<path d="M186,116 Q256,96 326,116 L322,140 Q256,124 190,140Z" fill="${darken(o.main, 0.3)}" ${stroke}/><path d="M256,58 L376,92 L256,126 L136,92Z" fill="${darken(o.main, 0.35)}" ${stroke}/><path d="M256,92 Q330,100 356,104 L360,156" fill="none" stroke="${o.trim}" stroke-width="5"/><circle cx="360" cy="162" r="9" fill="${o.trim}" ${stroke}/>`;
  }
  if (L.cls === 'mage') {
    const hat = L.style === 'night' ? '#151c45' : darken(o.main, 0.15);
    return `<ellipse cx="256" cy="122" rx="136" ry="28" fill="${hat}" ${stroke}/><path d="M178,118 C206,84 230,40 296,8 C286,48 300,86 334,118 Q256,104 178,118Z" fill="${hat}" ${stroke}/><path d="M186,108 Q256,92 326,108 L330,122 Q256,106 182,122Z" fill="${o.second}" ${stroke}/><polygon points="${starPoints(262, 66, 16, 7)}" fill="${o.trim}" stroke="${INK}" stroke-width="3"/>`;
  }
  if (L.cls === 'ranger') {
    const cap = L.style === 'night' ? '#151c45' : darken(o.main, 0.2);
    return `<path d="M144,150 Q170,60 268,64 Q346,70 382,140 Q300,112 256,116 Q200,118 144,150Z" fill="${cap}" ${stroke}/><path d="M300,92 Q350,40 400,30 Q372,70 330,100Z" fill="${o.trim}" ${stroke}/><path d="M306,92 Q350,52 394,34" fill="none" stroke="${INK}" stroke-width="3"/>`;
  }
  // warrior headband with a metal plate
  return `<path d="M144,170 Q256,128 368,170 L370,190 Q256,150 142,190Z" fill="${o.second}" ${stroke}/><rect x="226" y="140" width="60" height="32" rx="8" fill="${L.style === 'night' ? '#9fb4ff' : '#d6dbe8'}" ${stroke}/>${emblem(L.type, 256, 156, 11)}`;
}

function raceCharm(L: Look): string {
  if (L.prof || L.style === 'royal') return '';
  // a charm of the element in the hair, plus race touches
  let s = '';
  if (L.d.race === 'fairy') {
    s += emblem(L.type, L.cls === 'ranger' ? 178 : 156, L.cls === 'ranger' ? 154 : 150, 18);
    if (L.type === 'plant')
      s += `<g transform="translate(356,150)">${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="0" cy="-12" rx="9" ry="13" fill="${L.o.trim}" stroke="${INK}" stroke-width="3" transform="rotate(${a})"/>`).join('')}<circle r="8" fill="#ffd23b" stroke="${INK}" stroke-width="3"/></g>`;
  } else if (L.d.race === 'elf') {
    if (L.cls !== 'warrior') s += emblem(L.type, 256, 150, 14, L.o.trim);
  } else if (L.d.race === 'human') {
    s += emblem(L.type, 352, 150, 16);
  } else if (L.ai && L.cls !== 'warrior') {
    s += emblem(L.type, 256, 118, 13, L.o.glow);
  }
  return s;
}

function skinExtras(L: Look): string {
  if (L.style === 'eclat') {
    // scarf
    return `<path d="M206,288 Q256,312 306,288 L308,304 Q256,330 204,304Z" fill="${L.o.second}" ${stroke}/><path d="M280,304 L300,352 L282,348 L270,360 L266,310Z" fill="${L.o.second}" ${stroke}/>`;
  }
  if (L.style === 'night') {
    const stars: [number, number, number][] = [
      [226, 344, 6],
      [290, 396, 5],
      [214, 412, 5],
      [300, 320, 4],
    ];
    return stars
      .map(([x, y, r]) => `<polygon points="${starPoints(x, y, r, r / 2.4)}" fill="#fff6c8"/>`)
      .join('');
  }
  return '';
}

function sparkles(L: Look): string {
  if (L.style !== 'night' && L.style !== 'eclat' && L.d.race !== 'fairy') return '';
  const c = L.style === 'night' ? '#fff6c8' : L.style === 'eclat' ? L.o.second : '#ffffff';
  const pts: [number, number, number][] = [
    [70, 120, 12],
    [448, 200, 10],
    [96, 420, 8],
    [430, 430, 11],
    [410, 70, 7],
  ];
  return pts
    .map(
      ([x, y, r]) =>
        `<polygon points="${starPoints(x, y, r, r / 3, 4)}" fill="${c}" stroke="${INK}" stroke-width="2"/>`,
    )
    .join('');
}

function nightMoon(L: Look): string {
  if (L.style !== 'night') return '';
  return `<path d="M362,128 A22,22 0 1 0 384,158 A17,17 0 1 1 362,128Z" fill="#fff1a8" stroke="${INK}" stroke-width="3"/>`;
}

export function avatarSvg(d: AvatarDef, part: 'body' | 'head'): string {
  const L = look(d);
  const defs =
    radial('glow', [
      [0, L.style === 'night' ? '#cfe0ff' : TYPE_COLOR[L.type], 0.9],
      [1, TYPE_COLOR[L.type], 0],
    ]) +
    linear('metal', [
      [0, lighten(L.metal, 0.45)],
      [1, darken(L.metal, 0.12)],
    ]);
  const layers: string[] = [];
  layers.push(`<ellipse cx="256" cy="478" rx="120" ry="16" fill="#000000" opacity="0.18"/>`);
  layers.push(sparkles(L));
  if (L.style === 'royal') layers.push(royalCape(L));
  if (d.race === 'fairy') layers.push(wings(L));
  if (L.cls === 'ranger' && !L.prof) layers.push(quiver(L));
  layers.push(backHair(L));
  if (L.cls === 'ranger' && !L.prof) layers.push(bow(L));
  layers.push(legs(L));
  layers.push(torso(L));
  layers.push(skinExtras(L));
  layers.push(arm(L, -1), arm(L, 1));
  layers.push(shoulders(L));
  layers.push(hand(L, 1));
  if (L.cls === 'warrior') layers.push(sword(L));
  if (L.prof) layers.push(pointer(L));
  layers.push(hand(L, -1));
  if (L.cls === 'warrior') layers.push(shield(L));
  if (L.prof) layers.push(book(L));
  layers.push(ears(L));
  layers.push(face(L));
  layers.push(eyes(L));
  layers.push(mouth(L));
  layers.push(frontHair(L));
  layers.push(raceCharm(L));
  layers.push(headgear(L));
  layers.push(nightMoon(L));
  if (L.cls === 'mage' && !L.prof) layers.push(staff(L), hand(L, 1));
  const body = layers.join('');
  if (part === 'head') return svgDoc(256, 256, body, defs, '96 30 320 320');
  return svgDoc(512, 512, body, defs);
}
