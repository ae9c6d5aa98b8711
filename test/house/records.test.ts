// Decisions are kept as records and comments say why without pointing elsewhere: docs/decisions/
// holds one record per decision in force (a title, a Status line, Context, Decision, Consequences),
// the old single log is gone, and no src/ file names an issue number, the old log, or a Markdown
// file that is not in the repository (a spec kept outside it, say). The checks are functions over
// a root folder, so the tests below can show each one failing on a planted fixture.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repo = join(__dirname, '../..');
const SECTIONS = ['## Context', '## Decision', '## Consequences'];

/** What is wrong with one record's text: a missing title, Status line or part, or an empty part. */
export function recordProblems(name: string, text: string): string[] {
  const lines = text.split('\n');
  const problems: string[] = [];
  if (!lines[0]?.startsWith('# ')) problems.push(`${name}: the first line is not a "# Title"`);
  if (!lines.some((l) => /^Status: accepted\b.*\d{4}-\d{2}-\d{2}/.test(l)))
    problems.push(`${name}: no "Status: accepted (<date>)" line`);
  let last = -1;
  for (const section of SECTIONS) {
    const at = lines.indexOf(section);
    if (at < 0) {
      problems.push(`${name}: no "${section}"`);
      continue;
    }
    if (at < last) problems.push(`${name}: "${section}" is out of order`);
    last = at;
    const next = lines.findIndex((l, i) => i > at && l.startsWith('#'));
    const body = lines
      .slice(at + 1, next < 0 ? undefined : next)
      .join('')
      .trim();
    if (body === '') problems.push(`${name}: "${section}" is empty`);
  }
  return problems;
}

/** Every problem of docs/decisions/ under `root`, and the old log if it is still there. */
export function decisionProblems(root: string): string[] {
  const problems: string[] = [];
  if (existsSync(join(root, 'docs/decisions.md')))
    problems.push('docs/decisions.md exists: one record per decision goes in docs/decisions/<slug>.md');
  const folder = join(root, 'docs/decisions');
  if (!existsSync(folder)) return [...problems, 'docs/decisions/ is missing'];
  const records = readdirSync(folder).filter((f) => f.endsWith('.md') && f !== 'README.md');
  const index = existsSync(join(folder, 'README.md')) ? readFileSync(join(folder, 'README.md'), 'utf8') : '';
  for (const file of records) {
    problems.push(...recordProblems(`docs/decisions/${file}`, readFileSync(join(folder, file), 'utf8')));
    if (!index.includes(`(${file})`)) problems.push(`docs/decisions/${file} is not in the README's index`);
  }
  for (const [, link] of index.matchAll(/\]\(([\w.-]+\.md)\)/g))
    if (link !== undefined && !records.includes(link))
      problems.push(`docs/decisions/README.md links ${link}, which is not a record`);
  return problems;
}

/** The text of every comment in a TypeScript source, with the line each starts on. */
export function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const seen = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.forEachChild(visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()));
  return [...seen].map(([pos, comment]) => ({
    line: source.getLineAndCharacterOfPosition(pos).line + 1,
    text: comment,
  }));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|mts|cts)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * Every line of src/ under `root` that names an issue number or the old decision log, and every
 * comment that names a Markdown file found neither from `root` nor from the file's own folder.
 */
export function sourceProblems(root: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(join(root, 'src'))) {
    const name = relative(root, file);
    const text = readFileSync(file, 'utf8');
    text.split('\n').forEach((line, i) => {
      if (/issue\s+#?\d/i.test(line))
        problems.push(`${name}:${i + 1}: names an issue number: ${line.trim()}`);
      if (line.includes('decisions.md'))
        problems.push(`${name}:${i + 1}: cites docs/decisions.md; cite docs/decisions/<slug>.md`);
    });
    for (const comment of commentsOf(file, text))
      for (const [md] of comment.text.matchAll(/[\w./-]*[\w-]\.md\b/g))
        if (!existsSync(join(root, md)) && !existsSync(join(dirname(file), md)))
          problems.push(`${name}:${comment.line}: a comment names ${md}, which is not in the repository`);
  }
  return problems;
}

/**
 * Every line of test/ under `root` that names one of this project's issue numbers: a test says what
 * it checks, not which issue asked for it. Another project's issue (`ky issue 692`) is a reference;
 * this file plants numbers to test the rule, so it is left out.
 */
export function testProblems(root: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(join(root, 'test'))) {
    const name = relative(root, file).split('\\').join('/');
    if (name === 'test/house/records.test.ts') continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/(?<!ky )\bissue[\s_]+#?\d/i.test(line))
          problems.push(`${name}:${i + 1}: names an issue number: ${line.trim()}`);
      });
  }
  return problems;
}

function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'records-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

const RECORD = [
  '# Redirects are not followed',
  '',
  'Status: accepted (2026-11-27)',
  '',
  '## Context',
  '',
  'A redirect would carry the credential to another host.',
  '',
  '## Decision',
  '',
  "`redirect: 'manual'`.",
  '',
  '## Consequences',
  '',
  '- A credential never leaves its host.',
  '',
].join('\n');

describe('decision records', () => {
  it('hold in the repository: no old log, every record well formed and indexed', () => {
    expect(decisionProblems(repo)).toEqual([]);
    expect(readdirSync(join(repo, 'docs/decisions')).length).toBeGreaterThan(10);
  });

  it('accept a well-formed record and name each missing part', () => {
    expect(recordProblems('r.md', RECORD)).toEqual([]);
    expect(recordProblems('r.md', RECORD.replace('Status: accepted (2026-11-27)\n', ''))).toEqual([
      'r.md: no "Status: accepted (<date>)" line',
    ]);
    expect(recordProblems('r.md', RECORD.replace('## Decision', '## Choice'))).toEqual([
      'r.md: no "## Decision"',
    ]);
    expect(recordProblems('r.md', RECORD.replace('- A credential never leaves its host.\n', ''))).toEqual([
      'r.md: "## Consequences" is empty',
    ]);
    expect(recordProblems('r.md', RECORD.replace('# Redirects', 'Redirects'))).toHaveLength(1);
  });

  it('fail on the old log, an unindexed record and a dangling index link', () => {
    const root = fixture({
      'docs/decisions.md': '# Decisions\n',
      'docs/decisions/redirects.md': RECORD,
      'docs/decisions/README.md': '# Decisions\n\n- [gone.md](gone.md): Gone\n',
    });
    expect(decisionProblems(root)).toEqual([
      'docs/decisions.md exists: one record per decision goes in docs/decisions/<slug>.md',
      "docs/decisions/redirects.md is not in the README's index",
      'docs/decisions/README.md links gone.md, which is not a record',
    ]);
  });
});

describe('test/', () => {
  it('names no issue number of this project: tests say what they check', () => {
    expect(testProblems(repo)).toEqual([]);
  });

  it("fails on an issue number in a test name, a comment or a constant, and passes another project's", () => {
    const root = fixture({
      'test/a.test.ts': [
        "it('refuses it (issue 22)', () => {});",
        '// Issue 15, finding 7: pages forever.',
        'const ISSUE_16 = [];',
        "it('retries a POST (ky issue 692)', () => {});",
      ].join('\n'),
    });
    expect(testProblems(root)).toEqual([
      "test/a.test.ts:1: names an issue number: it('refuses it (issue 22)', () => {});",
      'test/a.test.ts:2: names an issue number: // Issue 15, finding 7: pages forever.',
      'test/a.test.ts:3: names an issue number: const ISSUE_16 = [];',
    ]);
  });
});

describe('src/ comments', () => {
  it('hold in the repository: no issue numbers, no old log, no file outside it', () => {
    expect(sourceProblems(repo)).toEqual([]);
  });

  it('find every comment, in JSDoc, after code and beside a regular expression', () => {
    const text = [
      '// first',
      '/** second */',
      "const a = /\\/\\/ not a comment/.test('x'); // third",
      'const b = `// not a comment either`;',
      '/* fourth */',
    ].join('\n');
    expect(commentsOf('a.ts', text).map((c) => c.text)).toEqual([
      '// first',
      '/** second */',
      '// third',
      '/* fourth */',
    ]);
  });

  it('fail on an issue number, the old log, and a Markdown file not in the repository', () => {
    const root = fixture({
      'docs/guide.md': '# Guide\n',
      'src/core/README.md': '# core\n',
      'src/core/ok.ts': [
        '// See docs/guide.md, the folder README.md and CHANGELOG.md? Not there: only guide and README.',
        'export const ok = 1;',
      ].join('\n'),
      'src/core/bad.ts': [
        '// Bounded (Issue 26), as sdk-contract.md says.',
        '/** The rule is in docs/decisions.md, and in style.md rule 6. */',
        "export const bad = 'api-reference.md is only a string here';",
      ].join('\n'),
    });
    expect(sourceProblems(root)).toEqual([
      'src/core/bad.ts:1: names an issue number: // Bounded (Issue 26), as sdk-contract.md says.',
      'src/core/bad.ts:2: cites docs/decisions.md; cite docs/decisions/<slug>.md',
      'src/core/bad.ts:1: a comment names sdk-contract.md, which is not in the repository',
      'src/core/bad.ts:2: a comment names docs/decisions.md, which is not in the repository',
      'src/core/bad.ts:2: a comment names style.md, which is not in the repository',
      'src/core/ok.ts:1: a comment names CHANGELOG.md, which is not in the repository',
    ]);
  });
});
