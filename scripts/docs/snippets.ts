// The TypeScript blocks of the README and the guides, as programs: each ```ts block becomes a module
// under .tmp/snippets/, compiled with the project's tsconfig (which maps `gateway-sdk`,
// `gateway-sdk/webhooks` and `gateway-sdk/testing` to src/), and the blocks that need only the mock
// are run, their stated results checked. The conventions (CONTRIBUTING.md, "Docs that run"):
//
// - A block runs when it imports `gateway-sdk/testing` and not `vitest`; every other block needs
//   the live service, your app or a test runner, and is type-checked only.
// - `console.log(…); //=> text` states what that line prints; `…` stands for any characters, and a
//   further ` // note` is for readers. A run fails if the line prints something else or nothing.
//   `//=>` in a block that does not run fails.
// - HTML comments on the lines just before the fence adjust one block:
//   `<!-- snippet: given <TypeScript> -->` prepends declarations a fragment relies on (`app`,
//   `secret`, …), `<!-- snippet: type-check only: <reason> -->` keeps a block from running, and
//   `<!-- snippet: not checked: <reason> -->` skips it (signature listings, not programs).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** One ```ts block of a Markdown file. */
export interface Snippet {
  /** The Markdown file, relative to the repository root. */
  doc: string;
  /** Line of the block's first code line in `doc` (1-based). */
  line: number;
  /** The block's code. */
  code: string;
  /** Declarations from a `given` marker, prepended as one line. */
  given: string | null;
  /** Why the block is not compiled, or null. */
  skipped: string | null;
  /** Why the block is type-checked but not run, or null when it runs. */
  typeOnly: string | null;
  /** `//=>` expectations: line in `doc` and expected text. */
  expectations: { line: number; text: string }[];
  /** The generated module. */
  file: string;
}

/** A failure, located in its Markdown file. */
export interface SnippetFailure {
  doc: string;
  line: number;
  message: string;
}

const MARKER = /^<!-- snippet: (given|type-check only|not checked)(?:[:\s]\s*([\s\S]*?))?\s*-->$/;
const EXPECT = /\/\/=>\s?(.*)$/;

/** Extracts the ```ts blocks of `docs` (paths relative to `root`) into `outDir`. */
export function extractSnippets(root: string, docs: string[], outDir: string): Snippet[] {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const snippets: Snippet[] = [];
  for (const doc of docs) {
    const lines = readFileSync(join(root, doc), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] !== '```ts') continue;
      const start = i + 1;
      let end = start;
      while (end < lines.length && lines[end] !== '```') end++;
      // Markers stand on the lines before the fence, or before the blank line a formatter puts there.
      let given: string | null = null;
      let skipped: string | null = null;
      let typeOnly: string | null = null;
      let j = lines[i - 1]?.trim() === '' ? i - 2 : i - 1;
      for (let m: RegExpExecArray | null; j >= 0 && (m = MARKER.exec(lines[j]?.trim() ?? '')); j--) {
        const [, kind, text = ''] = m;
        if (kind === 'given') given = text;
        else if (kind === 'not checked') skipped = text || 'marked not checked';
        else typeOnly = text || 'marked type-check only';
      }
      const code = lines.slice(start, end).join('\n');
      const source = `${given ?? ''}\n${code}`;
      if (typeOnly === null) {
        if (/from ['"]vitest['"]/.test(source)) typeOnly = 'a Vitest test file';
        else if (!/from ['"]gateway-sdk\/testing['"]/.test(source))
          typeOnly = 'needs the live service or your app (no gateway-sdk/testing)';
      }
      const expectations = lines.slice(start, end).flatMap((text, k) => {
        const m = EXPECT.exec(text);
        // `//=> value // note`: the note is for readers, not part of the value.
        return m ? [{ line: start + 1 + k, text: (m[1] ?? '').split(' // ')[0]?.trim() ?? '' }] : [];
      });
      const file = join(outDir, `${doc.replace(/[/.]/g, '_')}_${start + 1}.ts`);
      // Line 1 holds the `given` declarations, so line n + 1 of the module is line n of the block;
      // `export {}` keeps each block a module, so top-level await and names stay local.
      writeFileSync(file, `${given ?? ''}\n${code}\nexport {};\n`);
      snippets.push({ doc, line: start + 1, code, given, skipped, typeOnly, expectations, file });
      i = end;
    }
  }
  return snippets;
}

/** Compiles every block not skipped with the project's tsconfig; returns the errors, located. */
export function typeCheckSnippets(root: string, snippets: Snippet[]): SnippetFailure[] {
  const checked = snippets.filter((s) => s.skipped === null);
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error('cannot read tsconfig.json');
  const program = ts.createProgram(
    checked.map((s) => s.file),
    { ...config.options, noEmit: true },
  );
  const byFile = new Map(checked.map((s) => [s.file, s]));
  return ts.getPreEmitDiagnostics(program).flatMap((d) => {
    const snippet = d.file ? byFile.get(d.file.fileName) : undefined;
    if (!snippet || !d.file) return [];
    const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
    return [
      {
        doc: snippet.doc,
        line: snippet.line + line - 1,
        message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      },
    ];
  });
}

/**
 * A small guide with one block right, one wrong for the real API, one fragment with its givens and
 * one marked not checked: `npm run docs:check` type-checks it with the docs and fails unless the
 * checker reports exactly PLANTED_ERROR, so the step proves it sees the real API and reports an
 * error at its line of the Markdown (test/types/docs-snippets.test.ts checks the extraction).
 */
export const PLANTED_GUIDE = [
  'Right:',
  '',
  '```ts',
  "import { Webhooks } from 'gateway-sdk/webhooks';",
  '',
  "const valid: boolean = await Webhooks.verify('{}', 't=1,v1=00', 'whsec_x');",
  '```',
  '',
  'Wrong for the real API (verify resolves to a boolean):',
  '',
  '```ts',
  "import { Webhooks } from 'gateway-sdk/webhooks';",
  '',
  "const valid: string = await Webhooks.verify('{}', 't=1,v1=00', 'whsec_x');",
  '```',
  '',
  'A fragment that compiles with what it is given:',
  '',
  "<!-- snippet: given import { Webhooks } from 'gateway-sdk/webhooks'; declare const raw: string; -->",
  '',
  '```ts',
  "const valid: boolean = await Webhooks.verify(raw, undefined, 'whsec_x');",
  '```',
  '',
  '<!-- snippet: not checked: a signature listing -->',
  '```ts',
  'verify(raw: string, signature: string | undefined, secret: string): Promise<boolean>',
  '```',
  '',
].join('\n');

/** The one error the checker must report for PLANTED_GUIDE: its line of the Markdown, and the message. */
export const PLANTED_ERROR = { line: 14, message: "Type 'boolean' is not assignable to type 'string'." };

/** Whether `printed` is what `expected` states: `…` stands for any characters. */
export function matchesExpectation(printed: string, expected: string): boolean {
  const pattern = expected
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*?');
  return new RegExp(`^${pattern}$`).test(printed.trimEnd());
}

/** What one run printed, per line of the generated module. */
interface Printed {
  line: number;
  text: string;
}

const RUN_TIMEOUT_MS = 60_000;

/** Runs one block in its own Node process (tsx), recording what each line prints. */
function runOne(root: string, snippet: Snippet): Promise<{ printed: Printed[]; error: string | null }> {
  const out = `${snippet.file}.out.json`;
  rmSync(out, { force: true });
  // No credential or address of a real account reaches a block: only the mock can answer.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_')));
  const capture = join(root, 'scripts/docs/capture.mjs');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', capture, snippet.file], {
      cwd: root,
      env: { ...env, DOCS_SNIPPET_FILE: snippet.file, DOCS_SNIPPET_OUT: out },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let printed: Printed[] = [];
      try {
        printed = JSON.parse(readFileSync(out, 'utf8')) as Printed[];
      } catch {
        // No record: the process died before exit handlers ran; the error below says how.
      }
      const error =
        signal === 'SIGKILL'
          ? `did not exit within ${RUN_TIMEOUT_MS / 1000} s (a server or timer left open?)`
          : code === 0
            ? null
            : `exited with ${code}:\n${output.trim().split('\n').slice(-15).join('\n')}`;
      resolve({ printed, error });
    });
  });
}

/** Runs the blocks that need only the mock, `concurrency` at a time; checks their `//=>` lines. */
export async function runSnippets(
  root: string,
  snippets: Snippet[],
  concurrency = 2,
): Promise<SnippetFailure[]> {
  const failures: SnippetFailure[] = [];
  for (const s of snippets)
    if (s.typeOnly !== null || s.skipped !== null)
      for (const e of s.expectations)
        failures.push({
          doc: s.doc,
          line: e.line,
          message: `//=> states a result, but this block does not run (${s.skipped ?? s.typeOnly})`,
        });
  const queue = snippets.filter((s) => s.typeOnly === null && s.skipped === null);
  const worker = async () => {
    for (let s = queue.shift(); s; s = queue.shift()) {
      const { printed, error } = await runOne(root, s);
      if (error) failures.push({ doc: s.doc, line: s.line, message: error });
      for (const e of s.expectations) {
        // Module line = block line + 1 (the `given` line).
        const moduleLine = e.line - s.line + 2;
        const texts = printed.filter((p) => p.line === moduleLine).map((p) => p.text);
        if (texts.length === 0)
          failures.push({ doc: s.doc, line: e.line, message: `printed nothing; //=> ${e.text}` });
        for (const text of texts)
          if (!matchesExpectation(text, e.text))
            failures.push({
              doc: s.doc,
              line: e.line,
              message: `printed ${JSON.stringify(text)}; //=> ${e.text}`,
            });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures.sort((a, b) => a.doc.localeCompare(b.doc) || a.line - b.line);
}
