// Lists the changelog files (assets/changelog/*.txt), each with the languages it is translated into
// (`*.en.txt` next to it); the client fetches and parses each one in the reader's language.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseChangelogFileName, parseChangelogTranslationName } from '../../../shared/changelog.js';
import { LANGUAGES } from '../../../shared/constants.js';
import { ROOT_DIR } from '../../paths.js';

const changelogFiles = z.array(
  z.object({ file: z.string(), date: z.string(), translations: z.array(z.string()) }),
);

export default async function changelogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/changelog',
    {
      config: { access: 'public' },
      schema: {
        summary:
          'The changelog files, newest first, each with the languages it is translated into; each is then fetched from /assets/changelog/{file} (a translation: {name}.{lang}.txt)',
        response: { 200: changelogFiles },
      },
    },
    async () => {
      const dir = path.join(ROOT_DIR, 'assets', 'changelog');
      const names = await readdir(dir).catch(() => [] as string[]);
      const translations = new Map<string, string[]>();
      for (const name of names) {
        const t = parseChangelogTranslationName(name);
        if (!t || !(LANGUAGES as readonly string[]).includes(t.lang)) continue;
        translations.set(t.file, [...(translations.get(t.file) ?? []), t.lang].sort());
      }
      const files: { file: string; date: string; translations: string[] }[] = [];
      for (const file of names) {
        const date = parseChangelogFileName(file);
        if (date) files.push({ file, date: date.toISOString(), translations: translations.get(file) ?? [] });
      }
      return files.sort((a, b) => b.date.localeCompare(a.date));
    },
  );
}
