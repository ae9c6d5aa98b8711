// The places that follow from the operation declarations (src/resources/operations.ts), checked as
// pure functions of what each place holds, so a test can hand them the repository as it is or a
// fixture with one piece taken out (test/resources/operations.test.ts does both).
import { readFileSync } from 'node:fs';
import type { Client } from 'gateway-sdk';
import {
  OPERATION_DOCS,
  OPERATIONS,
  type Operation,
  type OperationId,
  type Operations,
  routeKey,
} from '../../src/resources/operations.js';
import {
  operationRows,
  resourceFile,
  signatureOf,
  TABLES,
  type TableDoc,
  tableProblems,
} from '../../scripts/docs/operations.js';

const root = new URL('../../', import.meta.url);

/** What each derived place holds. */
export interface Places {
  /** The declarations. */
  operations: Operations;
  /** The methods a Client has, as ids: `sms.messages.create`. */
  clientMethods: readonly string[];
  /** The routes the mock serves, as route keys: `POST /sms/messages`. */
  mockRoutes: readonly string[];
  /** The text of each document holding an operations table. */
  docs: Readonly<Record<TableDoc, string>>;
  /** The names `gateway-sdk` exports, types included. */
  exported: ReadonlySet<string>;
  /** A file of the repository, or undefined when there is none. */
  readSource: (file: string) => string | undefined;
}

/** Every place that does not follow the declarations, each naming the file to fix; empty when all do. */
export function operationProblems(places: Places): string[] {
  const { operations, clientMethods, mockRoutes, docs, exported, readSource } = places;
  const problems: string[] = [];
  const ids = Object.keys(operations);
  for (const id of ids)
    if (!clientMethods.includes(id))
      problems.push(`${id}: the Client has no method client.${id} (${resourceFile(id)})`);
  for (const method of clientMethods)
    if (!ids.includes(method)) problems.push(`client.${method}: not declared in src/resources/operations.ts`);
  const keys = Object.values(operations).map(routeKey);
  for (const [id, operation] of Object.entries(operations))
    if (!mockRoutes.includes(routeKey(operation)))
      problems.push(
        `${routeKey(operation)}: the mock has no route for it (src/testing/routes/${id.split('.')[0]}.ts)`,
      );
  for (const route of mockRoutes)
    if (!keys.includes(route)) problems.push(`${route}: a mock route no operation declares`);
  const { rows, problems: unwritten } = operationRows(operations, readSource, PLANTED_DOCS);
  problems.push(...unwritten);
  for (const doc of Object.keys(TABLES) as TableDoc[]) problems.push(...tableProblems(doc, docs[doc], rows));
  for (const id of ids) {
    const signature = signatureOf(readSource(resourceFile(id)) ?? '', id.split('.').at(-1) ?? '');
    for (const type of new Set(signature?.types ?? []))
      if (!exported.has(type)) problems.push(`${id}: gateway-sdk does not export ${type} (src/index.ts)`);
  }
  return problems;
}

/** The mock's routes that no conformance case sends, and the cases' routes the mock does not serve. */
export function coverageProblems(mockRoutes: readonly string[], caseRoutes: readonly string[]): string[] {
  return [
    ...mockRoutes
      .filter((route) => !caseRoutes.includes(route))
      .map((route) => `${route}: no case in test/testing/conformance.test.ts`),
    ...caseRoutes
      .filter((route) => !mockRoutes.includes(route))
      .map((route) => `${route}: a conformance case for a route the mock does not serve`),
  ];
}

/** The method ids of a client: every function reachable from its areas, `_`-prefixed internals left out. */
export function clientMethods(client: Client): string[] {
  const out: string[] = [];
  const walk = (value: object, prefix: string): void => {
    for (const key of Object.keys(value)) {
      const child: unknown = (value as Record<string, unknown>)[key];
      if (!key.startsWith('_') && typeof child === 'object' && child !== null)
        walk(child, `${prefix}${key}.`);
    }
    for (
      let proto = Object.getPrototypeOf(value);
      proto !== Object.prototype;
      proto = Object.getPrototypeOf(proto)
    )
      for (const key of Object.getOwnPropertyNames(proto))
        if (key !== 'constructor' && !key.startsWith('_') && typeof proto[key] === 'function')
          out.push(`${prefix}${key}`);
  };
  for (const area of ['sms', 'payment', 'account'] as const) walk(client[area], `${area}.`);
  return out;
}

/** The names a module's `export { … }` and `export type { … }` lists give, aliases as exported. */
export function exportedNames(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, list = ''] of source.matchAll(/^export (?:type )?\{([^}]*)\}/gm))
    for (const item of list.split(',')) {
      const name = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .at(-1);
      if (name) names.add(name);
    }
  return names;
}

/** A repository file's text, or undefined. */
export function readRepoFile(file: string): string | undefined {
  try {
    return readFileSync(new URL(file, root), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The table with one operation added that exists nowhere else: every place and every
 * per-operation list in test/ must fail on it until its piece is written.
 */
export const PLANTED = {
  ...OPERATIONS,
  'sms.messages.plant': {
    method: 'POST',
    path: 'sms/messages/{message_id}/plant',
    params: 'MessagePlantParamsSchema',
    response: 'MessageSchema',
  },
} as const satisfies Operations;

/** What each operation does, the planted one's line included (src/resources/operations.ts `OPERATION_DOCS`). */
export const PLANTED_DOCS: Readonly<Record<string, string>> = {
  ...OPERATION_DOCS,
  'sms.messages.plant': 'An operation the reference does not have.',
};

/** The operations of `operations` that `which` selects and a per-operation list's `covered` ids lack. */
export function uncovered(
  operations: Operations,
  covered: readonly string[],
  which: (operation: Operation) => boolean = () => true,
): string[] {
  return Object.entries(operations)
    .filter(([id, operation]) => which(operation) && !covered.includes(id))
    .map(([id]) => id);
}

/** Whether an operation's path has a parameter. */
export const hasPathParam = (operation: Operation): boolean => operation.path.includes('{');

/** Whether an operation checks a body or a query. */
export const hasParams = (operation: Operation): boolean => operation.params !== undefined;

/** The operations whose path has a parameter and that also check a body or a query. */
export type WithPathParamAndParams = {
  [Id in OperationId]: (typeof OPERATIONS)[Id] extends { path: `${string}{${string}`; params: string }
    ? Id
    : never;
}[OperationId];
