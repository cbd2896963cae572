// Textures load once through Pixi's Assets cache (with mipmaps: 512 px avatars are drawn at ~100 px).
// For the canvas renderer (a PC without a usable GPU, renderer-choice.ts) avatars also come
// downscaled once: Canvas 2D would otherwise resample each 512 px image every frame (about 4.5 ms a
// frame for 35 avatars). Small shapes drawn on every frame (motes, shadows, level discs) are drawn
// once into textures too: a sprite is one image copy, a path is filled again on each frame.
import { Assets, CanvasSource, Texture } from 'pixi.js';

const pending = new Map<string, Promise<Texture | null>>();

export function loadTexture(url: string): Promise<Texture | null> {
  let p = pending.get(url);
  if (!p) {
    p = Assets.load<Texture>({ src: url, data: { autoGenerateMipmaps: true } }).catch(() => null);
    pending.set(url, p);
  }
  return p;
}

/** The image scaled so that its longer side is at most `size` pixels (high-quality resampling, once). */
export function loadScaledTexture(url: string, size: number): Promise<Texture | null> {
  const key = `${url}#${size}`;
  let p = pending.get(key);
  if (!p) {
    p = loadTexture(url).then((t) => (t ? scaled(t, size) : null));
    pending.set(key, p);
  }
  return p;
}

function scaled(t: Texture, size: number): Texture {
  const resource = t.source.resource as CanvasImageSource | undefined;
  const ratio = size / Math.max(t.width, t.height);
  if (!resource || ratio >= 1) return t;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(t.width * ratio));
  canvas.height = Math.max(1, Math.round(t.height * ratio));
  const ctx = canvas.getContext('2d');
  if (!ctx) return t;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(resource, 0, 0, canvas.width, canvas.height);
  return new Texture({ source: new CanvasSource({ resource: canvas }) });
}

const shapes = new Map<string, Texture>();

/**
 * A small shape drawn once with Canvas 2D at twice its size (sharp when scaled up), as a texture
 * whose size in stage units is w x h.
 */
export function shapeTexture(
  key: string,
  w: number,
  h: number,
  draw: (ctx: CanvasRenderingContext2D) => void,
) {
  let t = shapes.get(key);
  if (!t) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(w * 2);
    canvas.height = Math.ceil(h * 2);
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.scale(2, 2);
      draw(ctx);
    }
    t = new Texture({ source: new CanvasSource({ resource: canvas, resolution: 2 }) });
    shapes.set(key, t);
  }
  return t;
}
