// Bosses: big friendly-scary monsters on a 768x768 transparent canvas, one design per boss key.
import type { BossBiome, BossDef } from '../../shared/catalogue/bosses.js';
import { emblem } from './emblems.js';
import { INK, TYPE_COLOR } from './palette.js';
import { blob, darken, lighten, n, radial, rng, starPoints, svgDoc } from './svg.js';

const W = 7; // outline width
const ol = `stroke="${INK}" stroke-width="${W}" stroke-linejoin="round" stroke-linecap="round"`;

class Defs {
  items: string[] = [];
  private k = 0;
  /** A soft body gradient (light top-left, dark bottom-right) for a colour. */
  body(c: string): string {
    const id = `g${this.k++}`;
    this.items.push(
      radial(
        id,
        [
          [0, lighten(c, 0.35)],
          [0.55, c],
          [1, darken(c, 0.3)],
        ],
        0.38,
        0.3,
        0.8,
      ),
    );
    return `url(#${id})`;
  }
  glow(c: string): string {
    const id = `g${this.k++}`;
    this.items.push(
      radial(id, [
        [0, c, 0.55],
        [1, c, 0],
      ]),
    );
    return `url(#${id})`;
  }
}

// ---------------------------------------------------------------- faces
interface EyeOpts {
  iris?: string;
  angry?: number; // brow slant, 0 = none
  look?: number; // pupil offset x
  glow?: boolean;
}

function eye(x: number, y: number, r: number, o: EyeOpts = {}): string {
  const iris = o.iris ?? '#ffcf3a';
  const lx = o.look ?? 0;
  let s = '';
  if (o.glow) {
    s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 1.5)}" fill="${iris}" opacity="0.25"/><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * 0.8)}" fill="${iris}" ${ol}/><circle cx="${n(x - r * 0.3)}" cy="${n(y - r * 0.25)}" r="${n(r * 0.25)}" fill="#ffffff"/>`;
  } else {
    s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#ffffff" ${ol}/><circle cx="${n(x + lx * r * 0.25)}" cy="${n(y + r * 0.1)}" r="${n(r * 0.6)}" fill="${iris}"/><circle cx="${n(x + lx * r * 0.25)}" cy="${n(y + r * 0.1)}" r="${n(r * 0.32)}" fill="${INK}"/><circle cx="${n(x + lx * r * 0.25 - r * 0.22)}" cy="${n(y - r * 0.15)}" r="${n(r * 0.17)}" fill="#ffffff"/>`;
  }
  if (o.angry) {
    const a = o.angry;
    s += `<path d="M${n(x - r * 1.1)},${n(y - r * 1.05 - a * r * 0.3)} L${n(x + r * 1.1)},${n(y - r * 1.05 + a * r * 0.3)}" stroke="${INK}" stroke-width="${n(r * 0.34)}" stroke-linecap="round"/>`;
  }
  return s;
}

/** Two eyes with inward-angry brows. */
function eyes(cx: number, y: number, gap: number, r: number, o: EyeOpts = {}): string {
  return (
    eye(cx - gap, y, r, { ...o, angry: o.angry ?? 1 }) + eye(cx + gap, y, r, { ...o, angry: -(o.angry ?? 1) })
  );
}

/** A wide toothy grin: w wide, h deep, with fangs. */
function grin(cx: number, y: number, w: number, h: number, fangs = 2, tongue = true): string {
  const x0 = cx - w / 2;
  const x1 = cx + w / 2;
  let s = `<path d="M${n(x0)},${n(y)} Q${n(cx)},${n(y + h * 0.25)} ${n(x1)},${n(y)} Q${n(cx + w * 0.3)},${n(y + h * 1.1)} ${n(cx)},${n(y + h)} Q${n(cx - w * 0.3)},${n(y + h * 1.1)} ${n(x0)},${n(y)}Z" fill="#5a1a2a" ${ol}/>`;
  if (tongue)
    s += `<path d="M${n(cx - w * 0.22)},${n(y + h * 0.8)} Q${n(cx)},${n(y + h * 0.4)} ${n(cx + w * 0.22)},${n(y + h * 0.8)} Q${n(cx)},${n(y + h * 1.02)} ${n(cx - w * 0.22)},${n(y + h * 0.8)}Z" fill="#ff7a8a"/>`;
  const fw = Math.min(w / (fangs * 2 + 1), h * 0.5);
  for (let i = 0; i < fangs; i++) {
    const t = fangs === 1 ? 0.5 : 0.18 + (0.64 * i) / (fangs - 1);
    const fx = x0 + w * t;
    const fy = y + h * 0.25 * (1 - ((t - 0.5) * 2) ** 2) - 2;
    s += `<path d="M${n(fx - fw / 2)},${n(fy)} L${n(fx)},${n(fy + fw * 1.3)} L${n(fx + fw / 2)},${n(fy)}Z" fill="#ffffff" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`;
  }
  return s;
}

function horn(x: number, y: number, s: number, dir: 1 | -1, c = '#f4ead0'): string {
  return `<path d="M${n(x - 22 * s)},${n(y)} Q${n(x + dir * 10 * s)},${n(y - 70 * s)} ${n(x + dir * 50 * s)},${n(y - 90 * s)} Q${n(x + dir * 30 * s)},${n(y - 40 * s)} ${n(x + 24 * s)},${n(y + 4)}Z" fill="${c}" ${ol}/>`;
}

function blush(x: number, y: number, r: number): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * 0.55)}" fill="#ff7a9a" opacity="0.4"/>`;
}

// ---------------------------------------------------------------- particles around the monster
function particles(biome: BossBiome, seed: string): string {
  const r = rng(seed);
  const c = TYPE_COLOR[biome];
  let s = '';
  const spots: [number, number][] = [
    [80, 160],
    [690, 140],
    [60, 430],
    [710, 400],
    [120, 620],
    [660, 640],
    [380, 40],
  ];
  for (const [x0, y0] of spots) {
    const x = x0 + (r() - 0.5) * 40;
    const y = y0 + (r() - 0.5) * 40;
    const k = 14 + r() * 14;
    if (biome === 'water' || biome === 'poison')
      s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(k)}" fill="${lighten(c, 0.55)}" fill-opacity="0.7" stroke="${darken(c, 0.2)}" stroke-width="4"/><circle cx="${n(x - k * 0.35)}" cy="${n(y - k * 0.35)}" r="${n(k * 0.25)}" fill="#ffffff"/>`;
    else if (biome === 'combat')
      s += `<polygon points="${starPoints(x, y, k * 1.3, k * 0.55, 6)}" fill="#ffe36a" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`;
    else if (biome === 'ground')
      s += `<path d="${blob(x, y, k, k * 0.8, `${seed}${x}`, 0.25, 6)}" fill="#a98560" stroke="${INK}" stroke-width="4"/>`;
    else s += emblem(biome, x, y, k, biome === 'electric' ? '#ffe45a' : c);
  }
  return s;
}

function shadow(cx = 384, y = 712, rx = 240): string {
  return `<ellipse cx="${cx}" cy="${y}" rx="${rx}" ry="${n(rx * 0.12)}" fill="#000000" opacity="0.2"/>`;
}

// ---------------------------------------------------------------- designs
type Design = (D: Defs) => string;

const glouglou: Design = (D) => {
  const c = '#4f7fe8';
  let s = shadow();
  const tent = (x0: number, x1: number, y1: number, bend: number) => {
    const p = `M${x0},470 C${x0 + bend},560 ${x1 - bend},${y1 - 120} ${x1},${y1}`;
    return `<path d="${p}" fill="none" stroke="${INK}" stroke-width="70" stroke-linecap="round"/><path d="${p}" fill="none" stroke="${darken(c, 0.1)}" stroke-width="56" stroke-linecap="round"/>`;
  };
  s +=
    tent(220, 110, 620, 60) + tent(290, 230, 700, -40) + tent(470, 540, 700, 40) + tent(540, 660, 610, -60);
  s += tent(350, 330, 690, 20) + tent(420, 450, 690, -20);
  for (const [x, y] of [
    [128, 600],
    [236, 660],
    [540, 660],
    [642, 590],
    [332, 650],
    [450, 650],
  ])
    s += `<circle cx="${x}" cy="${y}" r="9" fill="#ffc2d6" stroke="${INK}" stroke-width="3"/>`;
  s += `<path d="${blob(384, 330, 250, 220, 'glou', 0.05, 12)}" fill="${D.body(c)}" ${ol}/>`;
  for (const [x, y, r] of [
    [250, 200, 22],
    [520, 180, 16],
    [580, 300, 26],
    [200, 330, 14],
  ])
    s += `<circle cx="${x}" cy="${y}" r="${r}" fill="${lighten(c, 0.35)}"/>`;
  s += eyes(384, 330, 90, 56, { iris: '#ffd23b', angry: 1 });
  s += grin(384, 430, 200, 70, 4);
  // captain hat
  s += `<path d="M250,140 Q384,40 518,140 Q384,120 250,140Z" fill="#263a6b" ${ol}/><path d="M230,150 Q384,110 538,150 Q384,160 230,150Z" fill="#1a2a4f" ${ol}/>${emblem('water', 384, 100, 22, '#ffd23b')}`;
  return s;
};

const meduzor: Design = (D) => {
  const c = '#7fd8f0';
  let s = shadow(384, 720, 200);
  for (let i = 0; i < 7; i++) {
    const x = 214 + i * 57;
    const p = `M${x},430 C${x - 40},500 ${x + 40},560 ${x - 10 + (i % 2) * 20},${660 + (i % 3) * 20}`;
    s += `<path d="${p}" fill="none" stroke="${INK}" stroke-width="26" stroke-linecap="round"/><path d="${p}" fill="none" stroke="#e08ad8" stroke-width="14" stroke-linecap="round"/>`;
  }
  s += `<circle cx="384" cy="320" r="300" fill="${D.glow('#8ff0ff')}"/>`;
  let frill = 'M134,400';
  for (let i = 0; i < 10; i++) frill += ` Q${159 + i * 50},${460} ${184 + i * 50},${400}`;
  s += `<path d="M134,400 C120,160 260,90 384,90 C508,90 648,160 634,400 ${frill.slice(8)} Z" fill="${D.body(c)}" fill-opacity="0.92" ${ol}/>`;
  s += `<path d="M200,220 Q260,130 360,118" fill="none" stroke="#ffffff" stroke-width="16" stroke-linecap="round" opacity="0.6"/>`;
  s +=
    eye(384, 220, 48, { iris: '#ff5aa8', angry: 0 }) +
    `<path d="M320,160 L448,176" stroke="${INK}" stroke-width="16" stroke-linecap="round"/>`;
  s += eyes(384, 300, 120, 34, { iris: '#ff5aa8', angry: 1 });
  s += grin(384, 350, 150, 56, 3);
  s += blush(250, 350, 28) + blush(518, 350, 28);
  return s;
};

const ronceboule: Design = (D) => {
  const c = '#3f9a3a';
  let s = shadow();
  const k = 22;
  for (let i = 0; i < k; i++) {
    const a = (i / k) * Math.PI * 2;
    const x = 384 + Math.cos(a) * 250;
    const y = 390 + Math.sin(a) * 235;
    const tx = 384 + Math.cos(a) * 320;
    const ty = 390 + Math.sin(a) * 300;
    const px = Math.cos(a + Math.PI / 2) * 28;
    const py = Math.sin(a + Math.PI / 2) * 28;
    if (ty < 700)
      s += `<path d="M${n(x - px)},${n(y - py)} L${n(tx)},${n(ty)} L${n(x + px)},${n(y + py)}Z" fill="#8a5a2b" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>`;
  }
  s += `<ellipse cx="290" cy="680" rx="60" ry="30" fill="#5a3a1f" ${ol}/><ellipse cx="478" cy="680" rx="60" ry="30" fill="#5a3a1f" ${ol}/>`;
  s += `<path d="${blob(384, 390, 268, 252, 'ronce', 0.06, 14)}" fill="${D.body(c)}" ${ol}/>`;
  for (let i = 0; i < 9; i++) {
    const a = i * 0.7 + 0.3;
    const x = 384 + Math.cos(a * 2.3) * 190;
    const y = 390 + Math.sin(a * 2.3) * 180;
    s += `<path d="M${n(x)},${n(y)} q18,-30 36,0 q-18,22 -36,0Z" fill="${lighten(c, 0.3)}" stroke="${darken(c, 0.4)}" stroke-width="3"/>`;
  }
  const flower = (x: number, y: number, col: string) =>
    `<g transform="translate(${x},${y})">${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="0" cy="-20" rx="15" ry="22" fill="${col}" stroke="${INK}" stroke-width="4" transform="rotate(${a})"/>`).join('')}<circle r="13" fill="#ffd23b" stroke="${INK}" stroke-width="4"/></g>`;
  s += flower(220, 230, '#ff8ac0') + flower(560, 250, '#ffffff') + flower(600, 470, '#ff8ac0');
  s += eyes(384, 340, 95, 54, { iris: '#ff4a3a', angry: 1.2 });
  s += grin(384, 450, 230, 90, 5);
  return s;
};

const cheneGrognon: Design = (D) => {
  const bark = '#8a5a34';
  let s = shadow(384, 716, 230);
  // roots
  s += `<path d="M250,640 Q200,700 150,706 L300,706 Q300,680 310,660Z M518,640 Q568,700 618,706 L468,706 Q468,680 458,660Z" fill="${darken(bark, 0.15)}" ${ol}/>`;
  // branch arms
  s += `<path d="M230,420 Q140,380 110,300 M110,300 L70,280 M110,300 L100,250 M538,420 Q628,380 658,300 M658,300 L698,280 M658,300 L668,250" fill="none" stroke="${INK}" stroke-width="42" stroke-linecap="round"/><path d="M230,420 Q140,380 110,300 M110,300 L70,280 M110,300 L100,250 M538,420 Q628,380 658,300 M658,300 L698,280 M658,300 L668,250" fill="none" stroke="${bark}" stroke-width="28" stroke-linecap="round"/>`;
  // trunk
  s += `<path d="M250,300 Q240,520 226,690 L542,690 Q528,520 518,300Z" fill="${D.body(bark)}" ${ol}/>`;
  s += `<path d="M290,560 q10,60 -6,110 M470,540 q-14,70 6,130 M380,600 q6,40 0,80" fill="none" stroke="${darken(bark, 0.35)}" stroke-width="6" stroke-linecap="round"/>`;
  // crown of leaves
  const crown: [number, number, number][] = [
    [384, 170, 150],
    [230, 220, 110],
    [538, 220, 110],
    [300, 110, 100],
    [468, 110, 100],
    [170, 300, 80],
    [598, 300, 80],
  ];
  s += crown.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#3a8a3a" ${ol}/>`).join('');
  s += crown
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r - 4}" fill="${D.body('#4cae44')}"/>`)
    .join('');
  for (const [x, y] of [
    [300, 120],
    [470, 140],
    [200, 240],
    [560, 250],
    [390, 70],
  ])
    s += `<circle cx="${x}" cy="${y}" r="16" fill="#ff5a5a" ${ol}/><circle cx="${x - 5}" cy="${y - 5}" r="5" fill="#ffffff"/>`;
  // face
  s += `<ellipse cx="310" cy="400" rx="56" ry="50" fill="${darken(bark, 0.35)}"/><ellipse cx="458" cy="400" rx="56" ry="50" fill="${darken(bark, 0.35)}"/>`;
  s += eyes(384, 400, 74, 40, { iris: '#ffcf3a', angry: 1.3 });
  s += `<path d="M290,486 Q340,450 384,484 Q428,450 478,486 Q440,520 384,500 Q328,520 290,486Z" fill="#5aa03a" ${ol}/>`;
  s += grin(384, 520, 150, 60, 2);
  return s;
};

const champignasse: Design = (D) => {
  const cap = '#9a3fd0';
  let s = shadow(384, 716, 200);
  s += `<path d="M290,360 Q270,560 300,690 L468,690 Q498,560 478,360Z" fill="${D.body('#f6e6c8')}" ${ol}/>`;
  s += `<path d="M300,360 Q384,420 468,360" fill="none" stroke="#d8c0a0" stroke-width="12"/>`;
  s += `<path d="M300,470 Q240,520 220,580 M468,470 Q528,520 548,580" fill="none" stroke="${INK}" stroke-width="40" stroke-linecap="round"/><path d="M300,470 Q240,520 220,580 M468,470 Q528,520 548,580" fill="none" stroke="#f6e6c8" stroke-width="26" stroke-linecap="round"/>`;
  s += `<path d="M110,370 C110,140 250,70 384,70 C518,70 658,140 658,370 Q384,410 110,370Z" fill="${D.body(cap)}" ${ol}/>`;
  for (const [x, y, r] of [
    [230, 220, 36],
    [384, 150, 44],
    [540, 230, 38],
    [300, 320, 22],
    [480, 320, 26],
    [170, 320, 18],
    [610, 330, 18],
  ])
    s += `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 0.8}" fill="#c8ff6a" stroke="${INK}" stroke-width="4"/>`;
  // drips
  for (const x of [160, 260, 520, 620])
    s += `<path d="M${x - 12},372 Q${x},420 ${x},430 Q${x + 12},420 ${x + 12},374Z" fill="#8be04e" stroke="${INK}" stroke-width="4"/>`;
  s += eyes(384, 470, 54, 34, { iris: '#9a3fd0', angry: 1 });
  s += grin(384, 540, 110, 50, 2);
  s += blush(310, 520, 20) + blush(458, 520, 20);
  return s;
};

const voltigor: Design = (D) => {
  const c = '#6a4cd8';
  let s = shadow();
  // tracks
  s += `<rect x="200" y="600" width="368" height="96" rx="48" fill="#3a3650" ${ol}/>${[250, 330, 410, 490].map((x) => `<circle cx="${x + 16}" cy="648" r="26" fill="#8a86a0" stroke="${INK}" stroke-width="5"/>`).join('')}`;
  // arms (claws)
  const arm = (s1: number) => {
    const x = 384 + s1 * 200;
    return `<path d="M${384 + s1 * 150},420 L${x + s1 * 60},480 L${x + s1 * 70},560" fill="none" stroke="${INK}" stroke-width="44" stroke-linecap="round" stroke-linejoin="round"/><path d="M${384 + s1 * 150},420 L${x + s1 * 60},480 L${x + s1 * 70},560" fill="none" stroke="#a8a4c0" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"/><path d="M${x + s1 * 40},560 Q${x + s1 * 70},640 ${x + s1 * 110},580 Q${x + s1 * 90},600 ${x + s1 * 70},590Z" fill="#ffd23b" ${ol}/>`;
  };
  s += arm(-1) + arm(1);
  s += `<rect x="214" y="360" width="340" height="260" rx="50" fill="${D.body(c)}" ${ol}/>`;
  s += `<circle cx="384" cy="490" r="56" fill="#1a1533" ${ol}/>${emblem('electric', 384, 490, 40, '#ffe45a')}`;
  s += `<rect x="240" y="380" width="70" height="16" rx="8" fill="#ffffff" opacity="0.35"/>`;
  // tesla coils
  for (const x of [270, 498]) {
    s += `<rect x="${x - 14}" y="90" width="28" height="90" fill="#c8c4dc" ${ol}/>`;
    for (let i = 0; i < 3; i++)
      s += `<ellipse cx="${x}" cy="${110 + i * 26}" rx="26" ry="9" fill="#d08a3a" stroke="${INK}" stroke-width="4"/>`;
    s += `<circle cx="${x}" cy="80" r="26" fill="#ffe45a" ${ol}/><circle cx="${x}" cy="80" r="44" fill="${D.glow('#fff07a')}"/>`;
  }
  s += `<path d="M296,70 L340,90 L330,60 L384,80 L372,52 L472,74" fill="none" stroke="#fff07a" stroke-width="8" stroke-linejoin="round"/>`;
  // head
  s += `<rect x="204" y="160" width="360" height="220" rx="70" fill="${D.body('#b8b4d0')}" ${ol}/>`;
  s += `<rect x="236" y="196" width="296" height="150" rx="50" fill="#1a1533" ${ol}/>`;
  s += `<path d="M270,240 L350,262 L270,290Z M498,240 L418,262 L498,290Z" fill="#ff5a5a"/><path d="M270,240 L350,262 L270,290Z M498,240 L418,262 L498,290Z" fill="#ff5a5a" opacity="0.3" stroke="#ff5a5a" stroke-width="14" stroke-linejoin="round"/>`;
  s += `<path d="M320,318 L344,304 L368,318 L392,304 L416,318 L440,304" fill="none" stroke="#6ff3ff" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>`;
  return s;
};

const zapzap: Design = (D) => {
  const c = '#ffd23b';
  let s = shadow(384, 712, 180);
  s += `<circle cx="384" cy="390" r="330" fill="${D.glow('#fff07a')}"/>`;
  s += `<ellipse cx="300" cy="680" rx="46" ry="26" fill="#e0a020" ${ol}/><ellipse cx="468" cy="680" rx="46" ry="26" fill="#e0a020" ${ol}/>`;
  s += `<polygon points="${starPoints(384, 390, 300, 210, 16, -Math.PI / 2.3)}" fill="${D.body(c)}" ${ol}/>`;
  s += `<circle cx="384" cy="400" r="200" fill="${lighten(c, 0.35)}" opacity="0.5"/>`;
  s +=
    eye(300, 350, 62, { iris: '#3aa6f0', angry: 0.8, look: 1 }) +
    eye(478, 340, 44, { iris: '#3aa6f0', angry: -1.2, look: -1 });
  s += grin(384, 450, 250, 90, 6, false);
  for (const [x, y, a] of [
    [90, 260, -20],
    [680, 250, 25],
    [120, 520, 15],
    [650, 540, -15],
  ])
    s += `<g transform="translate(${x},${y}) rotate(${a})">${emblem('electric', 0, 0, 50, '#fff07a')}</g>`;
  return s;
};

const toxibot: Design = (D) => {
  let s = shadow(384, 716, 200);
  s += `<path d="M280,640 L260,700 L330,700 M488,640 L508,700 L438,700" fill="none" stroke="${INK}" stroke-width="34" stroke-linecap="round" stroke-linejoin="round"/><path d="M280,640 L260,700 L330,700 M488,640 L508,700 L438,700" fill="none" stroke="#7a8494" stroke-width="20" stroke-linecap="round" stroke-linejoin="round"/>`;
  // pipe arms with nozzles
  s += `<path d="M230,420 Q120,420 120,540 M538,420 Q648,420 648,300" fill="none" stroke="${INK}" stroke-width="48" stroke-linecap="round"/><path d="M230,420 Q120,420 120,540 M538,420 Q648,420 648,300" fill="none" stroke="#8a94a8" stroke-width="34" stroke-linecap="round"/>`;
  s += `<rect x="90" y="530" width="60" height="50" rx="10" fill="#5b3aa8" ${ol}/><path d="M104,582 Q120,640 112,660 Q130,640 136,582Z" fill="#8be04e" stroke="${INK}" stroke-width="4"/>`;
  s += `<rect x="618" y="250" width="60" height="50" rx="10" fill="#5b3aa8" ${ol}/><circle cx="650" cy="220" r="22" fill="#b8ff5a" stroke="${INK}" stroke-width="4"/><circle cx="676" cy="180" r="14" fill="#b8ff5a" stroke="${INK}" stroke-width="4"/>`;
  // barrel
  s += `<path d="M226,180 Q384,130 542,180 L560,620 Q384,680 208,620Z" fill="${D.body('#9aa4b8')}" ${ol}/>`;
  s += `<path d="M222,260 Q384,220 546,260 L548,300 Q384,260 220,300Z" fill="#ffd23b" stroke="${INK}" stroke-width="5"/>`;
  for (let i = 0; i < 6; i++)
    s += `<path d="M${240 + i * 54},${250 - (i > 2 ? 5 - i : i) * 4} l30,0 l-18,40 l-30,0Z" fill="${INK}"/>`;
  s += `<path d="M250,400 Q384,370 518,400 L512,580 Q384,610 256,580Z" fill="#2a2540" ${ol}/>`;
  s += `<path d="M258,470 Q320,440 384,470 Q448,500 510,470 L512,580 Q384,610 256,580Z" fill="#8be04e"/>`;
  for (const [x, y, r] of [
    [310, 520, 14],
    [420, 540, 10],
    [470, 500, 16],
    [350, 560, 8],
  ])
    s += `<circle cx="${x}" cy="${y}" r="${r}" fill="#d7ff8a"/>`;
  s += `<path d="M256,400 Q384,370 518,400" fill="none" stroke="#ffffff" stroke-width="8" opacity="0.3"/>`;
  // lid & one eye
  s += `<ellipse cx="384" cy="180" rx="158" ry="40" fill="#6a7488" ${ol}/>`;
  s += `<rect x="300" y="300" width="168" height="86" rx="43" fill="#1a1533" stroke="${INK}" stroke-width="5"/>`;
  s += eye(384, 340, 36, { iris: '#b8ff5a', glow: true });
  s += `<path d="M330,300 L438,318" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>`;
  s += `<path d="M360,150 L360,110 M408,150 L408,96" stroke="${INK}" stroke-width="16" stroke-linecap="round"/><path d="M360,150 L360,110 M408,150 L408,96" stroke="#8a94a8" stroke-width="8" stroke-linecap="round"/><circle cx="408" cy="80" r="20" fill="#b8ff5a" stroke="${INK}" stroke-width="5"/><circle cx="360" cy="96" r="14" fill="#b8ff5a" stroke="${INK}" stroke-width="5"/>`;
  return s;
};

const slimax: Design = (D) => {
  const c = '#8be04e';
  let s = shadow(384, 712, 270);
  let base = 'M110,690';
  for (let i = 0; i < 6; i++) base += ` Q${150 + i * 100},${i % 2 ? 720 : 660} ${200 + i * 100},690`;
  s += `<path d="M110,690 C90,500 190,250 384,230 C578,250 678,500 658,690 ${base.slice(8).replace(/ Q/g, ' Q')} Z" transform="translate(0,0)" fill="${D.body(c)}" ${ol}/>`;
  // eye stalks
  for (const [x, top, r] of [
    [290, 110, 40],
    [384, 70, 48],
    [478, 110, 40],
  ]) {
    s += `<path d="M${x},300 Q${x + (x - 384) * 0.2},${top + 80} ${x},${top + 30}" fill="none" stroke="${INK}" stroke-width="32" stroke-linecap="round"/><path d="M${x},300 Q${x + (x - 384) * 0.2},${top + 80} ${x},${top + 30}" fill="none" stroke="${c}" stroke-width="18" stroke-linecap="round"/>`;
    s += eye(x, top, r, { iris: '#a657e0', angry: 0, look: (384 - x) / 100 });
  }
  for (const [x, y, r] of [
    [230, 520, 22],
    [540, 560, 30],
    [480, 380, 14],
    [260, 380, 12],
    [400, 620, 16],
  ])
    s += `<circle cx="${x}" cy="${y}" r="${r}" fill="${lighten(c, 0.4)}" stroke="${darken(c, 0.3)}" stroke-width="4"/>`;
  s += `<path d="M230,330 Q280,270 350,260" fill="none" stroke="#ffffff" stroke-width="16" stroke-linecap="round" opacity="0.5"/>`;
  s += grin(384, 420, 260, 110, 4);
  s += `<path d="M460,480 Q470,540 462,560 Q480,540 480,470Z" fill="#c8ff9a" stroke="${INK}" stroke-width="4"/>`;
  return s;
};

const ferraillon: Design = (D) => {
  const m = '#8a8f9e';
  const rust = '#b8643a';
  let s = shadow();
  s += `<rect x="240" y="580" width="110" height="120" rx="20" fill="${D.body(rust)}" ${ol}/><rect x="418" y="580" width="110" height="120" rx="20" fill="${D.body(rust)}" ${ol}/>`;
  // arms
  s += `<rect x="110" y="330" width="110" height="200" rx="30" fill="${D.body(m)}" ${ol}/><rect x="548" y="330" width="110" height="200" rx="30" fill="${D.body(m)}" ${ol}/>`;
  s += `<rect x="86" y="500" width="150" height="130" rx="40" fill="${D.body(rust)}" ${ol}/><rect x="532" y="500" width="150" height="130" rx="40" fill="${D.body(rust)}" ${ol}/>`;
  s += `<rect x="200" y="290" width="368" height="320" rx="50" fill="${D.body(m)}" ${ol}/>`;
  s += `<path d="M230,330 L330,320 L320,420 L236,430Z" fill="${rust}" stroke="${INK}" stroke-width="5"/><path d="M450,460 L540,450 L546,560 L446,566Z" fill="#6a7080" stroke="${INK}" stroke-width="5"/>`;
  for (const [x, y] of [
    [245, 340],
    [315, 332],
    [460, 472],
    [530, 464],
    [230, 580],
    [540, 590],
  ])
    s += `<circle cx="${x}" cy="${y}" r="8" fill="#d6dbe8" stroke="${INK}" stroke-width="3"/>`;
  s += `<rect x="330" y="450" width="100" height="100" rx="20" fill="#1a1533" ${ol}/><circle cx="380" cy="500" r="30" fill="#ff8a2a"/><circle cx="380" cy="500" r="50" fill="${D.glow('#ffb85a')}"/>`;
  // head
  s += `<rect x="250" y="110" width="268" height="200" rx="40" fill="${D.body('#a0a6b4')}" ${ol}/>`;
  s += `<path d="M250,160 L518,160" stroke="${INK}" stroke-width="5"/><rect x="290" y="180" width="190" height="80" rx="20" fill="#1a1533" stroke="${INK}" stroke-width="5"/>`;
  s +=
    eye(340, 220, 28, { iris: '#ffd23b', glow: true }) + eye(430, 220, 28, { iris: '#ffd23b', glow: true });
  s += `<path d="M300,182 L370,205 M470,182 L400,205" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>`;
  s += `<path d="M330,280 L440,280" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>${[350, 384, 418].map((x) => `<path d="M${x},270 L${x},290" stroke="${INK}" stroke-width="5"/>`).join('')}`;
  s += `<path d="M384,110 L384,60" stroke="${INK}" stroke-width="10"/><path d="M350,60 Q384,20 418,60" fill="none" stroke="${INK}" stroke-width="10" stroke-linecap="round"/>`;
  return s;
};

const rocabosse: Design = (D) => {
  const r0 = '#9a8470';
  let s = shadow();
  s += `<path d="${blob(270, 650, 80, 60, 'rl', 0.15, 7)}" fill="${D.body(darken(r0, 0.1))}" ${ol}/><path d="${blob(498, 650, 80, 60, 'rr', 0.15, 7)}" fill="${D.body(darken(r0, 0.1))}" ${ol}/>`;
  s += `<path d="${blob(130, 450, 100, 110, 'fl', 0.15, 8)}" fill="${D.body(r0)}" ${ol}/><path d="${blob(638, 450, 100, 110, 'fr', 0.15, 8)}" fill="${D.body(r0)}" ${ol}/>`;
  s += `<path d="${blob(384, 410, 230, 240, 'rb', 0.1, 9)}" fill="${D.body(r0)}" ${ol}/>`;
  // crystals on shoulders
  for (const [x, y, a] of [
    [200, 220, -30],
    [240, 180, -10],
    [540, 190, 15],
    [580, 230, 35],
  ])
    s += `<g transform="translate(${x},${y}) rotate(${a})"><path d="M-20,30 L-20,-30 L0,-70 L20,-30 L20,30Z" fill="#6fd6e8" ${ol}/><path d="M0,-70 L0,30" stroke="#ffffff" stroke-width="5" opacity="0.6"/></g>`;
  s += `<path d="M200,300 Q260,250 320,290 Q300,320 240,330Z" fill="#6aae4a" stroke="${INK}" stroke-width="5"/><path d="M520,520 Q580,500 600,560 Q560,570 520,560Z" fill="#6aae4a" stroke="${INK}" stroke-width="5"/>`;
  s += `<path d="M300,560 l30,-40 l20,30 M460,320 l30,20 l-10,30" fill="none" stroke="${darken(r0, 0.4)}" stroke-width="6" stroke-linecap="round"/>`;
  s += `<ellipse cx="320" cy="360" rx="62" ry="54" fill="${darken(r0, 0.35)}"/><ellipse cx="448" cy="360" rx="62" ry="54" fill="${darken(r0, 0.35)}"/>`;
  s += eyes(384, 365, 64, 42, { iris: '#ffa02a', angry: 1.3 });
  s += grin(384, 450, 190, 76, 4);
  return s;
};

const taupinator: Design = (D) => {
  const fur = '#7a5a48';
  let s = shadow();
  s += `<path d="${blob(384, 430, 270, 260, 'taupe', 0.04, 12)}" fill="${D.body(fur)}" ${ol}/>`;
  s += `<ellipse cx="384" cy="520" rx="170" ry="150" fill="${lighten(fur, 0.35)}"/>`;
  // claws
  const claw = (x: number, sd: number) =>
    `<g transform="translate(${x},560) scale(${sd},1)"><ellipse cx="0" cy="0" rx="80" ry="64" fill="#f0b8b8" ${ol}/>${[
      -44, -10, 24,
    ]
      .map(
        (dx) =>
          `<path d="M${dx - 14},40 L${dx + 4},110 L${dx + 20},40Z" fill="#f4ead0" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>`,
      )
      .join('')}</g>`;
  s += claw(170, 1) + claw(598, -1);
  // helmet with lamp
  s += `<path d="M170,250 C170,90 598,90 598,250 Q384,210 170,250Z" fill="#ffd23b" ${ol}/><path d="M150,250 Q384,200 618,250 L612,280 Q384,236 156,280Z" fill="#e0a020" ${ol}/>`;
  s += `<rect x="344" y="100" width="80" height="60" rx="14" fill="#6a7080" ${ol}/><circle cx="384" cy="130" r="22" fill="#fff6a8" stroke="${INK}" stroke-width="5"/><path d="M350,110 L260,20 L508,20 L418,110Z" fill="#fff6a8" opacity="0.25"/>`;
  // goggles
  s += `<path d="M200,330 Q384,300 568,330" stroke="${INK}" stroke-width="20" fill="none"/>`;
  for (const x of [300, 468])
    s += `<circle cx="${x}" cy="330" r="62" fill="#b8b0a0" ${ol}/><circle cx="${x}" cy="330" r="46" fill="#bfe8ff" stroke="${INK}" stroke-width="5"/>`;
  s += eye(300, 336, 30, { iris: '#7a3a1a', angry: 0 }) + eye(468, 336, 30, { iris: '#7a3a1a', angry: 0 });
  s += `<path d="M240,270 L340,300 M528,270 L428,300" stroke="${INK}" stroke-width="14" stroke-linecap="round"/>`;
  s += `<ellipse cx="384" cy="420" rx="48" ry="36" fill="#ff8aa8" ${ol}/><ellipse cx="370" cy="408" rx="12" ry="8" fill="#ffffff" opacity="0.7"/>`;
  s += grin(384, 470, 150, 60, 2);
  s += `<path d="M230,430 L150,420 M230,450 L150,460 M538,430 L618,420 M538,450 L618,460" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`;
  return s;
};

const cogneur: Design = (D) => {
  const skin = '#6fae5a';
  let s = shadow();
  s += `<rect x="250" y="560" width="100" height="140" rx="30" fill="#3a4a8a" ${ol}/><rect x="418" y="560" width="100" height="140" rx="30" fill="#3a4a8a" ${ol}/>`;
  s += `<ellipse cx="300" cy="700" rx="70" ry="26" fill="#2a2a3a" ${ol}/><ellipse cx="468" cy="700" rx="70" ry="26" fill="#2a2a3a" ${ol}/>`;
  // torso
  s += `<path d="M170,300 Q384,220 598,300 L540,600 Q384,640 228,600Z" fill="${D.body(skin)}" ${ol}/>`;
  s += `<path d="M300,360 Q340,400 384,370 Q428,400 468,360 M320,450 L448,450 M330,510 L438,510 M384,400 L384,560" fill="none" stroke="${darken(skin, 0.3)}" stroke-width="6" stroke-linecap="round"/>`;
  s += `<path d="M226,560 Q384,600 542,560 L546,610 Q384,650 222,610Z" fill="#ffd23b" ${ol}/><rect x="344" y="560" width="80" height="60" rx="14" fill="#f2f2f2" ${ol}/>${emblem('combat', 384, 590, 22, '#ef5a3c')}`;
  // arms with gloves
  s += `<path d="M190,320 Q100,400 120,500" fill="none" stroke="${INK}" stroke-width="94" stroke-linecap="round"/><path d="M190,320 Q100,400 120,500" fill="none" stroke="${skin}" stroke-width="80" stroke-linecap="round"/>`;
  s += `<path d="M578,320 Q668,400 648,500" fill="none" stroke="${INK}" stroke-width="94" stroke-linecap="round"/><path d="M578,320 Q668,400 648,500" fill="none" stroke="${skin}" stroke-width="80" stroke-linecap="round"/>`;
  s += `<circle cx="120" cy="540" r="80" fill="${D.body('#e0302a')}" ${ol}/><circle cx="648" cy="540" r="80" fill="${D.body('#e0302a')}" ${ol}/>`;
  s += `<rect x="80" y="460" width="80" height="30" rx="8" fill="#f2f2f2" ${ol}/><rect x="608" y="460" width="80" height="30" rx="8" fill="#f2f2f2" ${ol}/>`;
  // head
  s += `<path d="${blob(384, 220, 130, 120, 'cog', 0.05, 10)}" fill="${D.body(skin)}" ${ol}/>`;
  s += `<path d="M260,170 Q384,120 508,170 L506,200 Q384,150 262,200Z" fill="#e0302a" ${ol}/><path d="M506,180 L580,160 L560,200 L600,220" fill="none" stroke="${INK}" stroke-width="26" stroke-linecap="round" stroke-linejoin="round"/><path d="M506,180 L580,160 L560,200 L600,220" fill="none" stroke="#e0302a" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`;
  s += eyes(384, 238, 54, 30, { iris: '#ff8a2a', angry: 1.4 });
  s += `<path d="M310,286 Q384,330 458,286 Q440,320 384,326 Q328,320 310,286Z" fill="#5a1a2a" ${ol}/>`;
  s += `<path d="M322,292 L332,250 L348,300Z M446,292 L436,250 L420,300Z" fill="#f4ead0" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>`;
  return s;
};

const minotor: Design = (D) => {
  const fur = '#9a5a34';
  let s = shadow();
  s += `<path d="M280,580 L260,690 M488,580 L508,690" stroke="${INK}" stroke-width="84" stroke-linecap="round"/><path d="M280,580 L260,690 M488,580 L508,690" stroke="${darken(fur, 0.15)}" stroke-width="70" stroke-linecap="round"/>`;
  s += `<path d="M220,700 L230,660 L300,660 L300,700Z M468,700 L468,660 L538,660 L548,700Z" fill="#3a2a22" ${ol}/>`;
  s += `<path d="M200,340 Q384,280 568,340 L520,620 Q384,650 248,620Z" fill="${D.body(fur)}" ${ol}/>`;
  s += `<path d="M300,380 Q384,460 468,380 L440,580 Q384,600 328,580Z" fill="${lighten(fur, 0.35)}"/>`;
  s += `<path d="M240,560 Q384,600 528,560 L530,610 Q384,650 238,610Z" fill="#3a3a5a" ${ol}/>${emblem('combat', 384, 596, 26, '#ffd23b')}`;
  for (const sd of [-1, 1]) {
    const x = 384 + sd * 220;
    s += `<path d="M${384 + sd * 170},360 Q${x + sd * 40},420 ${x},540" fill="none" stroke="${INK}" stroke-width="90" stroke-linecap="round"/><path d="M${384 + sd * 170},360 Q${x + sd * 40},420 ${x},540" fill="none" stroke="${fur}" stroke-width="76" stroke-linecap="round"/>`;
    s += `<rect x="${x - 46}" y="470" width="92" height="34" rx="10" fill="#ffd23b" ${ol}/><circle cx="${x}" cy="566" r="46" fill="${darken(fur, 0.1)}" ${ol}/>`;
  }
  // head with horns
  s += horn(270, 150, 1.3, -1) + horn(498, 150, 1.3, 1);
  s += `<path d="${blob(384, 230, 150, 135, 'mino', 0.04, 10)}" fill="${D.body(fur)}" ${ol}/>`;
  s += `<path d="M240,170 L180,150 L220,200Z M528,170 L588,150 L548,200Z" fill="${fur}" ${ol}/>`;
  s += `<ellipse cx="384" cy="310" rx="100" ry="64" fill="#e8b0a0" ${ol}/><ellipse cx="350" cy="306" rx="14" ry="18" fill="${INK}"/><ellipse cx="418" cy="306" rx="14" ry="18" fill="${INK}"/>`;
  s += `<circle cx="384" cy="350" r="30" fill="none" stroke="#ffd23b" stroke-width="10"/><circle cx="384" cy="350" r="30" fill="none" stroke="${INK}" stroke-width="3"/>`;
  s += eyes(384, 210, 66, 30, { iris: '#ff4a3a', angry: 1.4 });
  s += `<path d="M250,300 q-40,-10 -60,-40 M518,300 q40,-10 60,-40" fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round" opacity="0.8"/>`;
  return s;
};

const carnivora: Design = (D) => {
  let s = shadow(384, 716, 180);
  s += `<path d="M270,600 L290,700 L478,700 L498,600Z" fill="#c0643a" ${ol}/><rect x="250" y="570" width="268" height="50" rx="14" fill="#d87a48" ${ol}/>`;
  s += `<path d="M384,580 C350,500 430,440 384,380" fill="none" stroke="${INK}" stroke-width="50" stroke-linecap="round"/><path d="M384,580 C350,500 430,440 384,380" fill="none" stroke="#3f9a3a" stroke-width="36" stroke-linecap="round"/>`;
  s += `<path d="M370,520 Q240,440 170,500 Q260,560 370,540Z M398,500 Q530,420 600,480 Q510,540 398,520Z" fill="${D.body('#4cae44')}" ${ol}/>`;
  // jaws
  s += `<path d="M130,300 C130,100 638,100 638,300 Q384,260 130,300Z" fill="${D.body('#5ac24a')}" ${ol}/>`;
  s += `<path d="M140,300 C140,480 628,480 628,300 Q384,340 140,300Z" fill="${D.body('#4cae44')}" ${ol}/>`;
  s += `<path d="M160,300 Q384,250 608,300 Q384,420 160,300Z" fill="#c0263a" ${ol}/>`;
  for (let i = 0; i < 8; i++) {
    const x = 180 + i * 58;
    const yt = 292 - Math.sin((i / 7) * Math.PI) * 22;
    s += `<path d="M${x},${yt} L${x + 14},${yt + 36} L${x + 28},${yt}Z" fill="#ffffff" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`;
  }
  s += `<path d="M330,340 Q384,400 440,350 Q420,380 384,382" fill="#ff7a8a" stroke="${INK}" stroke-width="4"/>`;
  for (const [x, y] of [
    [200, 200],
    [568, 200],
    [384, 150],
  ])
    s += `<circle cx="${x}" cy="${y}" r="14" fill="#ffe36a" stroke="${INK}" stroke-width="4"/>`;
  s +=
    eye(290, 150, 40, { iris: '#ff4a3a', angry: 1.2 }) + eye(478, 150, 40, { iris: '#ff4a3a', angry: -1.2 });
  for (let i = 0; i < 9; i++) {
    const x = 150 + i * 58;
    s += `<path d="M${x},${300 - Math.sin((i / 8) * Math.PI) * 140} l-10,-30 l24,16Z" fill="#3a8a3a" stroke="${INK}" stroke-width="3"/>`;
  }
  return s;
};

const pyrodrake: Design = (D) => {
  const c = '#e0453a';
  let s = shadow();
  // wings
  s += `<path d="M260,330 L60,150 L110,270 L40,300 L130,360 L80,440 L260,440Z" fill="${D.body('#a8283a')}" ${ol}/><path d="M508,330 L708,150 L658,270 L728,300 L638,360 L688,440 L508,440Z" fill="${D.body('#a8283a')}" ${ol}/>`;
  // tail with flame
  s += `<path d="M500,600 Q650,640 680,540" fill="none" stroke="${INK}" stroke-width="54" stroke-linecap="round"/><path d="M500,600 Q650,640 680,540" fill="none" stroke="${c}" stroke-width="40" stroke-linecap="round"/>${emblem('fire', 690, 490, 50, '#ffb82e')}`;
  s += `<path d="${blob(384, 500, 200, 190, 'drake', 0.04, 10)}" fill="${D.body(c)}" ${ol}/>`;
  s += `<path d="M300,390 Q384,370 468,390 L450,640 Q384,670 318,640Z" fill="#ffd27a" ${ol}/>${[440, 490, 540, 590].map((y) => `<path d="M${306 + (y - 400) * 0.04},${y} Q384,${y + 14} ${462 - (y - 400) * 0.04},${y}" fill="none" stroke="${INK}" stroke-width="4"/>`).join('')}`;
  s += `<ellipse cx="290" cy="680" rx="60" ry="30" fill="${darken(c, 0.2)}" ${ol}/><ellipse cx="478" cy="680" rx="60" ry="30" fill="${darken(c, 0.2)}" ${ol}/>`;
  // head
  s += horn(300, 150, 1, -1) + horn(468, 150, 1, 1);
  s += `<path d="${blob(384, 240, 160, 130, 'dhead', 0.04, 10)}" fill="${D.body(c)}" ${ol}/>`;
  s += `<path d="M330,100 L350,70 L370,100 L384,64 L398,100 L418,70 L438,100" fill="#ffb82e" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>`;
  s += eyes(384, 220, 70, 38, { iris: '#ffd23b', angry: 1.2 });
  s += grin(384, 290, 170, 60, 2);
  s += `<circle cx="350" cy="280" r="6" fill="${INK}"/><circle cx="418" cy="280" r="6" fill="${INK}"/>`;
  s += `<path d="M200,360 Q150,400 170,450" fill="none" stroke="${INK}" stroke-width="44" stroke-linecap="round"/><path d="M200,360 Q150,400 170,450" fill="none" stroke="${c}" stroke-width="30" stroke-linecap="round"/>`;
  return s;
};

const flammeche: Design = (D) => {
  let s = shadow(384, 716, 170);
  s += `<circle cx="384" cy="420" r="320" fill="${D.glow('#ff9a2e')}"/>`;
  const flame = (sc: number, c: string, dy: number) =>
    `<path d="M384,${60 + dy} C430,160 560,220 560,420 C560,560 480,660 384,660 C288,660 208,560 208,420 C208,330 250,280 280,230 C300,290 320,300 340,260 C340,200 350,120 384,${60 + dy}Z" transform="translate(384,660) scale(${sc}) translate(-384,-660)" fill="${c}" ${ol}/>`;
  s += flame(1.0, D.body('#e0302a'), 20) + flame(0.82, D.body('#ff8a2a'), 40) + flame(0.6, '#ffd84d', 60);
  s += `<path d="M170,330 q-40,-40 -30,-90 q30,40 60,40Z M598,330 q40,-40 30,-90 q-30,40 -60,40Z" fill="#ff8a2a" ${ol}/>`;
  s += eyes(384, 420, 70, 42, { iris: '#e0302a', angry: 1.2 });
  s += grin(384, 500, 150, 66, 3);
  s += blush(270, 490, 26) + blush(498, 490, 26);
  return s;
};

const phenixor: Design = (D) => {
  const c = '#ff7a2a';
  let s = shadow(384, 716, 200);
  const wing = (sd: number) => {
    let p = `M${384 + sd * 100},380`;
    for (let i = 0; i < 5; i++) {
      const a = -0.2 - i * 0.3;
      const x = 384 + sd * (120 + Math.cos(a) * 280);
      const y = 380 + Math.sin(a) * 280;
      p += ` L${n(x)},${n(y)} L${n(384 + sd * (140 + Math.cos(a - 0.15) * 200))},${n(380 + Math.sin(a - 0.15) * 200)}`;
    }
    return `<path d="${p} Z" fill="${D.body(sd < 0 ? '#ff5a2a' : '#ff5a2a')}" ${ol}/>`;
  };
  s += wing(-1) + wing(1);
  s += `<path d="M330,580 Q300,680 250,700 Q330,690 384,620 Q438,690 518,700 Q468,680 438,580Z" fill="#ffd84d" ${ol}/>`;
  s += `<path d="${blob(384, 440, 170, 190, 'phx', 0.03, 10)}" fill="${D.body(c)}" ${ol}/>`;
  s += `<ellipse cx="384" cy="500" rx="100" ry="110" fill="#ffd84d" opacity="0.85"/>`;
  s += `<path d="M330,270 Q300,150 340,90 Q350,180 384,200 Q390,120 430,70 Q430,170 440,270Z" fill="#ffd84d" ${ol}/>`;
  s += eyes(384, 360, 64, 38, { iris: '#3aa6f0', angry: 1.1 });
  s += `<path d="M350,410 L418,410 L384,470Z" fill="#ffd23b" ${ol}/><path d="M350,410 L418,410" stroke="${INK}" stroke-width="5"/>`;
  s += `<path d="M310,690 l-20,20 M340,690 l-6,24 M428,690 l6,24 M458,690 l20,20" stroke="${INK}" stroke-width="10" stroke-linecap="round"/>`;
  return s;
};

const cumulor: Design = (D) => {
  const c = '#5a6488';
  let s = shadow(384, 716, 200);
  for (const [x, a] of [
    [240, 10],
    [384, -8],
    [528, 14],
  ])
    s += `<g transform="translate(${x},610) rotate(${a})">${emblem('electric', 0, 0, 80, '#ffe45a')}</g>`;
  for (const x of [170, 300, 470, 600])
    s += `<path d="M${x},560 q-8,30 0,40 q8,-10 0,-40Z" fill="#8fd3ff" stroke="${INK}" stroke-width="4"/>`;
  const puffs: [number, number, number][] = [
    [230, 380, 130],
    [384, 300, 170],
    [540, 370, 140],
    [160, 470, 90],
    [620, 470, 90],
    [384, 470, 150],
  ];
  s += puffs.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${INK}"/>`).join('');
  s += puffs.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r - 7}" fill="${D.body(c)}"/>`).join('');
  s += `<path d="M270,220 Q330,170 400,170" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.35"/>`;
  s += eyes(384, 360, 80, 44, { iris: '#ffe45a', angry: 1.4 });
  s += grin(384, 440, 200, 70, 4);
  return s;
};

const gargouille: Design = (D) => {
  const st = '#7a7a9a';
  let s = shadow();
  s += `<path d="M270,320 Q120,120 40,200 Q90,240 70,300 Q130,300 130,360 Q190,340 270,420Z" fill="${D.body('#5a5a7a')}" ${ol}/><path d="M498,320 Q648,120 728,200 Q678,240 698,300 Q638,300 638,360 Q578,340 498,420Z" fill="${D.body('#5a5a7a')}" ${ol}/>`;
  s += `<path d="M250,560 Q220,640 250,700 L330,700 L330,580 M518,560 Q548,640 518,700 L438,700 L438,580" fill="${darken(st, 0.1)}" ${ol}/>`;
  s += `<path d="M230,330 Q384,270 538,330 L510,600 Q384,640 258,600Z" fill="${D.body(st)}" ${ol}/>`;
  s += `<path d="M310,380 Q384,420 458,380 M320,460 L448,460 M330,530 L438,530" fill="none" stroke="${darken(st, 0.35)}" stroke-width="6" stroke-linecap="round"/>`;
  for (const sd of [-1, 1]) {
    const x = 384 + sd * 190;
    s += `<path d="M${384 + sd * 140},350 Q${x + sd * 40},420 ${x},520" fill="none" stroke="${INK}" stroke-width="78" stroke-linecap="round"/><path d="M${384 + sd * 140},350 Q${x + sd * 40},420 ${x},520" fill="none" stroke="${st}" stroke-width="64" stroke-linecap="round"/>`;
    s += `<rect x="${x - 40}" y="460" width="80" height="30" rx="8" fill="#d8a030" ${ol}/>`;
    for (const dx of [-26, 0, 26])
      s += `<path d="M${x + dx - 9},548 L${x + dx},590 L${x + dx + 9},548Z" fill="#f4ead0" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`;
  }
  s += horn(300, 140, 1.1, -1, '#4a4a66') + horn(468, 140, 1.1, 1, '#4a4a66');
  s += `<path d="${blob(384, 220, 140, 120, 'garg', 0.05, 10)}" fill="${D.body(st)}" ${ol}/>`;
  s += `<path d="M250,200 L190,170 L240,240Z M518,200 L578,170 L528,240Z" fill="${st}" ${ol}/>`;
  s += eyes(384, 210, 58, 32, { iris: '#ff5a3a', angry: 1.5 });
  s += grin(384, 270, 150, 56, 2);
  return s;
};

export const BOSS_DESIGNS: Record<string, Design> = {
  glouglou,
  meduzor,
  ronceboule,
  'chene-grognon': cheneGrognon,
  champignasse,
  voltigor,
  zapzap,
  toxibot,
  slimax,
  ferraillon,
  rocabosse,
  taupinator,
  cogneur,
  minotor,
  carnivora,
  pyrodrake,
  flammeche,
  phenixor,
  cumulor,
  gargouille,
};

export function bossSvg(b: BossDef): string {
  const design = BOSS_DESIGNS[b.key];
  if (!design) throw new Error(`No boss design for ${b.key}`);
  const D = new Defs();
  const aura = D.glow(TYPE_COLOR[b.biome]);
  const body = `<circle cx="384" cy="400" r="370" fill="${aura}"/>${particles(b.biome, b.key)}${design(D)}`;
  return svgDoc(768, 768, body, D.items.join(''));
}
