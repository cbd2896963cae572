// Gzipped JavaScript a phone downloads on first load of each phone page, measured on the built
// client (run `npx vite build` first). The build has no manifest, so the script follows what the
// browser follows: index.html's entry and modulepreloads, then each chunk's static `import … from`
// statements (dynamic `import()` is loaded later, only when used, and is not counted).
// Usage: npx tsx scripts/bundle-size.ts [--json] [--all] [--dist dist/client]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const distArg = process.argv.indexOf('--dist');
const DIST =
  distArg > 0 ? (process.argv[distArg + 1] as string) : join(import.meta.dirname, '..', 'dist', 'client');
const ASSETS = join(DIST, 'assets');
/** DESIGN "Budgets": phone pages under 150 KB of JavaScript gzipped on first load. */
const BUDGET_KB = 150;

const files = readdirSync(ASSETS);
const gz = new Map<string, number>();
const gzipSize = (file: string) => {
  let n = gz.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length;
    gz.set(file, n);
  }
  return n;
};

/** Files a chunk imports statically (`import{…}from"./x.js"`, `import"./x.js"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(join(ASSETS, file), 'utf8');
  const out = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g))
    out.add(m[1] as string);
  for (const m of code.matchAll(/(?:^|[;}\s])export\s*(?:\*|\{[^}]*\})\s*from\s*["']\.\/([^"']+\.js)["']/g))
    out.add(m[1] as string);
  return [...out];
}

function closure(roots: string[], into = new Set<string>()): Set<string> {
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop() as string;
    if (into.has(f)) continue;
    into.add(f);
    stack.push(...staticImports(f));
  }
  return into;
}

function chunk(name: string): string {
  const found = files.filter((f) => f.endsWith('.js') && new RegExp(`^${name}-[\\w-]+\\.js$`).test(f));
  if (found.length !== 1) throw new Error(`chunk ${name}: found ${found.join(', ') || 'none'}`);
  return found[0] as string;
}

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const entryFiles = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string);
const entry = closure(entryFiles);

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const total = (set: Set<string>) => [...set].reduce((n, f) => n + gzipSize(f), 0);

interface Line {
  page: string;
  kb: number;
  files: number;
  biggest: string[];
}
function page(label: string, chunks: string[], lazy: string[] = []): Line {
  const set = closure([...chunks.map(chunk), ...lazy.map(chunk)], new Set(entry));
  for (const f of entry) set.add(f);
  const all = closure([...set]);
  const biggest = [...all]
    .sort((a, b) => gzipSize(b) - gzipSize(a))
    .slice(0, process.argv.includes('--all') ? undefined : 5)
    .map((f) => `${f.replace(/-[\w-]+\.js$/, '')} ${kb(gzipSize(f))}`);
  return { page: label, kb: kb(total(all)), files: all.size, biggest };
}

const lines: Line[] = [
  page('entry only (index.html)', []),
  // Each page arrives through its group's table of loaders (routes.ts), a chunk of its own.
  page('/student (home)', ['pages-student', 'StudentHomePage']),
  page('/student/live/… (live answer page)', ['pages-student', 'LivePage']),
  page(
    '/student/live/… once a question has a formula (+ KaTeX, lazy)',
    ['pages-student', 'LivePage'],
    ['katex'],
  ),
  page('/student/account/join-class (join a class)', ['pages-student', 'JoinClassPage']),
  page('/register/student/code (a new student joins)', ['pages-public', 'StudentCodePage']),
];

if (process.argv.includes('--json')) console.log(JSON.stringify(lines));
else {
  for (const l of lines) {
    const flag = l.kb <= BUDGET_KB ? 'ok' : 'OVER';
    console.log(
      `${l.page.padEnd(66)} ${String(l.kb).padStart(6)} KB gz  ${String(l.files).padStart(3)} files  ${flag}`,
    );
    console.log(`    biggest: ${l.biggest.join(', ')}`);
  }
  console.log(`budget: ${BUDGET_KB} KB gzipped JavaScript on first load of a phone page (DESIGN.md)`);
}
