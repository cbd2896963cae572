// One student on the stage: shadow, power glow, the avatar (or initials), name and level badge.
// Positions ease toward targets in tick(); nothing here goes through React.
import { Container, Graphics, Sprite, Text, type Texture } from 'pixi.js';
import type { SceneAvatar } from './model';
import { loadScaledTexture, loadTexture, shapeTexture } from './textures';

/** Avatars are built at this size and scaled. */
export const BASE = 128;
/** Longest side of the avatar images under the canvas renderer: the board shows them at up to 200 px. */
const LIGHT_IMAGE = 256;

const SHADOW = { w: BASE * 0.68, h: BASE * 0.16 };
const shadowTexture = () =>
  shapeTexture('avatar-shadow', SHADOW.w, SHADOW.h, (ctx) => {
    ctx.fillStyle = 'rgba(0, 0, 0, 0.28)';
    ctx.beginPath();
    ctx.ellipse(SHADOW.w / 2, SHADOW.h / 2, SHADOW.w / 2, SHADOW.h / 2, 0, 0, Math.PI * 2);
    ctx.fill();
  });
/** The level badge's disc: radius 19 with a 4 px white edge. */
const discTexture = () =>
  shapeTexture('level-disc', 46, 46, (ctx) => {
    ctx.beginPath();
    ctx.arc(23, 23, 19, 0, Math.PI * 2);
    ctx.fillStyle = '#2b1f6e';
    ctx.fill();
    ctx.lineWidth = 4;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
  });
const LABEL_STYLE = {
  fontFamily: 'system-ui, "Segoe UI", Roboto, sans-serif',
  fontSize: 24,
  fontWeight: '800' as const,
  fill: 0xffffff,
  stroke: { color: 0x141833, width: 6, join: 'round' as const },
  align: 'center' as const,
};

export class AvatarNode {
  readonly root = new Container();
  /** Bobs and breathes. */
  private readonly body = new Container();
  /**
   * Everything of the body but the pulsing glow. Under the canvas renderer it is drawn once into
   * an image (cacheAsTexture) and redrawn only when it changes: one image copy a frame instead of
   * six drawings (about 5 ms a frame for 35 avatars).
   */
  private readonly still = new Container();
  /** What the cached image shows; redrawn when it differs. */
  private stillKey = '';
  private stillResolution = 0;
  private readonly glow = new Graphics();
  private readonly shadow = new Sprite();
  private readonly ring = new Graphics();
  private readonly check = new Graphics();
  private readonly bolt = new Graphics();
  private sprite: Sprite | null = null;
  /** The full-size image (the summon's spotlight draws it large). */
  private full: Texture | null = null;
  private readonly initials: Text;
  private readonly label: Text;
  private readonly badge = new Container();
  private readonly badgeText: Text;
  private image: string | null = null;
  private readonly phase = Math.random() * Math.PI * 2;
  x = 0;
  y = 0;
  size = 0;
  tx = 0;
  ty = 0;
  tsize = 0;
  alpha = 1;
  talpha = 1;
  lift = 0;
  data: SceneAvatar;
  compact = false;
  /** The summon's drawing ring is on this student. */
  ringed = false;
  /** Width the name may take, in stage pixels (its cell's width): a longer name shrinks. */
  labelRoom = Number.POSITIVE_INFINITY;
  private labelNatural = 0;

  /** light: the canvas renderer draws this node, so its avatar image comes downscaled. */
  constructor(
    a: SceneAvatar,
    private readonly light = false,
  ) {
    this.data = a;
    this.shadow.texture = shadowTexture();
    this.shadow.anchor.set(0.5);
    this.shadow.position.set(0, BASE * 0.46);
    this.glow.circle(0, 0, BASE * 0.6).fill({ color: 0xffc21a, alpha: 0.35 });
    this.glow.circle(0, 0, BASE * 0.5).fill({ color: 0xfff3b0, alpha: 0.55 });
    this.glow.circle(0, 0, BASE * 0.56).stroke({ width: 7, color: 0xffc21a, alpha: 1 });
    // A power is active: a gold bolt badge, readable even when the glow is washed out.
    this.bolt.circle(0, 0, 20).fill({ color: 0xffc21a }).stroke({ width: 4, color: 0xffffff });
    this.bolt.poly([3, -14, -9, 3, -1, 3, -4, 14, 9, -4, 1, -4]).fill({ color: 0x1d2240 });
    this.bolt.position.set(BASE * 0.38, BASE * 0.3);
    this.ring.circle(0, 0, BASE * 0.58).stroke({ width: 10, color: 0xffffff, alpha: 0.95 });
    this.check.circle(0, 0, 20).fill({ color: 0x1c7a43 }).stroke({ width: 4, color: 0xffffff });
    this.check
      .moveTo(-9, 1)
      .lineTo(-2, 8)
      .lineTo(10, -7)
      .stroke({ width: 5, color: 0xffffff, cap: 'round', join: 'round' });
    this.check.position.set(BASE * 0.36, -BASE * 0.36);
    this.initials = new Text({ text: '', style: { ...LABEL_STYLE, fontSize: 44 }, resolution: 2 });
    this.initials.anchor.set(0.5);
    this.label = new Text({ text: '', style: LABEL_STYLE, resolution: 2 });
    this.label.anchor.set(0.5, 0);
    this.label.position.set(0, BASE * 0.52);
    const disc = new Sprite(discTexture());
    disc.anchor.set(0.5);
    this.badgeText = new Text({
      text: '',
      style: { ...LABEL_STYLE, fontSize: 20, stroke: undefined },
      resolution: 2,
    });
    this.badgeText.anchor.set(0.5);
    this.badge.addChild(disc, this.badgeText);
    this.badge.position.set(-BASE * 0.38, BASE * 0.34);
    this.still.addChild(this.shadow, this.ring, this.initials, this.check, this.badge, this.bolt);
    this.body.addChild(this.glow, this.still);
    this.root.addChild(this.body, this.label);
    this.update(a);
  }

  get texture(): Texture | null {
    return this.full;
  }

  update(a: SceneAvatar) {
    this.data = a;
    if (this.label.text !== a.label || this.labelNatural === 0) {
      this.label.text = a.label;
      this.label.scale.set(1);
      this.labelNatural = this.label.width;
    }
    this.badgeText.text = String(a.level);
    this.initials.text = a.label
      .split(' ')
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2);
    if (a.image !== this.image) {
      this.image = a.image;
      const image = a.image;
      if (image)
        void Promise.all([
          loadTexture(image),
          this.light ? loadScaledTexture(image, LIGHT_IMAGE) : null,
        ]).then(([full, small]) => this.setTexture(full, small ?? full, image));
      else this.setTexture(null, null, null);
    }
  }

  private setTexture(full: Texture | null, t: Texture | null, forImage: string | null) {
    if (this.image !== forImage || this.root.destroyed) return;
    this.full = full;
    if (this.sprite) {
      this.sprite.destroy();
      this.sprite = null;
    }
    this.initials.visible = !t;
    if (!t) return;
    const s = new Sprite(t);
    s.anchor.set(0.5);
    s.scale.set(BASE / Math.max(t.width, t.height));
    this.sprite = s;
    this.still.addChildAt(s, 2);
  }

  /** Eases toward the targets; t is in seconds since the scene started. */
  tick(dt: number, t: number) {
    const k = 1 - Math.exp(-dt * 7);
    this.x += (this.tx - this.x) * k;
    this.y += (this.ty - this.y) * k;
    this.size += (this.tsize - this.size) * k;
    this.alpha += (this.talpha - this.alpha) * k;
    const a = this.data;
    const targetLift = a.highlighted ? 1 : 0;
    this.lift += (targetLift - this.lift) * k;
    const bob = a.connected ? Math.sin(t * 2.2 + this.phase) * 0.035 : 0;
    const breathe = a.connected ? 1 + Math.sin(t * 2.2 + this.phase + 1) * 0.015 : 1;
    const scale = this.size / BASE;
    this.root.position.set(this.x, this.y - this.lift * this.size * 0.12);
    this.root.scale.set(scale);
    const room = scale > 0 ? this.labelRoom / scale : Number.POSITIVE_INFINITY;
    this.label.scale.set(this.labelNatural > room ? room / this.labelNatural : 1);
    this.body.position.y = bob * BASE;
    this.body.scale.set(breathe, 2 - breathe);
    this.root.alpha = this.alpha;
    this.body.alpha = a.connected ? 1 : 0.4;
    this.label.alpha = a.connected ? 1 : 0.7;
    if (this.sprite) this.sprite.tint = a.connected ? 0xffffff : 0x8a8fa8;
    this.glow.visible = a.powerActive;
    this.bolt.visible = a.powerActive && !this.compact;
    if (a.powerActive) {
      const pulse = 0.85 + Math.sin(t * 3 + this.phase) * 0.15;
      this.glow.scale.set(pulse);
      this.glow.alpha = 0.6 + Math.sin(t * 3 + this.phase) * 0.3;
    }
    this.ring.visible = this.ringed;
    this.check.visible = this.compact && a.highlighted;
    this.label.visible = !this.compact;
    this.badge.visible = !this.compact;
    this.shadow.visible = !this.compact;
    if (this.light) this.refreshStill(scale);
  }

  /** Canvas renderer: redraws the cached image when what it shows, or the size it shows at, changed. */
  private refreshStill(scale: number) {
    const key = [
      this.ring.visible,
      this.check.visible,
      this.badge.visible,
      this.bolt.visible,
      this.shadow.visible,
      this.sprite?.tint,
      this.sprite?.texture.uid,
      this.initials.visible,
      this.initials.text,
      this.badgeText.text,
    ].join();
    // Drawn at the size it is seen (the screen's pixel ratio included), in quarter steps, once the
    // avatar has stopped growing or shrinking.
    const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
    const resolution = Math.min(2, Math.max(0.5, Math.ceil(scale * ratio * 4) / 4));
    const settled = Math.abs(this.size - this.tsize) < 1;
    if (this.stillResolution === 0 || (settled && resolution !== this.stillResolution)) {
      this.still.cacheAsTexture({ resolution });
      this.stillResolution = resolution;
    } else if (key !== this.stillKey) this.still.updateCacheTexture();
    this.stillKey = key;
  }

  destroy() {
    this.root.destroy({ children: true });
  }
}
