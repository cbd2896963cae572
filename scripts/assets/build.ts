// Builds every image of the game: `npx tsx scripts/assets/build.ts` (npm run assets).
// Options: --only=avatars,bosses,backgrounds,worlds   --contact (also writes /tmp/contact-*.png)
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AVATAR_DEFS, avatarImagePath } from '../../shared/catalogue/avatars.js';
import { BACKGROUNDS, BOSSES } from '../../shared/catalogue/bosses.js';
import { WORLD_NAMES, WORLDS } from '../../shared/worlds.js';
import { avatarSvg } from './avatar.js';
import { bossSvg } from './boss.js';
import { writeContactSheets } from './contact.js';
import { backgroundSvg } from './landscape.js';
import { renderWebp } from './render.js';
import { worldBackgroundSvg, worldHeaderSvg, worldIconSvg } from './world.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const onDisk = (publicPath: string) => join(ROOT, publicPath.replace(/^\//, ''));

const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const want = (s: string) => !only || only.includes(s);

/** Runs tasks with a small concurrency limit. */
async function pool<T>(items: T[], limit: number, fn: (t: T) => Promise<void>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (i < items.length) {
        const t = items[i++];
        await fn(t);
      }
    }),
  );
}

async function dirSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !e.name.endsWith('.webp')) continue;
    files++;
    bytes += (await stat(join(e.parentPath, e.name))).size;
  }
  return { files, bytes };
}

async function main() {
  const t0 = Date.now();
  const jobs: (() => Promise<number>)[] = [];

  if (want('avatars')) {
    await rm(join(ROOT, 'assets/avatars'), { recursive: true, force: true });
    for (const d of AVATAR_DEFS) {
      jobs.push(() =>
        renderWebp(avatarSvg(d, 'body'), onDisk(avatarImagePath(d, d.userType, 'body')), {
          width: 512,
          height: 512,
          quality: 80,
        }),
      );
      jobs.push(() =>
        renderWebp(avatarSvg(d, 'head'), onDisk(avatarImagePath(d, d.userType, 'head')), {
          width: 128,
          height: 128,
          quality: 82,
        }),
      );
    }
  }
  if (want('bosses')) {
    await rm(join(ROOT, 'assets/bosses'), { recursive: true, force: true });
    for (const b of BOSSES)
      jobs.push(() => renderWebp(bossSvg(b), onDisk(b.image), { width: 768, height: 768, quality: 80 }));
  }
  if (want('backgrounds')) {
    await rm(join(ROOT, 'assets/backgrounds'), { recursive: true, force: true });
    for (const b of BACKGROUNDS)
      jobs.push(() =>
        renderWebp(backgroundSvg(b.group, b.biome, b.key), onDisk(b.image), {
          width: 1920,
          height: 1080,
          quality: 72,
          alpha: false,
        }),
      );
  }
  if (want('worlds')) {
    await rm(join(ROOT, 'assets/worlds'), { recursive: true, force: true });
    for (const p of WORLD_NAMES) {
      const w = WORLDS[p];
      jobs.push(() => renderWebp(worldIconSvg(p), onDisk(w.icon), { width: 256, height: 256, quality: 82 }));
      jobs.push(() =>
        renderWebp(worldHeaderSvg(p), onDisk(w.header), {
          width: 1200,
          height: 300,
          quality: 76,
          alpha: false,
        }),
      );
      jobs.push(() =>
        renderWebp(worldBackgroundSvg(p), onDisk(w.background), {
          width: 1920,
          height: 1080,
          quality: 72,
          alpha: false,
        }),
      );
    }
  }

  await pool(jobs, 4, async (job) => {
    await job();
  });

  for (const dir of ['avatars', 'bosses', 'backgrounds', 'worlds']) {
    const s = await dirSize(join(ROOT, 'assets', dir)).catch(() => ({ files: 0, bytes: 0 }));
    console.log(`assets/${dir}: ${s.files} files, ${(s.bytes / 1024 / 1024).toFixed(2)} MB`);
  }
  if (args.includes('--contact')) {
    const sheets = await writeContactSheets(ROOT);
    for (const s of sheets) console.log(`contact sheet: ${s}`);
  }
  console.log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
