// Rasterises SVG strings to .webp files with sharp.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';

export interface RenderOptions {
  width: number;
  height: number;
  quality?: number;
  /** false for opaque images (backgrounds): smaller files */
  alpha?: boolean;
}

export async function renderWebp(svg: string, file: string, o: RenderOptions): Promise<number> {
  await mkdir(dirname(file), { recursive: true });
  let img = sharp(Buffer.from(svg), { density: 72 }).resize(o.width, o.height, { fit: 'fill' });
  if (o.alpha === false) img = img.flatten({ background: '#000000' });
  const buf = await img
    .webp({ quality: o.quality ?? 80, alphaQuality: 90, effort: 5, smartSubsample: true })
    .toBuffer();
  await writeFile(file, buf);
  return buf.length;
}

/** Renders an SVG to a PNG buffer (for contact sheets). */
export function renderPng(svg: string, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(width, height, { fit: 'fill' }).png().toBuffer();
}
