// Uploaded images: PNG or JPEG only, recognised by their first bytes, not by what the client claims.

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ERR } from '../../shared/errors.js';
import { AppError, badRequest } from './errors.js';

export function imageKind(buf: Buffer): 'png' | 'jpg' | null {
  if (
    buf.length > 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  return null;
}

/**
 * Largest image a phone or the projector is asked to decode: a few bytes of PNG or JPEG can declare
 * 100,000 x 100,000 pixels (40 GB once decoded). 40 megapixels and 16,384 pixels a side.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 16_384;

/**
 * The dimensions an image declares, read from its header only (no decoding: a hostile file costs
 * one pass over its segment headers at most); null when the file is cut short or malformed: a PNG
 * without its IHDR first or without IEND, a JPEG without a frame header or without its end marker.
 */
export function imageSize(buf: Buffer, kind: 'png' | 'jpg'): { width: number; height: number } | null {
  if (kind === 'png') {
    if (buf.length < 33 || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
    if (buf.indexOf('IEND', 33, 'latin1') < 0) return null;
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  let at = 2;
  while (at + 4 <= buf.length) {
    if (buf[at] !== 0xff) return null;
    const marker = buf[at + 1];
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = buf.readUInt16BE(at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > buf.length) return null;
      if (buf.lastIndexOf(Buffer.from([0xff, 0xd9])) < at + 2 + length) return null;
      return { width: buf.readUInt16BE(at + 7), height: buf.readUInt16BE(at + 5) };
    }
    at += 2 + length;
  }
  return null;
}

/**
 * A PNG or JPEG that a browser can show: 400 `VALIDATION.IMAGE_TYPE` for another type or a file cut
 * short, 400 `VALIDATION.IMAGE_TOO_LARGE` for dimensions past the caps above.
 */
export function checkImage(buf: Buffer): 'png' | 'jpg' {
  const kind = imageKind(buf);
  const size = kind && imageSize(buf, kind);
  if (!kind || !size || size.width === 0 || size.height === 0) throw badRequest(ERR.IMAGE_TYPE);
  if (
    size.width > IMAGE_MAX_SIDE ||
    size.height > IMAGE_MAX_SIDE ||
    size.width * size.height > IMAGE_MAX_PIXELS
  )
    throw badRequest(ERR.IMAGE_TOO_LARGE);
  return kind;
}

/** Checks and stores an image under `dir`; answers the file name. */
export async function storeImage(dir: string, buf: Buffer, maxBytes: number): Promise<string> {
  if (buf.length > maxBytes) throw new AppError(413, ERR.IMAGE_TOO_LARGE);
  const kind = checkImage(buf);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${kind}`;
  await writeFile(path.join(dir, name), buf);
  return name;
}
