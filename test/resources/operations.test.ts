// One declaration per operation (src/resources/operations.ts): the client's methods, the mock's
// routes, the docs' tables and the public exports follow it, and each method sends what it
// declares. A planted operation shows every derived place failing while its piece is missing.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod/mini';
import { type APIPromise, Client, type PagePromise, type RequestOptions } from 'gateway-sdk';
import { createMockService } from 'gateway-sdk/testing';
import { type Schemas, target } from '../../src/resources/engine.js';
import { fillPath } from '../../src/internal/path.js';
import type { Same as SameFields } from '../../src/internal/schema.js';
import {
  type AreaOf,
  OPERATIONS,
  type Operation,
  type OperationId,
  type Operations,
  type RouteKeyOf,
  type SchemaTable,
} from '../../src/resources/operations.js';
import { routeKey } from '../../src/testing/router.js';
import { ROUTES } from '../../src/testing/routes/index.js';
import type { MockRouteKey } from 'gateway-sdk/testing';
import type { SUCCESS } from '../testing/reference.js';
import { TABLES, type TableDoc, operationRows, withTable } from '../../scripts/docs/operations.js';
import {
  clientMethods,
  coverageProblems,
  exportedNames,
  operationProblems,
  PLANTED,
  PLANTED_DOCS,
  type Places,
  readRepoFile,
} from '../helpers/operations.js';

const client = new Client(createMockService().clientOptions);

function repository(): Places {
  return {
    operations: OPERATIONS,
    clientMethods: clientMethods(client),
    mockRoutes: ROUTES.map(routeKey),
    docs: {
      'README.md': readRepoFile('README.md') ?? '',
      'docs/api-index.md': readRepoFile('docs/api-index.md') ?? '',
    },
    exported: exportedNames(readRepoFile('src/index.ts') ?? ''),
    readSource: readRepoFile,
  };
}

describe('the operation declarations', () => {
  it('are followed by the client, the mock, the README and api-index tables and the exports', () => {
    expect(operationProblems(repository())).toEqual([]);
  });

  it('are the methods a Client has, each with the declared params and answer (the compiler checks)', () => {
    expectTypeOf<MethodIds<Pick<Client, 'sms' | 'payment' | 'account'>>>().toEqualTypeOf<OperationId>();
    expectTypeOf<Mismatched<typeof OPERATIONS>>().toEqualTypeOf<never>();
    expectTypeOf<RouteKeyOf>().toEqualTypeOf<MockRouteKey>();
  });
});

// What a resource method hands the engine, caught before anything loads.
interface Handed {
  id: string;
  args: { path?: Record<string, string>[]; body?: unknown; query?: unknown };
}

function handed(id: string, args: unknown[]): Handed {
  const segments = id.split('.');
  let resource: unknown = client;
  for (const segment of segments.slice(0, -1)) resource = (resource as Record<string, unknown>)[segment];
  const target = resource as Record<string, unknown>;
  let seen: Handed | undefined;
  target['_request'] = target['_list'] = (named: string, handedArgs: Handed['args']) => {
    seen = { id: named, args: handedArgs };
  };
  try {
    (target[segments.at(-1) ?? ''] as (...a: unknown[]) => unknown).apply(resource, args);
  } finally {
    delete target['_request'];
    delete target['_list'];
  }
  if (seen === undefined) throw new Error(`client.${id} handed nothing to the engine`);
  return seen;
}

describe('each method names its declaration and hands over its arguments', () => {
  it.each(Object.entries(OPERATIONS))('%s', (id, operation: Operation) => {
    const ids = (operation.path.match(/\{\w+\}/g) ?? []).map((_, i) => `id${i + 1}`);
    const input = { planted: true };
    const sent = handed(id, operation.params === undefined ? ids : [...ids, input]);

    expect(sent.id).toBe(id);
    expect((sent.args.path ?? []).map((one) => Object.values(one)[0])).toEqual(ids);
    expect(operation.method === 'POST' ? sent.args.body : sent.args.query).toBe(
      operation.params === undefined ? undefined : input,
    );
    // The engine puts the ids into the declared path, each in its segment.
    let n = 0;
    expect(fillPath(operation.path, sent.args.path)).toBe(
      operation.path.replace(/\{\w+\}/g, () => `id${++n}`),
    );
  });

  it('the engine sends the declared path and checks the input with the declared schema', () => {
    expect(
      target('sms.templates.send', {
        path: [{ templateId: 'a/b' }],
        body: { to: '447700900123', variables: {} },
      }),
    ).toEqual({
      path: 'sms/templates/a%2Fb/send',
      body: { to: '447700900123', variables: {} },
    });
    expect(() => target('sms.messages.list', { query: { limit: 0 } })).toThrow(/MessageListParams/);
    expect(target('sms.messages.list', { query: { limit: 5 } })).toEqual({
      path: 'sms/messages',
      query: { limit: 5 },
    });
  });
});

// The planted operation (test/helpers/operations.ts): the checks above must catch each missing piece.
const PLANTED_METHOD =
  '  plant(messageId: string, body: MessagePlantParams = {}, opts?: RequestOptions): APIPromise<Message> {\n';

/** The repository with the planted operation's every piece in place. */
function planted(): Places {
  const real = repository();
  const readSource = (file: string) =>
    file === 'src/resources/sms/messages.ts'
      ? `${readRepoFile(file) ?? ''}${PLANTED_METHOD}`
      : real.readSource(file);
  const { rows } = operationRows(PLANTED, readSource, PLANTED_DOCS);
  const docs = Object.fromEntries(
    (Object.keys(TABLES) as TableDoc[]).map((doc) => [doc, withTable(doc, real.docs[doc], rows)]),
  ) as Record<TableDoc, string>;
  return {
    operations: PLANTED,
    clientMethods: [...real.clientMethods, 'sms.messages.plant'],
    mockRoutes: [...real.mockRoutes, 'POST /sms/messages/{message_id}/plant'],
    docs,
    exported: new Set([...real.exported, 'MessagePlantParams']),
    readSource,
  };
}

// The files of CONTRIBUTING's recipe, step by step: the checks below fail the planted operation
// for each one missing (the compiler for the models, the reference schema and the test lists;
// `npm run changeset:check` for the changeset).
const RECIPE = [
  'src/resources/operations.ts',
  'src/resources/models/<area>.ts',
  'src/resources/<area>/<resource>.ts',
  'src/testing/routes/<area>.ts',
  'test/resources/<area>/<resource>.test.ts',
  'test/testing/conformance.test.ts',
  '.changeset/',
];

describe("CONTRIBUTING's recipe", () => {
  it('has a step per file of the planted operation, in order, and no more', () => {
    const text = readRepoFile('CONTRIBUTING.md') ?? '';
    const recipe = text.slice(text.indexOf('**Adding an operation**'), text.indexOf('**Comments**'));
    expect([...recipe.matchAll(/^ {2}\d+\. `([^`]+)`/gm)].map((m) => m[1])).toEqual(RECIPE);
  });
});

describe('a planted operation', () => {
  it('passes every check once each of its pieces is in place', () => {
    expect(operationProblems(planted())).toEqual([]);
  });

  const without: [string, (p: Places) => Places, RegExp][] = [
    [
      'its client method',
      (p) => ({ ...p, clientMethods: p.clientMethods.slice(0, -1) }),
      /no method client\.sms\.messages\.plant/,
    ],
    [
      'the method in its resource file',
      (p) => ({
        ...p,
        readSource: (f) => (f.endsWith('sms/messages.ts') ? readRepoFile(f) : p.readSource(f)),
      }),
      /src\/resources\/sms\/messages\.ts defines no method plant/,
    ],
    [
      'its mock route',
      (p) => ({ ...p, mockRoutes: p.mockRoutes.slice(0, -1) }),
      /POST \/sms\/messages\/\{message_id\}\/plant: the mock has no route/,
    ],
    [
      'its README row',
      (p) => ({ ...p, docs: { ...p.docs, 'README.md': repository().docs['README.md'] } }),
      /^README\.md operations table, row \d+: missing; expected `client\.sms\.messages\.plant/,
    ],
    [
      'its api-index row',
      (p) => ({ ...p, docs: { ...p.docs, 'docs/api-index.md': repository().docs['docs/api-index.md'] } }),
      /^docs\/api-index\.md operations table, row \d+: missing; expected `client\.sms\.messages\.plant/,
    ],
    [
      'the export of its params type',
      (p) => ({ ...p, exported: new Set([...p.exported].filter((n) => n !== 'MessagePlantParams')) }),
      /sms\.messages\.plant: gateway-sdk does not export MessagePlantParams \(src\/index\.ts\)/,
    ],
  ];

  it.each(without)('fails without %s, naming the place', (_, remove, problem) => {
    const problems = operationProblems(remove(planted()));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((p) => problem.test(p))).toBe(true);
  });

  it('fails without a conformance case for its mock route', () => {
    const routes = ROUTES.map(routeKey);
    expect(coverageProblems(routes, routes)).toEqual([]);
    expect(coverageProblems([...routes, 'POST /sms/messages/{message_id}/plant'], routes)).toEqual([
      'POST /sms/messages/{message_id}/plant: no case in test/testing/conformance.test.ts',
    ]);
  });

  it('fails the compiler without its schema in the engine, its client method or its reference schema', () => {
    expectTypeOf<Schemas>().toExtend<SchemaTable>();
    expectTypeOf<Schemas>().not.toExtend<SchemaTable<typeof PLANTED>>();
    expectTypeOf<Mismatched<typeof PLANTED>>().toEqualTypeOf<'sms.messages.plant'>();
    expectTypeOf<MockRouteKey>().toEqualTypeOf<keyof typeof SUCCESS>();
    expectTypeOf<RouteKeyOf<typeof PLANTED>>().not.toExtend<keyof typeof SUCCESS>();
  });

  it('may take its body as optional when every field of it is, and must otherwise', () => {
    type Planted = (typeof PLANTED)['sms.messages.plant'];
    expectTypeOf<Arguments<Planted, { reason?: string }>>().toEqualTypeOf<
      [string, params?: { reason?: string }, opts?: RequestOptions]
    >();
    expectTypeOf<Arguments<Planted, { reason: string }>>().toEqualTypeOf<
      [string, params: { reason: string }, opts?: RequestOptions]
    >();
  });
});

// The ids of the methods reachable from `T`: `sms.messages.create`.
type MethodIds<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends (...args: never[]) => unknown
    ? `${Prefix}${K}`
    : MethodIds<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

// What sits at a dotted path of `T`.
type At<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : undefined
  : P extends keyof T
    ? T[P]
    : undefined;

// A declared schema, or undefined when the engine has none by that name.
type SchemaOf<Id extends string, Name> =
  AreaOf<Id> extends keyof Schemas
    ? Name extends keyof Schemas[AreaOf<Id>]
      ? Schemas[AreaOf<Id>][Name]
      : undefined
    : undefined;

// A method's answer: a PagePromise of the items for a cursor page's schema, else an APIPromise.
type Answer<S> = S extends z.ZodMiniType
  ? z.output<S> extends { data: (infer Item)[]; has_more: boolean }
    ? PagePromise<Item>
    : APIPromise<z.output<S>>
  : never;

// A string per path parameter.
type PathIds<P extends string> = P extends `${string}{${string}}${infer Rest}`
  ? [string, ...PathIds<Rest>]
  : [];

// The arguments a declaration allows: its path's ids, the method's params type `P` (optional for a
// GET, and for a POST whose fields are all optional), then `opts?`.
type Arguments<O extends Operations[string], P> = O extends { params: string }
  ? O['method'] extends 'GET'
    ? [...PathIds<O['path']>, params?: P, opts?: RequestOptions]
    : object extends P
      ? [...PathIds<O['path']>, params?: P, opts?: RequestOptions]
      : [...PathIds<O['path']>, params: P, opts?: RequestOptions]
  : [...PathIds<O['path']>, opts?: RequestOptions];

// The params type a method takes after its path's ids.
type ParamsOf<A extends unknown[], O extends Operations[string]> = NonNullable<
  A[PathIds<O['path']>['length']]
>;

// Whether the params type is what the declared schema accepts, field by field (as models.ts ties them).
type AcceptedBy<Id extends string, O extends Operations[string], P> = O extends { params: infer N }
  ? SchemaOf<Id, N> extends z.ZodMiniType
    ? SameFields<z.input<SchemaOf<Id, N>>, P>
    : false
  : true;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// The declared operations whose client method is missing, or takes or answers something else.
type Mismatched<T extends Operations> = {
  [Id in keyof T & string]: At<Client, Id> extends (...args: infer A) => infer R
    ? [
        Same<R, Answer<SchemaOf<Id, T[Id]['response']>>>,
        Same<A, Arguments<T[Id], ParamsOf<A, T[Id]>>>,
        AcceptedBy<Id, T[Id], ParamsOf<A, T[Id]>>,
      ] extends [true, true, true]
      ? never
      : Id
    : Id;
}[keyof T & string];
