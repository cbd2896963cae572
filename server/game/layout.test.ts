// Issue 22: the room's code stays in modules a newcomer can read whole. No file in server/game/ (tests
// included, folders below too) is over 400 lines; a file growing past it is split by responsibility
// (server/game/README.md lists the modules).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 400;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('server/game/', () => {
  it(`has no file over ${MAX_LINES} lines`, () => {
    const files = tsFiles(import.meta.dirname);
    expect(files.length).toBeGreaterThan(10);
    const long = files
      .map((f) => ({
        file: path.relative(import.meta.dirname, f),
        lines: readFileSync(f, 'utf8').trimEnd().split('\n').length,
      }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long, `split these by responsibility (server/game/README.md): ${long.join(', ')}`).toEqual([]);
  });
});
