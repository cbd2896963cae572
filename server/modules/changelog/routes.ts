// Lists the changelog files (assets/changelog/*.txt); the client fetches and parses each one.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseChangelogFileName } from '../../../shared/changelog.js';
import { ROOT_DIR } from '../../paths.js';

export default async function changelogRoutes(app: FastifyInstance) {
  app.get('/changelog', async () => {
    const dir = path.join(ROOT_DIR, 'assets', 'changelog');
    const names = await readdir(dir).catch(() => [] as string[]);
    const files: { file: string; date: string }[] = [];
    for (const file of names) {
      const date = parseChangelogFileName(file);
      if (date) files.push({ file, date: date.toISOString() });
    }
    return files.sort((a, b) => b.date.localeCompare(a.date));
  });
}
