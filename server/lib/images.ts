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

/** Checks and stores an image under `dir`; answers the file name. */
export async function storeImage(dir: string, buf: Buffer, maxBytes: number): Promise<string> {
  if (buf.length > maxBytes) throw new AppError(413, ERR.IMAGE_TOO_LARGE);
  const kind = imageKind(buf);
  if (!kind) throw badRequest(ERR.IMAGE_TYPE);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${kind}`;
  await writeFile(path.join(dir, name), buf);
  return name;
}
