// `npm run docs:operations`: writes the operations tables of README.md and docs/api-index.md from the
// declarations (src/resources/operations.ts) and the methods as their resource files write them
// (arguments, return type). Each table follows an `<!-- operations table … -->` line; the rest of
// the file is left as it is, then formatted by Prettier. test/resources/operations.test.ts fails,
// row by row, while a table differs from what this would write.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { OPERATION_DOCS, OPERATIONS, type Operations, routeKey } from '../../src/resources/operations.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The line above each generated table. */
export const TABLE_MARKER =
  '<!-- operations table: npm run docs:operations writes it from src/resources/operations.ts -->';

/** The documents holding an operations table, and the columns of each. */
export const TABLES = {
  'README.md': ['method', 'HTTP', 'returns'],
  'docs/api-index.md': ['method', 'file', 'HTTP', 'returns', 'does'],
} as const;

/** A document holding an operations table. */
export type TableDoc = keyof typeof TABLES;

/** One operation as the tables show it. */
export interface OperationRow {
  /** `client.sms.messages.retrieve(messageId, opts?)` */
  method: string;
  /** The resource file, relative to the repository root. */
  file: string;
  /** `GET /sms/messages/{message_id}` */
  http: string;
  /** `Message`, `PagePromise<Message>`: the method's return type without its `APIPromise`. */
  returns: string;
  /** The declaration's doc line. */
  does: string;
}

/** Where the method of `id` lives: `src/resources/<area>/<resource, in kebab case>.ts`. */
export function resourceFile(id: string): string {
  const segments = id.split('.');
  const resource = (segments.at(-2) ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return `src/resources/${segments[0] ?? ''}/${resource}.ts`;
}

/** The parameters of a signature split at its top-level commas. */
function splitParams(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if ('<({['.includes(c)) depth++;
    if ('>)}]'.includes(c)) depth--;
    if (c === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += c;
  }
  if (current.trim() !== '') out.push(current);
  return out.map((p) => p.trim()).filter((p) => p !== '');
}

/** The method `name` as `source` writes it: its arguments (`query?` when optional) and return type. */
export function signatureOf(
  source: string,
  name: string,
): { args: string[]; returns: string; types: string[] } | undefined {
  const match = new RegExp(`^ {2}${name}\\(([^)]*)\\)\\s*:\\s*([^{]+?)\\s*\\{`, 'm').exec(source);
  if (match === null) return undefined;
  const params = splitParams(match[1] ?? '');
  const args = params.map((p) => {
    const [, arg = p, optional] = /^(\w+)(\?)?/.exec(p) ?? [];
    return optional !== undefined || p.includes('=') ? `${arg}?` : arg;
  });
  const type = (match[2] ?? '').replace(/\s+/g, ' ');
  const returns = type.replace(/^APIPromise<(.*)>$/, '$1');
  const types = [...`${match[1] ?? ''} ${type}`.matchAll(/\b[A-Z]\w*/g)].map((m) => m[0]);
  return { args, returns, types };
}

/** The rows of every operation, and what keeps a row from being written; `docs` says what each does. */
export function operationRows(
  operations: Operations,
  readSource: (file: string) => string | undefined,
  docs: Readonly<Record<string, string>> = OPERATION_DOCS,
): { rows: OperationRow[]; problems: string[] } {
  const rows: OperationRow[] = [];
  const problems: string[] = [];
  for (const [id, operation] of Object.entries(operations)) {
    const file = resourceFile(id);
    const name = id.split('.').at(-1) ?? '';
    const signature = signatureOf(readSource(file) ?? '', name);
    if (signature === undefined) {
      problems.push(`${id}: ${file} defines no method ${name}(…); write it there`);
      continue;
    }
    rows.push({
      method: `client.${id}(${signature.args.join(', ')})`,
      file,
      http: routeKey(operation),
      returns: signature.returns,
      does: docs[id] ?? '',
    });
  }
  return { rows, problems };
}

/** The cells of one row in `doc`'s table, as Markdown. */
export function cells(doc: TableDoc, row: OperationRow): string[] {
  return TABLES[doc].map((column) => {
    if (column === 'method') return `\`${row.method}\``;
    if (column === 'file') return `[${row.file}](../${row.file})`;
    if (column === 'HTTP') return `\`${row.http}\``;
    if (column === 'returns') return `\`${row.returns}\``;
    return row.does;
  });
}

/** The table rows (cells trimmed) that follow the marker in `text`, header and rule left out; undefined without a marker. */
export function tableIn(text: string): string[][] | undefined {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.trim() === TABLE_MARKER);
  if (at < 0) return undefined;
  const rows: string[][] = [];
  let i = at + 1;
  while (lines[i]?.trim() === '') i++;
  for (; lines[i]?.startsWith('|') === true; i++) {
    rows.push(
      (lines[i] ?? '')
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2);
}

/** Where `doc`'s table differs from `rows`, row by row; empty when it is what `npm run docs:operations` writes. */
export function tableProblems(doc: TableDoc, text: string, rows: readonly OperationRow[]): string[] {
  const found = tableIn(text);
  if (found === undefined) return [`${doc}: no "${TABLE_MARKER}" line above its operations table`];
  const problems: string[] = [];
  const length = Math.max(found.length, rows.length);
  for (let i = 0; i < length; i++) {
    const want = rows[i] === undefined ? undefined : cells(doc, rows[i] as OperationRow).join(' | ');
    const have = found[i]?.join(' | ');
    if (want !== have)
      problems.push(
        `${doc} operations table, row ${i + 1}: ${have ?? 'missing'}; expected ${want ?? 'no row'} (run npm run docs:operations)`,
      );
  }
  return problems;
}

/** `text` with the table after the marker replaced by `rows`. */
export function withTable(doc: TableDoc, text: string, rows: readonly OperationRow[]): string {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.trim() === TABLE_MARKER);
  if (at < 0) throw new Error(`${doc}: add the line ${TABLE_MARKER} above its operations table.`);
  let end = at + 1;
  while (lines[end]?.trim() === '') end++;
  while (lines[end]?.startsWith('|') === true) end++;
  const columns = TABLES[doc];
  const table = [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${cells(doc, row).join(' | ')} |`),
  ];
  return [...lines.slice(0, at + 1), '', ...table, ...lines.slice(end)].join('\n');
}

async function main(): Promise<void> {
  const read = (file: string): string | undefined => {
    try {
      return readFileSync(join(root, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const { rows, problems } = operationRows(OPERATIONS, read);
  if (problems.length > 0) {
    for (const p of problems) console.error(p);
    process.exit(1);
  }
  for (const doc of Object.keys(TABLES) as TableDoc[]) {
    const path = join(root, doc);
    const text = withTable(doc, readFileSync(path, 'utf8'), rows);
    const options = (await prettier.resolveConfig(path)) ?? {};
    writeFileSync(path, await prettier.format(text, { ...options, filepath: path }));
    console.log(`${doc}: ${rows.length} operations`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
