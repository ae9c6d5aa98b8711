// `npm run size` (scripts/package/size.mjs) holds the bundle goals as its budgets and
// fails a bundle one byte over. It runs here on a small package of the same shape (package.json
// exports and dist/ files, measured through --root) so the check itself is tested without a build:
// measured once, then given budgets of exactly those sizes (--budgets), then one byte less.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIR = join(ROOT, '.tmp', `size-budgets-${process.pid}`);
const PACKAGE = join(DIR, 'package');

interface Row {
  name: string;
  first: number;
  firstBudget?: number;
  bytes: number;
  budget: number;
  problems: string[];
}

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'gateway-sdk',
    type: 'module',
    exports: {
      '.': { import: { default: './dist/index.js' } },
      './webhooks': { import: { default: './dist/webhooks.js' } },
      './campaigns': { import: { default: './dist/campaigns.js' } },
      './otel': { import: { default: './dist/otel.js' } },
    },
  }),
  // A first load and a chunk behind a dynamic import, as the Client has.
  'dist/index.js':
    "export class Client {\n  constructor(options) { this.options = options; }\n  async send(body) {\n    const { post } = await import('./engine.js');\n    return post(this.options, body);\n  }\n}\n",
  'dist/engine.js':
    'export const post = (options, body) => JSON.stringify({ options, body, at: Date.now() });\n',
  'dist/webhooks.js':
    "export class WebhookVerificationError extends Error {}\nexport const Webhooks = { verify: (body, signature) => body.length > 0 && signature !== '' };\nexport const memoryStore = () => new Map();\nexport const createWebhookHandler = (options) => (request) => options.onEvent(request);\n",
  'dist/campaigns.js':
    'export async function* createMany(client, rows) {\n  for (const row of rows) yield await client.send(row);\n}\nexport const memoryPacer = (options) => ({ ...options });\n',
  // Its peer stays out of the bundle, as @opentelemetry/api does.
  'dist/otel.js':
    "import { trace } from '@opentelemetry/api';\nexport const instrument = (client) => (trace.getTracer('t'), client);\nexport const webhookTelemetry = () => () => () => undefined;\n",
};

/** Runs size.mjs on the small package; its exit code and the rows it printed. */
async function size(budgets?: Record<string, { first?: number; all?: number }>) {
  const args = [join(ROOT, 'scripts/package/size.mjs'), '--root', PACKAGE, '--json'];
  if (budgets !== undefined) {
    const file = join(DIR, `budgets-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(budgets));
    args.push('--budgets', file);
  }
  const run = promisify(execFile);
  const { code, stdout } = await run(process.execPath, args, { cwd: ROOT }).then(
    (r) => ({ code: 0, stdout: r.stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }),
  );
  return { code, rows: JSON.parse(stdout) as Row[] };
}

/** Budgets of exactly each row's sizes, less `less` bytes on the rows `pick` chooses. */
function budgetsOf(rows: Row[], less = 0, pick: (row: Row, kind: 'first' | 'all') => boolean = () => true) {
  return Object.fromEntries(
    rows.map((row) => [
      row.name,
      {
        ...(row.firstBudget === undefined ? {} : { first: row.first - (pick(row, 'first') ? less : 0) }),
        all: row.bytes - (pick(row, 'all') ? less : 0),
      },
    ]),
  );
}

let measured: Row[];

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(PACKAGE, path, '..'), { recursive: true });
    writeFileSync(join(PACKAGE, path), text);
  }
  ({ rows: measured } = await size());
}, 60_000);

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe('npm run size', () => {
  it('holds the goals as its budgets, or the raise a decision record names', () => {
    const budget = (name: string) => measured.find((r) => r.name === name);
    // Goal, and the budget in force when a record raised it: the record must name both numbers.
    const rows: [string, 'firstBudget' | 'budget', number, number, string?][] = [
      ['gateway-sdk { Client }', 'firstBudget', 9_216, 9_216],
      ['gateway-sdk { Client }', 'budget', 34_816, 34_816],
      ['gateway-sdk/webhooks { createWebhookHandler, memoryStore }', 'budget', 5_120, 5_120],
      ['gateway-sdk/webhooks *', 'budget', 7_629, 7_629],
      ['gateway-sdk/webhooks { Webhooks }', 'budget', 2_048, 2_048],
      ['gateway-sdk/otel { instrument, webhookTelemetry }', 'budget', 2_048, 2_048],
    ];
    for (const [name, kind, goal, inForce, record] of rows) {
      expect(budget(name)?.[kind]).toBe(inForce);
      if (inForce === goal) continue;
      const text = readFileSync(new URL(`../../docs/decisions/${record ?? ''}`, import.meta.url), 'utf8');
      for (const figure of [goal, inForce]) expect(text).toContain(figure.toLocaleString('en-US'));
    }
  });

  it('passes a bundle at exactly its budget', { timeout: 60_000 }, async () => {
    const { code, rows } = await size(budgetsOf(measured));
    expect(rows.map((r) => r.problems)).toEqual(measured.map(() => []));
    expect(code).toBe(0);
  });

  it(
    'fails every bundle one byte over its budget, first load and all chunks alike',
    { timeout: 60_000 },
    async () => {
      const firstOnly = await size(budgetsOf(measured, 1, (_, kind) => kind === 'first'));
      expect(firstOnly.code).toBe(1);
      for (const row of firstOnly.rows)
        expect(row.problems, row.name).toEqual(
          row.firstBudget === undefined ? [] : ['first load 1 bytes over its budget'],
        );
      const allOnly = await size(budgetsOf(measured, 1, (_, kind) => kind === 'all'));
      expect(allOnly.code).toBe(1);
      for (const row of allOnly.rows)
        expect(row.problems, row.name).toEqual(['1 bytes over budget (all chunks)']);
    },
  );

  it('fails when a single bundle is one byte over', { timeout: 60_000 }, async () => {
    const { code, rows } = await size(
      budgetsOf(
        measured,
        1,
        (row, kind) => row.name === 'gateway-sdk/webhooks { Webhooks }' && kind === 'all',
      ),
    );
    expect(code).toBe(1);
    expect(rows.filter((r) => r.problems.length > 0).map((r) => r.name)).toEqual([
      'gateway-sdk/webhooks { Webhooks }',
    ]);
  });
});
