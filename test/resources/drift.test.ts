// The service drifts, one field at a time, on every operation of the table: every drift kind is met
// as the client's `responseValidation` says. 'warn' (the default) resolves with the answer as sent
// and logs the field once; 'strict' rejects with the parsed answer in `data`; 'off' resolves
// silently. An unknown nested field is never drift. Answers come from the mock service, changed on
// their way back by a fetch that drifts only the operation under test. Each operation's fixture
// follows from its declaration (src/resources/operations.ts): its method, path, answer and whether
// it takes params; so an operation that takes no params and answers a known model is drifted with
// no line here (CONTRIBUTING.md, "Adding an operation").
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Client, type ResponseValidation, ResponseValidationError } from 'gateway-sdk';
import { createMockService, type MockService } from 'gateway-sdk/testing';
import {
  OPERATIONS,
  type Operation,
  type OperationId,
  type Operations,
} from '../../src/resources/operations.js';
import { PLANTED } from '../helpers/operations.js';

type Json = Record<string, unknown>;
type Kind = 'null in optional' | 'number as string' | 'missing field' | 'null in required' | 'date as epoch';
type Call = (client: Client) => PromiseLike<unknown>;

/** How an answer of one model drifts: where its drifting object is, and the fields each kind changes. */
interface Shape {
  /** The object of the answer that drifts: the answer, a page's first item or an array's first. */
  target: (json: unknown) => Json;
  /** The fields each kind changes, in turn (absent: the schema has no such field). */
  fields: Partial<Record<Kind, string | readonly string[]>>;
  /** The drifted object in what the call resolved with. */
  resolved: (value: unknown) => Json;
  /** Adds an unknown field inside a nested object (or beside the fields, when none is nested). */
  nest: (target: Json) => void;
}

/** How the drift table drives one operation: its call and the shape of its answer. */
interface Fixture extends Shape {
  call: Call;
}

/** The operations of a table that check a body or a query: each needs its call written below. */
type WithParams<T extends Operations = typeof OPERATIONS> = {
  [Id in keyof T & string]: T[Id] extends { params: string } ? Id : never;
}[keyof T & string];

/** The names of a path's parameters: `organizationId` of `account/organizations/{organizationId}/members`. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** The path parameters of the operations that take no params: each needs a value the mock knows. */
type PathParams<T extends Operations = typeof OPERATIONS> = {
  [Id in keyof T & string]: T[Id] extends { params: string } ? never : ParamNames<T[Id]['path']>;
}[keyof T & string];

/** The answers the operations of a table declare: each needs its shape. */
type Answers<T extends Operations = typeof OPERATIONS> = T[keyof T]['response'];

const first = (list: unknown): Json => (list as Json[])[0] as Json;
const itself = (json: unknown): Json => json as Json;
const pageItem = (json: unknown): Json => first((json as { data: unknown }).data);
const extraNested = (target: Json) => {
  target['extra'] = { nested: { deeper: [1, 2] } };
};

const send = { to: '447700900123', message: 'hello' };
const MESSAGE_FIELDS: Shape['fields'] = {
  'null in optional': 'cost',
  'number as string': 'segments',
  'missing field': 'from',
  'null in required': 'body',
  'date as epoch': 'created_at',
};

// Keyed by the answer's schema, as the table names it: a new model fails the compiler here.
const SHAPES: Record<Answers, Shape> = {
  MessageSchema: { target: itself, fields: MESSAGE_FIELDS, resolved: itself, nest: extraNested },
  MessagePage: { target: pageItem, fields: MESSAGE_FIELDS, resolved: pageItem, nest: extraNested },
  BulkJobSchema: {
    target: itself,
    fields: {
      'null in optional': 'estimated_cost',
      'number as string': 'total',
      'missing field': 'queued',
      'null in required': 'status',
      'date as epoch': 'created_at',
    },
    resolved: itself,
    nest: extraNested,
  },
  SmsWebhookSchema: {
    target: itself,
    fields: {
      'null in optional': 'failure_count',
      'number as string': 'failure_count',
      'missing field': 'enabled',
      'null in required': 'url',
      'date as epoch': 'created_at',
    },
    resolved: itself,
    nest: (t) => {
      t['retry_config'] = { ...(t['retry_config'] as Json), extra: { deeper: true } };
    },
  },
  SmsWebhookCreateAnswer: {
    target: itself,
    fields: {
      'null in optional': 'secret',
      'number as string': 'failure_count',
      'missing field': 'events',
      'null in required': 'id',
      'date as epoch': 'created_at',
    },
    resolved: itself,
    nest: (t) => {
      t['retry_config'] = { ...(t['retry_config'] as Json), extra: { deeper: true } };
    },
  },
  CustomerSchema: {
    target: itself,
    fields: {
      'null in optional': ['email', 'name'],
      'missing field': 'id',
      'null in required': 'id',
      'date as epoch': 'created_at',
    },
    resolved: itself,
    nest: (t) => {
      t['metadata'] = { ...(t['metadata'] as Json), extra: { deeper: true } };
    },
  },
  PaymentWebhookPage: {
    target: pageItem,
    fields: {
      'null in optional': 'description',
      'missing field': 'url',
      'null in required': 'url',
      'date as epoch': 'created_at',
    },
    resolved: pageItem,
    nest: extraNested,
  },
  OrganizationMembers: {
    target: first,
    fields: {
      'null in optional': 'joinedAt',
      'missing field': 'email',
      'null in required': 'firstName',
      'date as epoch': 'joinedAt',
    },
    resolved: first,
    nest: (t) => {
      const roles = t['roles'] as Json[];
      roles[0] = { ...roles[0], extra: { deeper: true } };
    },
  },
};

// Keyed by operation id, for the operations that check input: a new one fails the compiler here.
const CALLS: Record<WithParams, Call> = {
  'sms.messages.create': (c) => c.sms.messages.create(send),
  'sms.messages.list': async (c) => {
    await c.sms.messages.create(send);
    return c.sms.messages.list();
  },
  'sms.bulk.create': (c) => c.sms.bulk.create({ recipients: ['447700900123'], message: 'hello' }),
  'sms.templates.send': (c) =>
    c.sms.templates.send('tpl_welcome', { to: '447700900123', variables: { name: 'A', company: 'B' } }),
  'sms.webhooks.create': (c) =>
    c.sms.webhooks.create({ url: 'https://hooks.example.com/sms', events: ['message.sent'] }),
  'payment.customers.paymentMethods.attach': (c) =>
    c.payment.customers.paymentMethods.attach('cus_456', { payment_method: 'pm_card_visa' }),
  'payment.webhooks.list': (c) => c.payment.webhooks.list(),
};

// A value the mock knows for each path parameter of the operations without params, keyed by its
// name in the table: a new name fails the compiler here.
const PATH_VALUES: Record<PathParams, (client: Client) => PromiseLike<string> | string> = {
  message_id: async (c) => (await c.sms.messages.create(send)).id,
  webhook_id: () => 'wh_123',
  id: () => 'cus_123',
  organizationId: () => 'org_123',
};

/**
 * The call of an operation: its own for one that checks input, else its client method given a value
 * the mock knows for each path parameter, in the path's order.
 */
function callOf(id: string, operation: Operation): Call {
  if (Object.hasOwn(CALLS, id)) return CALLS[id as WithParams];
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name as PathParams);
  const missing = names.filter((name) => !Object.hasOwn(PATH_VALUES, name));
  if (operation.params !== undefined || missing.length > 0)
    throw new Error(`${id}: no call for it in CALLS or PATH_VALUES (test/resources/drift.test.ts)`);
  const segments = id.split('.');
  return async (c) => {
    const values: string[] = [];
    for (const name of names) values.push(await PATH_VALUES[name](c));
    let resource: unknown = c;
    for (const segment of segments.slice(0, -1)) resource = (resource as Record<string, unknown>)[segment];
    const method = (resource as Record<string, unknown>)[segments.at(-1) ?? ''];
    if (typeof method !== 'function') throw new Error(`the Client has no method client.${id}`);
    return (method as (...values: string[]) => PromiseLike<unknown>).apply(resource, values);
  };
}

/** The fixture of an operation, from its declaration: its call and the shape of its answer. */
function fixtureOf(id: string, operation: Operation): Fixture {
  const shape: Shape | undefined = SHAPES[operation.response as Answers];
  if (shape === undefined)
    throw new Error(`${id}: no shape for ${operation.response} in SHAPES (test/resources/drift.test.ts)`);
  return { ...shape, call: callOf(id, operation) };
}

/** An operation of the table with its fixture; `route` matches `METHOD /path` of its answer. */
interface Drifted extends Fixture {
  name: string;
  route: RegExp;
}

/** An operation of a table with its fixture. */
function drifted(id: string, operation: Operation): Drifted {
  return {
    name: id,
    route: new RegExp(`^${operation.method} /${operation.path.replace(/\{\w+\}/g, '[^/]+')}$`),
    ...fixtureOf(id, operation),
  };
}

/** Every operation of the table (src/resources/operations.ts), in its order. */
const TABLE: Drifted[] = Object.entries(OPERATIONS).map(([name, op]) => drifted(name, op));

/** Changes `field` of `target` as `kind` drifts it; returns the drifted value. */
function drift(target: Json, kind: Kind, field: string): unknown {
  switch (kind) {
    case 'null in optional':
    case 'null in required':
      return (target[field] = null);
    case 'number as string':
      return (target[field] = String(target[field] ?? 1));
    case 'missing field':
      delete target[field];
      return undefined;
    case 'date as epoch':
      return (target[field] = 1_767_225_600);
  }
}

/** A client on `mock` whose answers to `op` are changed by `change` on their way back. */
function drifting(
  mock: MockService,
  op: Drifted,
  mode: ResponseValidation | undefined,
  change: (t: Json) => void,
) {
  const lines: { level: string; text: string }[] = [];
  const log = (level: string) => (text: string) => lines.push({ level, text });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const answer = await mock.fetch(request);
    const path = new URL(request.url).pathname;
    if (!op.route.test(`${request.method} ${path}`) || !answer.ok) return answer;
    const json: unknown = await answer.json();
    change(op.target(json));
    return new Response(JSON.stringify(json), { status: answer.status, headers: answer.headers });
  };
  const client = new Client({
    ...mock.clientOptions,
    responseValidation: mode,
    fetch: fetch as typeof globalThis.fetch,
    maxRetries: 0,
    logger: { error: log('error'), warn: log('warn'), info: log('info'), debug: log('debug') },
  });
  return { client, lines };
}

const KINDS: Kind[] = [
  'null in optional',
  'number as string',
  'missing field',
  'null in required',
  'date as epoch',
];
const CASES = TABLE.flatMap((op) =>
  KINDS.flatMap((kind) => [op.fields[kind] ?? []].flat().map((field) => ({ op, kind, field }))),
);

/** The table with one operation added that takes no params and answers a known model, as a `cancel`. */
const PLANTED_CANCEL = {
  ...OPERATIONS,
  'sms.messages.plant': {
    method: 'POST',
    path: 'sms/messages/{message_id}/plant',
    response: 'MessageSchema',
  },
} as const satisfies Operations;

describe('a drifted answer, on every operation', () => {
  it('covers every operation of the table, each with drift kinds', () => {
    expect(TABLE.map((op) => op.name).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const op of TABLE) expect(CASES.filter((c) => c.op === op).length).toBeGreaterThanOrEqual(4);
  });

  it('covers a planted operation that takes no params and answers a known model, with no line here', async () => {
    // The compiler asks this file for nothing more: no call, no path value, no shape.
    expectTypeOf<WithParams<typeof PLANTED_CANCEL>>().toEqualTypeOf<WithParams>();
    expectTypeOf<PathParams<typeof PLANTED_CANCEL>>().toEqualTypeOf<PathParams>();
    expectTypeOf<Answers<typeof PLANTED_CANCEL>>().toEqualTypeOf<Answers>();
    const planted = Object.entries(PLANTED_CANCEL).map(([name, op]) => drifted(name, op));
    const op = planted.find((p) => p.name === 'sms.messages.plant');
    if (op === undefined) throw new Error('the planted operation is not in the table');
    // Its answer is drifted on its route alone, on every kind its model has.
    expect(op.route.test('POST /sms/messages/msg_1/plant')).toBe(true);
    expect(op.route.test('GET /sms/messages/msg_1')).toBe(false);
    expect(KINDS.filter((kind) => op.fields[kind] !== undefined)).toEqual(KINDS);
    // Its call is its client method, given a message the mock holds.
    const mock = createMockService();
    const client = new Client({ ...mock.clientOptions, fetch: mock.fetch, maxRetries: 0 });
    const sent: string[][] = [];
    Object.assign(client.sms.messages, {
      plant: (...ids: string[]) => {
        sent.push(ids);
        return Promise.resolve(mock.store.messages.get(ids[0] ?? ''));
      },
    });
    const answer = (await op.call(client)) as { id: string } | undefined;
    expect(sent).toHaveLength(1);
    expect(answer?.id).toBe(sent[0]?.[0]);
  });

  it('fails a planted operation that checks input, until its call is written (the compiler asks first)', () => {
    expectTypeOf<WithParams<typeof PLANTED>>().toEqualTypeOf<WithParams | 'sms.messages.plant'>();
    expect(() => drifted('sms.messages.plant', PLANTED['sms.messages.plant'])).toThrow(
      /sms\.messages\.plant: no call for it in CALLS/,
    );
  });

  it('fails a planted operation that answers a model with no shape (the compiler asks first)', () => {
    const newModel = { ...PLANTED_CANCEL['sms.messages.plant'], response: 'PlantSchema' } as const;
    expectTypeOf<Answers<{ 'sms.messages.plant': typeof newModel }>>().not.toExtend<Answers>();
    expect(() => drifted('sms.messages.plant', newModel)).toThrow(/no shape for PlantSchema in SHAPES/);
  });

  describe.each(CASES)('$op.name, $kind ($field)', ({ op, kind, field }) => {
    it("'warn' (the default) resolves with the value as sent and logs the field once", async () => {
      const mock = createMockService();
      let sent: unknown;
      const { client, lines } = drifting(mock, op, undefined, (t) => (sent = drift(t, kind, field)));
      const target = op.resolved(await op.call(client));
      if (kind === 'missing field') expect(field in target).toBe(false);
      else expect(target[field]).toEqual(sent);
      // The same drift again: not logged a second time.
      await op.call(client);
      const warned = lines.filter((l) => l.level === 'warn' && l.text.includes(field));
      expect(warned).toHaveLength(1);
      expect(warned[0]?.text).toMatch(/drifted from the documented shape/);
      // The path and the expected type, never the value.
      if (typeof sent === 'string' || typeof sent === 'number')
        expect(warned[0]?.text.replace(/^[^:]*:/, '')).not.toContain(String(sent));
    });

    it("'strict' rejects with ResponseValidationError holding the parsed answer", async () => {
      const mock = createMockService();
      let sent: unknown;
      const { client } = drifting(mock, op, 'strict', (t) => (sent = drift(t, kind, field)));
      const error = await Promise.resolve(op.call(client)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      const failure = error as ResponseValidationError;
      expect(failure.message).toMatch(/answer changed shape/);
      expect(failure.message).not.toMatch(/baseURL/);
      expect(failure.issues.map((i) => i.path.at(-1))).toContain(field);
      const target = op.target(failure.data);
      if (kind === 'missing field') expect(field in target).toBe(false);
      else expect(target[field]).toEqual(sent);
    });

    it("'off' resolves with the value as sent and logs nothing", async () => {
      const mock = createMockService();
      const { client, lines } = drifting(mock, op, 'off', (t) => drift(t, kind, field));
      const target = op.resolved(await op.call(client));
      if (kind !== 'missing field') expect(field in target).toBe(true);
      expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
    });
  });

  describe.each(TABLE)('$name, an unknown nested field', (op) => {
    it.each(['warn', 'strict', 'off'] as const)(
      "resolves with it kept in '%s', logging nothing",
      async (mode) => {
        const mock = createMockService();
        const { client, lines } = drifting(mock, op, mode, op.nest);
        const value = await op.call(client);
        expect(JSON.stringify(value)).toContain('"extra":');
        expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
      },
    );
  });
});

/** Paging fields as a service may send them, and what the page reads: `has_more` as what it names. */
const PAGING: { kind: string; change: (page: Json) => void; has_more: (cursor: unknown) => boolean }[] = [
  { kind: 'has_more as "true"', change: (p) => (p['has_more'] = 'true'), has_more: () => true },
  { kind: 'has_more as "false"', change: (p) => (p['has_more'] = 'false'), has_more: () => false },
  { kind: 'has_more as 1', change: (p) => (p['has_more'] = 1), has_more: () => true },
  { kind: 'has_more as 0', change: (p) => (p['has_more'] = 0), has_more: () => false },
  { kind: 'has_more missing', change: (p) => delete p['has_more'], has_more: (c) => typeof c === 'string' },
  { kind: 'has_more null', change: (p) => (p['has_more'] = null), has_more: (c) => typeof c === 'string' },
];

/** The operations whose answer is a cursor page, from the table. */
const PAGED = TABLE.filter((op) => OPERATIONS[op.name as OperationId].response.endsWith('Page'));

describe('a drifted paging field, on every paged operation', () => {
  it('finds the paged operations in the table', () => {
    expect(PAGED.map((op) => op.name)).toContain('sms.messages.list');
  });

  describe.each(PAGED.flatMap((op) => PAGING.map((p) => ({ op, ...p }))))(
    '$op.name, $kind',
    ({ op, change, has_more }) => {
      it("'warn' and 'off' read it as what it names; 'warn' logs it once, without its value", async () => {
        for (const mode of ['warn', 'off'] as const) {
          const mock = createMockService();
          let cursor: unknown;
          const { client, lines } = drifting(mock, { ...op, target: itself }, mode, (json) => {
            cursor = json['next_cursor'];
            change(json);
          });
          const page = (await op.call(client)) as { has_more: unknown; next_cursor: unknown };
          expect(page.has_more).toBe(has_more(cursor));
          await op.call(client);
          const warned = lines.filter((l) => l.level === 'warn');
          expect(warned).toHaveLength(mode === 'warn' ? 1 : 0);
          if (mode === 'warn') {
            expect(warned[0]?.text).toMatch(/drifted from the documented shape at has_more/);
            expect(warned[0]?.text).not.toMatch(/"true"|"false"/);
          }
        }
      });

      it("'strict' refuses it", async () => {
        const mock = createMockService();
        const { client } = drifting(mock, { ...op, target: itself }, 'strict', change);
        const error = await Promise.resolve(op.call(client)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ResponseValidationError);
        expect((error as ResponseValidationError).issues.map((i) => i.path[0])).toContain('has_more');
      });
    },
  );

  describe.each(PAGED)('$name, next_cursor as a number', (op) => {
    it("is read as its decimal string in 'warn', and refused in 'strict'", async () => {
      const number = (json: Json) => {
        json['has_more'] = true;
        json['next_cursor'] = 1234567;
      };
      const warn = drifting(createMockService(), { ...op, target: itself }, 'warn', number);
      const page = (await op.call(warn.client)) as { next_cursor: unknown };
      expect(page.next_cursor).toBe('1234567');
      const warned = warn.lines.filter((l) => l.level === 'warn');
      expect(warned).toHaveLength(1);
      expect(warned[0]?.text).toMatch(/at next_cursor/);
      expect(warned[0]?.text).not.toContain('1234567');
      const strict = drifting(createMockService(), { ...op, target: itself }, 'strict', number);
      await expect(Promise.resolve(op.call(strict.client))).rejects.toBeInstanceOf(ResponseValidationError);
    });
  });
});

/** A client on `mock` whose 2xx answers to `op` come back with an empty body, status kept. */
function emptying(mock: MockService, op: Drifted, mode: ResponseValidation) {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const answer = await mock.fetch(request);
    const path = new URL(request.url).pathname;
    if (!op.route.test(`${request.method} ${path}`) || !answer.ok) return answer;
    const headers = new Headers(answer.headers);
    headers.set('x-request-id', 'req_empty');
    return new Response(null, { status: answer.status, headers });
  };
  return new Client({
    ...mock.clientOptions,
    responseValidation: mode,
    fetch: fetch as typeof globalThis.fetch,
    maxRetries: 0,
  });
}

describe('an empty 2xx answer, on every operation', () => {
  describe.each(TABLE)('$name', (op) => {
    it.each(['warn', 'strict', 'off'] as const)("is reported as such in '%s'", async (mode) => {
      const client = emptying(createMockService(), op, mode);
      const outcome = await Promise.resolve(op.call(client)).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      if (op.name === 'sms.webhooks.create') {
        // The reference does not show this answer: any 2xx resolves.
        expect(outcome).toEqual({ value: undefined });
        return;
      }
      expect('error' in outcome).toBe(true);
      const error = (outcome as { error: ResponseValidationError }).error;
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error.message).toMatch(/answered 20\d with no body/);
      expect(error.message).toMatch(/may have done what was asked/);
      expect(error.message).not.toMatch(/baseURL/);
      expect(error.requestId).toBe('req_empty');
      expect(error.status).toBeGreaterThanOrEqual(200);
      if (OPERATIONS[op.name as OperationId].method === 'POST') {
        expect(error.idempotencyKey).toEqual(expect.any(String));
        expect(error.message).toMatch(/same idempotencyKey/);
      }
    });
  });
});
