// One word per idea (issue 22, docs/decisions.md "One way to award XP, policies that throw, one word
// per idea"): the code's identifiers use the words chosen from the spec. Comments, strings and the
// interface's texts are not identifiers and are not checked.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['server', 'shared', 'client/src', 'scripts', 'tests'];

/** A retired word: the pattern it shows in identifiers, the word to use, and the names it may keep. */
const RETIRED: { word: RegExp; use: string; allowed: (name: string, file: string) => boolean }[] = [
  {
    word: /teacher/i,
    use: 'professor',
    // The CAS attribute settings of the operator's SSO_CAS JSON (.env.example), read by key.
    allowed: (name) => name === 'teacherDivisions' || name === 'teacherGroups',
  },
  { word: /invocation/i, use: 'summon', allowed: () => false },
  {
    word: /planet/i,
    use: 'world',
    // The wire and database field (spec: Avatar.planet, "a class's planet") and its database enum.
    allowed: (name, file) => name === 'planet' || (name === 'planetEnum' && file === 'server/db/schema.ts'),
  },
  {
    // One entry of the codex is a phrase; `codex` names the collection.
    word: /^(codexEntry|CodexEntry|trashCodex|createCodexEntry|codexId|CodexDraft|codexDraft|setCodexStatus|CodexRow)/,
    use: 'phrase',
    // The `codexId` detail of CODEX_DISPLAYED events already stored.
    allowed: (name, file) => name === 'codexId' && file === 'server/game/codex.ts',
  },
];

function* codeFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'fixtures') yield* codeFiles(rel);
    } else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield rel;
  }
}

/** Every identifier of a file (names declared and used, JSX tags and attributes), with its line. */
function identifiers(file: string): { name: string; line: number }[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found: { name: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node))
      found.push({ name: node.text, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** `file:line name (use …)` for each identifier holding a retired word. */
function retiredWords(files: Iterable<string>): string[] {
  const out: string[] = [];
  for (const file of files)
    for (const { name, line } of identifiers(file))
      for (const r of RETIRED)
        if (r.word.test(name) && !r.allowed(name, file)) out.push(`${file}:${line} ${name} (use "${r.use}")`);
  return out;
}

describe('one word per idea in code identifiers', () => {
  it('finds a retired word in an identifier, not in comments or strings', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'shared/.vocabulary-'));
    try {
      const file = path.join(dir, 'sample.ts');
      fs.writeFileSync(
        file,
        "// a teacher's planet\nconst teacherOf = 'teacher';\nexport const planet = teacherOf;\nlet invocations = 1;\n",
      );
      const rel = path.relative(ROOT, file);
      expect(retiredWords([rel]).map((l) => l.slice(rel.length + 1))).toEqual([
        '2 teacherOf (use "professor")',
        '3 teacherOf (use "professor")',
        '4 invocations (use "summon")',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps teacher, invocation, planet and codex-for-one-entry out of identifiers', () => {
    const files = DIRS.flatMap((d) => [...codeFiles(d)]);
    expect(files.length).toBeGreaterThan(300);
    expect(retiredWords(files)).toEqual([]);
  });
});
