// Textures load once through Pixi's Assets cache (with mipmaps: 512 px avatars are drawn at ~100 px).
import { Assets, type Texture } from 'pixi.js';

const pending = new Map<string, Promise<Texture | null>>();

export function loadTexture(url: string): Promise<Texture | null> {
  let p = pending.get(url);
  if (!p) {
    p = Assets.load<Texture>({ src: url, data: { autoGenerateMipmaps: true } }).catch(() => null);
    pending.set(url, p);
  }
  return p;
}
