// The entries of a zip archive (an .xlsx file), read from its central directory, inflated in small
// steps while the bytes really produced are counted: the sizes an archive declares are not trusted
// (a zip bomb declares 100 bytes and inflates to gigabytes). Past a cap the reading stops at once.
import { Inflate } from 'fflate';

/** Bytes one entry may inflate to. */
export const ZIP_ENTRY_MAX_BYTES = 4 * 1024 * 1024;
/** Bytes all entries read from one archive may inflate to, together. */
export const ZIP_TOTAL_MAX_BYTES = 8 * 1024 * 1024;
/** Compressed bytes given to the inflater at a time: at most ~1,032 times this comes out of one step. */
const STEP = 1024;

/** Thrown for an archive that is broken, encrypted, or inflates past a cap. */
export class ZipError extends Error {}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

const u16 = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u32 = (b: Uint8Array, i: number) =>
  (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;

/** The entries named by the archive's central directory. */
export function zipEntries(buf: Uint8Array): Map<string, ZipEntry> {
  let eocd = -1;
  for (let i = buf.length - 22; i >= 0 && i >= buf.length - 22 - 0xffff; i--) {
    if (u32(buf, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('no end of central directory');
  const count = u16(buf, eocd + 10);
  let pos = u32(buf, eocd + 16);
  const entries = new Map<string, ZipEntry>();
  const names = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (pos + 46 > buf.length || u32(buf, pos) !== 0x02014b50) throw new ZipError('bad central directory');
    const nameLength = u16(buf, pos + 28);
    const end = pos + 46 + nameLength;
    if (end > buf.length) throw new ZipError('bad central directory');
    const name = names.decode(buf.subarray(pos + 46, end));
    // The first entry of a name wins, as in the reader this one replaced.
    if (!entries.has(name))
      entries.set(name, {
        name,
        flags: u16(buf, pos + 8),
        method: u16(buf, pos + 10),
        compressedSize: u32(buf, pos + 20),
        localOffset: u32(buf, pos + 42),
      });
    pos = end + u16(buf, pos + 30) + u16(buf, pos + 32);
  }
  return entries;
}

/** Counts inflated bytes across the entries read from one archive. */
export class InflateBudget {
  used = 0;
  constructor(
    readonly totalMax = ZIP_TOTAL_MAX_BYTES,
    readonly entryMax = ZIP_ENTRY_MAX_BYTES,
  ) {}
}

/**
 * Inflates one entry, handing its bytes to `onData` as they come, and stops (throws a ZipError) as
 * soon as the entry or the archive goes past its budget. `onData` may throw to stop the reading.
 */
export function inflateEntry(
  buf: Uint8Array,
  entry: ZipEntry,
  budget: InflateBudget,
  onData: (chunk: Uint8Array) => void,
): void {
  if (entry.flags & 1) throw new ZipError('encrypted entry');
  const local = entry.localOffset;
  if (local + 30 > buf.length || u32(buf, local) !== 0x04034b50) throw new ZipError('bad local header');
  const start = local + 30 + u16(buf, local + 26) + u16(buf, local + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw new ZipError('entry past the end of the archive');
  let entryBytes = 0;
  const count = (chunk: Uint8Array) => {
    entryBytes += chunk.length;
    budget.used += chunk.length;
    if (entryBytes > budget.entryMax || budget.used > budget.totalMax)
      throw new ZipError('inflates too much');
    if (chunk.length > 0) onData(chunk);
  };
  if (entry.method === 0) {
    for (let i = start; i < end; i += STEP * 64) count(buf.subarray(i, Math.min(end, i + STEP * 64)));
    return;
  }
  if (entry.method !== 8) throw new ZipError('unknown compression method');
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    count(chunk);
    if (final) ended = true;
  });
  try {
    for (let i = start; i < end; i += STEP) {
      const stop = Math.min(end, i + STEP);
      inflater.push(buf.subarray(i, stop), stop === end);
    }
    if (start === end) inflater.push(new Uint8Array(0), true);
  } catch (err) {
    // fflate's own errors (invalid data, unexpected end) carry a numeric code: a broken entry.
    // Ours, and those of `onData`, go through.
    if (err instanceof Error && typeof (err as { code?: unknown }).code === 'number')
      throw new ZipError('broken entry');
    throw err;
  }
  if (!ended) throw new ZipError('entry cut short');
}
