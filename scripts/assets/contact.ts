// Contact sheets of the generated images, written to /tmp for a look (never committed).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { AVATAR_DEFS, avatarImagePath } from '../../shared/catalogue/avatars.js';
import { BACKGROUNDS, BOSSES } from '../../shared/catalogue/bosses.js';
import { WORLD_NAMES, WORLDS } from '../../shared/worlds.js';

async function sheet(files: string[], cols: number, tw: number, th: number, out: string, bg = '#f3efe6') {
  const present = files.filter((f) => existsSync(f));
  const rows = Math.ceil(present.length / cols);
  const composites = await Promise.all(
    present.map(async (f, i) => ({
      input: await sharp(f).resize(tw, th, { fit: 'contain', background: bg }).png().toBuffer(),
      left: (i % cols) * tw,
      top: Math.floor(i / cols) * th,
    })),
  );
  await sharp({ create: { width: cols * tw, height: Math.max(1, rows) * th, channels: 4, background: bg } })
    .composite(composites)
    .png()
    .toFile(out);
  return out;
}

export async function writeContactSheets(root: string): Promise<string[]> {
  const disk = (p: string) => join(root, p.replace(/^\//, ''));
  const out: string[] = [];
  const bases = AVATAR_DEFS.filter((d) => d.userType === 'student' && !d.skinId);
  out.push(
    await sheet(
      bases.map((d) => disk(avatarImagePath(d, 'student'))),
      12,
      170,
      170,
      '/tmp/contact-students.png',
    ),
  );
  const skinRows = bases
    .filter((_, i) => i % 3 === 0)
    .flatMap((b) => AVATAR_DEFS.filter((d) => d.key === b.key || d.baseKey === b.key));
  out.push(
    await sheet(
      skinRows.map((d) => disk(avatarImagePath(d, 'student'))),
      16,
      150,
      150,
      '/tmp/contact-skins.png',
    ),
  );
  const profs = AVATAR_DEFS.filter((d) => d.userType === 'professor');
  const heads = [...bases.filter((_, i) => i % 2 === 0), ...profs];
  out.push(
    await sheet(
      heads.map((d) => disk(avatarImagePath(d, d.userType, 'head'))),
      16,
      128,
      128,
      '/tmp/contact-heads.png',
    ),
  );
  out.push(
    await sheet(
      profs.map((d) => disk(avatarImagePath(d, 'professor'))),
      8,
      220,
      220,
      '/tmp/contact-profs.png',
    ),
  );
  out.push(
    await sheet(
      BOSSES.map((b) => disk(b.image)),
      5,
      300,
      300,
      '/tmp/contact-bosses.png',
    ),
  );
  out.push(
    await sheet(
      BACKGROUNDS.map((b) => disk(b.image)),
      3,
      480,
      270,
      '/tmp/contact-backgrounds.png',
    ),
  );
  const worldFiles = WORLD_NAMES.flatMap((p) => [WORLDS[p].icon, WORLDS[p].header, WORLDS[p].background]).map(
    disk,
  );
  out.push(await sheet(worldFiles, 3, 480, 270, '/tmp/contact-worlds.png', '#333344'));
  return out;
}
