// The REST routes that docs/protocol.md lists, read from its tables: the coverage checks of
// authorization.test.ts and bad-input.test.ts compare their cases with this list.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../../server/paths.js';

export const readProtocol = () => readFileSync(path.join(ROOT_DIR, 'docs/protocol.md'), 'utf8');

/** `GET /api/students/:id` from the doc's method and path (`/students/{id}`, notes and queries dropped). */
export const routeKey = (method: string, p: string) =>
  `${method} /api${p
    .replace(/\s*\(.*\)$/, '') // "/professorsSchoolclasses/ (also without slash)"
    .replace(/\?.*$/, '') // "/students/findOne?userId=&id="
    .replace(/\{(\w+)\}/g, ':$1')}`;

/** Every row of the doc's route tables, one per method and path, with its "Who" column. */
export function protocolRoutes(doc = readProtocol()): { method: string; key: string; who: string }[] {
  const rows: { method: string; key: string; who: string }[] = [];
  for (const line of doc.split('\n')) {
    // An escaped pipe (`student\|professor`) is not a column separator.
    const cols = line
      .replace(/\\\|/g, '¦')
      .split('|')
      .map((c) => c.trim());
    if (cols.length < 5 || !/^[A-Z, ]+$/.test(cols[1]) || cols[1] === 'Method') continue;
    for (const method of cols[1].split(',').map((m) => m.trim()))
      for (const p of cols[2].split(',').map((x) => x.trim()))
        rows.push({ method, key: routeKey(method, p), who: cols[3] });
  }
  return rows;
}
