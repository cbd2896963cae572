// The whole animated scene, driven imperatively: React hands it a new model when the room
// changes, the ticker calls tick() every frame. One Application, textures from the Assets cache.
// The world's background is static, so it stays a CSS image under the transparent canvas rather
// than a full-screen quad redrawn every frame (in software rendering that alone cost 3 fps → 18).
import { Container, Graphics, Sprite, Text } from 'pixi.js';
import { AvatarNode } from './avatar-node';
import { gridCells, sceneLayout } from './layout';
import { type SceneModel, SUMMON_DRAW_MS } from './model';
import { loadTexture, shapeTexture } from './textures';

const moteTexture = (r: number) =>
  shapeTexture(`mote-${r}`, r * 2, r * 2, (ctx) => {
    ctx.fillStyle = 'rgba(255, 255, 255, 0.5)';
    ctx.beginPath();
    ctx.arc(r, r, r, 0, Math.PI * 2);
    ctx.fill();
  });

const colorNumber = (hex: string) => Number.parseInt(hex.replace('#', ''), 16) || 0x5b3cc4;

interface Floater {
  text: Text;
  age: number;
}
interface Confetto {
  g: Graphics;
  vx: number;
  vy: number;
  spin: number;
}

export class SceneController {
  private readonly motes = new Container();
  private readonly crowd = new Container();
  private readonly bossLayer = new Container();
  private readonly boss = new Sprite();
  private readonly hpBar = new Graphics();
  private readonly spot = new Container();
  private readonly rays = new Graphics();
  private readonly spotAvatar = new Sprite();
  private readonly fx = new Container();
  private readonly nodes = new Map<string, AvatarNode>();
  private model: SceneModel | null = null;
  private w = 0;
  private h = 0;
  private time = 0;
  private hp = 0;
  private hitAge = 99;
  private lastHit: string | null = null;
  private lastDraw: string | null | undefined = undefined;
  /** When the summon's draw started (performance.now()); the DOM shows the name SUMMON_DRAW_MS later. */
  private drawStart = Number.NEGATIVE_INFINITY;
  private drawOrder: string[] = [];
  private bossImage: string | null = null;
  private bossBox = { x: 0, y: 0, size: 0 };
  private spotBox = { x: 0, y: 0, size: 0 };
  private floaters: Floater[] = [];
  private confetti: Confetto[] = [];
  private outcome: SceneModel['outcome'] = null;

  /** light: the canvas renderer draws the scene (no usable GPU): avatars come downscaled. */
  constructor(
    private readonly root: Container,
    private readonly light = false,
  ) {
    this.boss.anchor.set(0.5);
    this.spotAvatar.anchor.set(0.5);
    this.spot.addChild(this.rays, this.spotAvatar);
    this.bossLayer.addChild(this.boss, this.hpBar);
    root.addChild(this.motes, this.bossLayer, this.crowd, this.spot, this.fx);
    for (let i = 0; i < (light ? 0 : 28); i++) {
      const m = new Sprite(moteTexture(2 + (i % 4)));
      m.anchor.set(0.5);
      m.position.set(Math.random(), Math.random());
      this.motes.addChild(m);
    }
  }

  setModel(m: SceneModel) {
    const first = this.model === null;
    this.model = m;
    const seen = new Set<string>();
    for (const a of m.avatars) {
      seen.add(a.id);
      const node = this.nodes.get(a.id);
      if (node) node.update(a);
      else {
        const n = new AvatarNode(a, this.light);
        this.nodes.set(a.id, n);
        this.crowd.addChild(n.root);
      }
    }
    for (const [id, n] of this.nodes) {
      if (!seen.has(id)) {
        n.destroy();
        this.nodes.delete(id);
      }
    }
    if (m.boss && m.boss.image !== this.bossImage) {
      this.bossImage = m.boss.image;
      const image = m.boss.image;
      void loadTexture(image).then((t) => {
        if (t && this.bossImage === image && !this.root.destroyed) {
          this.boss.texture = t;
          this.placeBoss();
        }
      });
    }
    if (m.boss && first) this.hp = m.boss.hp;
    if (m.hit && m.hit.id !== this.lastHit) {
      // A page that opens on an already revealed question does not replay the hit.
      if (!first) this.startHit(m.hit.damage);
      this.lastHit = m.hit.id;
    }
    const drawId = m.summon?.drawId ?? null;
    if (drawId !== this.lastDraw) {
      this.drawStart = first || drawId === null ? Number.NEGATIVE_INFINITY : performance.now();
      this.drawOrder = this.shuffledConnected();
      this.lastDraw = drawId;
    }
    if (m.outcome !== this.outcome) {
      this.outcome = m.outcome;
      for (const f of this.floaters) f.text.destroy();
      this.floaters = [];
      if (m.outcome === 'VICTORY' && !m.calm) this.startConfetti();
    }
    this.layout();
  }

  private shuffledConnected(): string[] {
    const ids = (this.model?.avatars ?? []).filter((a) => a.connected).map((a) => a.id);
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [ids[i], ids[j]] = [ids[j], ids[i]];
    }
    return ids;
  }

  private placeBoss() {
    const t = this.boss.texture;
    if (!t || t.width <= 1) return;
    this.boss.scale.set(this.bossBox.size / Math.max(t.width, t.height));
  }

  private layout() {
    const m = this.model;
    if (!m || this.w === 0) return;
    const l = sceneLayout(m.screen, this.w, this.h, m.outcome !== null);

    const shown = l.avatars ? m.avatars : [];
    const cells = l.avatars
      ? gridCells(shown.length, l.avatars, l.compact ? 0.08 : 0.42, l.compact ? 90 : 200)
      : [];
    shown.forEach((a, i) => {
      const n = this.nodes.get(a.id);
      if (!n) return;
      const c = cells[i];
      const fresh = n.size === 0;
      n.tx = c.x;
      n.ty = c.y;
      n.tsize = c.size;
      n.labelRoom = c.width * 0.96;
      n.compact = l.compact;
      n.talpha = l.compact && !a.highlighted ? 0.5 : 1;
      if (fresh) {
        n.x = c.x;
        n.y = c.y + 40;
        n.size = c.size;
        n.alpha = 0;
      }
    });
    for (const n of this.nodes.values()) {
      if (!shown.includes(n.data)) n.talpha = 0;
    }

    this.bossLayer.visible = !!(l.boss && m.boss);
    if (l.boss) {
      const size = Math.min(l.boss.w, l.boss.h) * 0.78;
      this.bossBox = { x: l.boss.x + l.boss.w / 2, y: l.boss.y + l.boss.h * 0.55, size };
      this.placeBoss();
    }
    this.spot.visible = !!l.spotlight;
    if (l.spotlight) {
      const size = Math.min(l.spotlight.w, l.spotlight.h) * 0.72;
      this.spotBox = { x: l.spotlight.x + l.spotlight.w / 2, y: l.spotlight.y + l.spotlight.h * 0.55, size };
    }
  }

  private startHit(damage: number) {
    this.hitAge = 0;
    if (damage <= 0) return;
    const text = new Text({
      text: `-${damage}`,
      style: {
        fontFamily: 'system-ui, sans-serif',
        fontSize: 96,
        fontWeight: '900',
        fill: 0xffe14a,
        stroke: { color: 0x8a1020, width: 10, join: 'round' },
      },
      resolution: 2,
    });
    text.anchor.set(0.5);
    text.position.set(this.bossBox.x, this.bossBox.y - this.bossBox.size * 0.2);
    this.fx.addChild(text);
    this.floaters.push({ text, age: 0 });
  }

  private startConfetti() {
    const colours = [0xc8283a, 0x1d5fc4, 0xf2c230, 0x1c7a43, 0xffffff, 0xff8ad8];
    for (let i = 0; i < 140; i++) {
      const g = new Graphics().rect(-6, -3, 12, 6).fill({ color: colours[i % colours.length] });
      g.position.set(Math.random() * this.w, -Math.random() * this.h * 0.6);
      this.fx.addChild(g);
      this.confetti.push({
        g,
        vx: (Math.random() - 0.5) * 80,
        vy: 120 + Math.random() * 180,
        spin: Math.random() * 6,
      });
    }
  }

  tick(dtMs: number, w: number, h: number) {
    if (w !== this.w || h !== this.h) {
      this.w = w;
      this.h = h;
      for (const m of this.motes.children) m.position.set(Math.random() * w, Math.random() * h);
      this.layout();
    }
    const m = this.model;
    if (!m || m.still) return;
    const dt = Math.min(0.1, dtMs / 1000);
    // Fewer animations (issue 24, the teacher's switch): no drifting motes, no bobbing or breathing
    // (the scene's clock stands still), no shake, no hopping ring, no confetti; what tells the
    // class something (the HP bar, who answered, the damage, the summoned pupil) still shows.
    const calm = !!m.calm;
    this.motes.visible = !calm;
    if (!calm) this.time += dt;
    if (calm) this.hitAge = Math.max(this.hitAge, 0.6);
    const t = this.time;

    for (const [i, mote] of this.motes.children.entries()) {
      mote.y -= dt * (12 + (i % 5) * 6);
      mote.x += Math.sin(t + i) * dt * 8;
      mote.alpha = 0.25 + 0.25 * Math.sin(t * 1.5 + i);
      if (mote.y < -10) mote.y = h + 10;
    }

    // Summon: a ring hops from student to student, slowing down, and lands on the drawn one.
    const drawn = m.summon?.studentId ?? null;
    let ringed: string | null = null;
    const drawAge = performance.now() - this.drawStart;
    if (drawn) {
      if (!calm && drawAge < SUMMON_DRAW_MS && this.drawOrder.length > 1) {
        const p = drawAge / SUMMON_DRAW_MS;
        const hops = Math.floor(26 * (1 - (1 - p) ** 2.2));
        ringed = this.drawOrder[hops % this.drawOrder.length];
      } else ringed = drawn;
    }
    for (const n of this.nodes.values()) {
      n.ringed = n.data.id === ringed;
      n.tick(dt, t);
    }
    this.tickSpotlight(drawn, drawAge, t);
    this.tickBoss(dt, t);

    for (const f of this.floaters) {
      f.age += dt;
      f.text.y -= dt * 90;
      f.text.alpha = Math.max(0, 1 - Math.max(0, f.age - 0.9) / 0.8);
      f.text.scale.set(Math.min(1.25, 0.4 + f.age * 3));
    }
    this.floaters = this.floaters.filter((f) => {
      if (f.age < 1.8) return true;
      f.text.destroy();
      return false;
    });
    for (const c of this.confetti) {
      c.g.x += c.vx * dt + Math.sin(t * 3 + c.spin) * 0.8;
      c.g.y += c.vy * dt;
      c.g.rotation += c.spin * dt;
      if (c.g.y > h + 20) c.g.y = -20;
    }
    if ((this.outcome !== 'VICTORY' || calm) && this.confetti.length) {
      for (const c of this.confetti) c.g.destroy();
      this.confetti = [];
    }
  }

  private tickSpotlight(drawn: string | null, drawAge: number, t: number) {
    const landed = drawn !== null && drawAge >= SUMMON_DRAW_MS;
    const node = drawn ? this.nodes.get(drawn) : undefined;
    const tex = node?.texture ?? null;
    this.spotAvatar.visible = landed && !!tex;
    this.rays.visible = landed;
    if (!landed) return;
    if (tex && this.spotAvatar.texture !== tex) this.spotAvatar.texture = tex;
    const since = Math.min(10, (drawAge - SUMMON_DRAW_MS) / 1000);
    const pop = since < 0.5 ? 1 + Math.sin((since / 0.5) * Math.PI) * 0.25 : 1;
    const base = this.spotBox.size / Math.max(1, this.spotAvatar.texture.width);
    this.spotAvatar.scale.set(base * Math.min(1, since * 4) * pop);
    this.spotAvatar.position.set(this.spotBox.x, this.spotBox.y + Math.sin(t * 2) * 8);
    this.rays.clear();
    const r = this.spotBox.size * 0.75;
    for (let i = 0; i < 12; i++) {
      const a = t * 0.4 + (i * Math.PI) / 6;
      this.rays
        .moveTo(this.spotBox.x, this.spotBox.y)
        .lineTo(this.spotBox.x + Math.cos(a - 0.09) * r, this.spotBox.y + Math.sin(a - 0.09) * r)
        .lineTo(this.spotBox.x + Math.cos(a + 0.09) * r, this.spotBox.y + Math.sin(a + 0.09) * r)
        .fill({ color: colorNumber(this.model?.color ?? '#ffffff'), alpha: 0.35 });
    }
    this.rays.circle(this.spotBox.x, this.spotBox.y, r * 0.55).fill({ color: 0xffffff, alpha: 0.18 });
  }

  private tickBoss(dt: number, t: number) {
    const m = this.model;
    if (!m?.boss || !this.bossLayer.visible) return;
    this.hitAge += dt;
    this.hp += (m.boss.hp - this.hp) * (1 - Math.exp(-dt * 4));
    const hitting = this.hitAge < 0.6;
    const shake = hitting ? Math.sin(this.hitAge * 60) * 14 * (1 - this.hitAge / 0.6) : 0;
    const defeated = m.outcome === 'VICTORY';
    const breathe = 1 + Math.sin(t * 1.6) * 0.025;
    this.boss.position.set(
      this.bossBox.x + shake,
      this.bossBox.y + Math.sin(t * 1.2) * 10 + (defeated ? 40 : 0),
    );
    this.boss.tint = hitting && this.hitAge < 0.25 ? 0xff5a5a : defeated ? 0x777777 : 0xffffff;
    this.boss.alpha = defeated ? 0.55 : 1;
    const base = this.bossBox.size / Math.max(1, this.boss.texture.width);
    this.boss.scale.set(base * breathe, base * (2 - breathe));
    if (m.outcome !== null) {
      this.hpBar.clear();
      return;
    }
    const bw = this.bossBox.size * 0.9;
    const bh = Math.max(18, this.bossBox.size * 0.07);
    const x = this.bossBox.x - bw / 2;
    const y = this.bossBox.y + this.bossBox.size * 0.52;
    const share = Math.max(0, Math.min(1, this.hp / Math.max(1, m.boss.maxHp)));
    const colour = share > 0.5 ? 0x3ccf6e : share > 0.25 ? 0xf2c230 : 0xe5484d;
    this.hpBar.clear();
    this.hpBar.roundRect(x - 4, y - 4, bw + 8, bh + 8, bh / 2 + 4).fill({ color: 0x141833, alpha: 0.85 });
    if (share > 0) this.hpBar.roundRect(x, y, bw * share, bh, bh / 2).fill({ color: colour });
    this.hpBar.roundRect(x, y, bw, bh, bh / 2).stroke({ width: 3, color: 0xffffff, alpha: 0.9 });
  }

  destroy() {
    for (const n of this.nodes.values()) n.destroy();
    this.nodes.clear();
  }
}
