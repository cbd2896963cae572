// Brotli and gzip copies of a built client's text files (`app-1a2b.js.br`, `app-1a2b.js.gz`), made
// once at build time with node:zlib at their highest levels; the server sends the smallest copy the
// browser accepts (@fastify/static `preCompressed`). A copy that would not save space is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: images and woff2 fonts are compressed already, and browsers that read
 * woff2 never fetch the KaTeX .ttf and .woff fallbacks. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this size the headers outweigh the saving. */
export const MIN_BYTES = 1024;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full) : [full];
  });
}

export interface CompressedFile {
  file: string;
  bytes: number;
  br: number | null;
  gzip: number | null;
}

export async function compressAssets(dir: string): Promise<CompressedFile[]> {
  const files = listFiles(dir).filter((f) => COMPRESSIBLE.test(f) && statSync(f).size >= MIN_BYTES);
  return Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(file);
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gz(raw, { level: 9 }),
      ]);
      const out: CompressedFile = { file: path.relative(dir, file), bytes: raw.length, br: null, gzip: null };
      if (br.length < raw.length) {
        writeFileSync(`${file}.br`, br);
        out.br = br.length;
      }
      if (gzipped.length < raw.length) {
        writeFileSync(`${file}.gz`, gzipped);
        out.gzip = gzipped.length;
      }
      return out;
    }),
  );
}
