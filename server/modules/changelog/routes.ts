// Lists the changelog files (assets/changelog/*.txt); the client fetches and parses each one.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseChangelogFileName } from '../../../shared/changelog.js';
import { ROOT_DIR } from '../../paths.js';

const changelogFiles = z.array(z.object({ file: z.string(), date: z.string() }));

export default async function changelogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/changelog',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The changelog files, newest first; each is then fetched from /assets/changelog/{file}',
        response: { 200: changelogFiles },
      },
    },
    async () => {
      const dir = path.join(ROOT_DIR, 'assets', 'changelog');
      const names = await readdir(dir).catch(() => [] as string[]);
      const files: { file: string; date: string }[] = [];
      for (const file of names) {
        const date = parseChangelogFileName(file);
        if (date) files.push({ file, date: date.toISOString() });
      }
      return files.sort((a, b) => b.date.localeCompare(a.date));
    },
  );
}
