// The service drifts, one field at a time, on every operation of the table: every drift kind is met
// as the client's `responseValidation` says. 'warn' (the default) resolves with the answer as sent
// and logs the field once; 'strict' rejects with the parsed answer in `data`; 'off' resolves
// silently. An unknown nested field is never drift. Answers come from the mock service, changed on
// their way back by a fetch that drifts only the operation under test.
import { describe, expect, it } from 'vitest';
import { Client, type ResponseValidation, ResponseValidationError } from 'gateway-sdk';
import { createMockService, type MockService } from 'gateway-sdk/testing';
import { OPERATIONS, type OperationId } from '../../src/resources/operations.js';

type Json = Record<string, unknown>;
type Kind = 'null in optional' | 'number as string' | 'missing field' | 'null in required' | 'date as epoch';

/** How the drift table drives one operation; its name and route come from the operation table. */
interface Fixture {
  call: (client: Client) => PromiseLike<unknown>;
  /** The object of the answer that drifts: the answer, a page's first item or an array's first. */
  target: (json: unknown) => Json;
  /** The field each kind changes (absent: the schema has no such field). */
  fields: Partial<Record<Kind, string>>;
  /** The drifted object in what the call resolved with. */
  resolved: (value: unknown) => Json;
  /** Adds an unknown field inside a nested object (or beside the fields, when none is nested). */
  nest: (target: Json) => void;
}

const first = (list: unknown): Json => (list as Json[])[0] as Json;
const itself = (json: unknown): Json => json as Json;
const pageItem = (json: unknown): Json => first((json as { data: unknown }).data);
const extraNested = (target: Json) => {
  target['extra'] = { nested: { deeper: [1, 2] } };
};

const send = { to: '447700900123', message: 'hello' };
const MESSAGE_FIELDS: Fixture['fields'] = {
  'null in optional': 'cost',
  'number as string': 'segments',
  'missing field': 'from',
  'null in required': 'body',
  'date as epoch': 'created_at',
};

// Keyed by operation id: an operation added to the table without a fixture fails the compiler here.
const FIXTURES: Record<OperationId, Fixture> = {
  'sms.messages.create': {
    call: (c) => c.sms.messages.create(send),
    target: itself,
    fields: MESSAGE_FIELDS,
    resolved: itself,
    nest: extraNested,
  },
  'sms.messages.list': {
    call: async (c) => {
      await c.sms.messages.create(send);
      return c.sms.messages.list();
    },
    target: pageItem,
    fields: MESSAGE_FIELDS,
    resolved: (page) => first((page as { data: unknown }).data),
    nest: extraNested,
  },
  'sms.messages.retrieve': {
    call: async (c) => c.sms.messages.retrieve((await c.sms.messages.create(send)).id),
    target: itself,
    fields: MESSAGE_FIELDS,
    resolved: itself,
    nest: extraNested,
  },
  'sms.bulk.create': {
    call: (c) => c.sms.bulk.create({ recipients: ['447700900123'], message: 'hello' }),
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
  'sms.templates.send': {
    call: (c) =>
      c.sms.templates.send('tpl_welcome', { to: '447700900123', variables: { name: 'A', company: 'B' } }),
    target: itself,
    fields: MESSAGE_FIELDS,
    resolved: itself,
    nest: extraNested,
  },
  'sms.webhooks.retrieve': {
    call: (c) => c.sms.webhooks.retrieve('wh_123'),
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
  'sms.webhooks.create': {
    call: (c) => c.sms.webhooks.create({ url: 'https://hooks.example.com/sms', events: ['message.sent'] }),
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
  'payment.customers.retrieve': {
    call: (c) => c.payment.customers.retrieve('cus_123'),
    target: itself,
    fields: {
      'null in optional': 'email',
      'missing field': 'id',
      'null in required': 'id',
      'date as epoch': 'created_at',
    },
    resolved: itself,
    nest: (t) => {
      t['metadata'] = { ...(t['metadata'] as Json), extra: { deeper: true } };
    },
  },
  'payment.customers.paymentMethods.attach': {
    call: (c) => c.payment.customers.paymentMethods.attach('cus_456', { payment_method: 'pm_card_visa' }),
    target: itself,
    fields: {
      'null in optional': 'name',
      'missing field': 'id',
      'null in required': 'id',
      'date as epoch': 'created_at',
    },
    resolved: itself,
    nest: (t) => {
      t['metadata'] = { ...(t['metadata'] as Json), extra: { deeper: true } };
    },
  },
  'payment.webhooks.list': {
    call: (c) => c.payment.webhooks.list(),
    target: pageItem,
    fields: {
      'null in optional': 'description',
      'missing field': 'url',
      'null in required': 'url',
      'date as epoch': 'created_at',
    },
    resolved: (page) => first((page as { data: unknown }).data),
    nest: extraNested,
  },
  'account.organizations.members.list': {
    call: (c) => c.account.organizations.members.list('org_123'),
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

/** An operation of the table with its fixture; `route` matches `METHOD /path` of its answer. */
interface Operation extends Fixture {
  name: string;
  route: RegExp;
}

/** Every operation of the table (src/resources/operations.ts), in its order. */
const TABLE: Operation[] = Object.entries(OPERATIONS).map(([name, op]) => ({
  name,
  route: new RegExp(`^${op.method} /${op.path.replace(/\{\w+\}/g, '[^/]+')}$`),
  ...FIXTURES[name as OperationId],
}));

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
  op: Operation,
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
  KINDS.flatMap((kind) => {
    const field = op.fields[kind];
    return field === undefined ? [] : [{ op, kind, field }];
  }),
);

describe('a drifted answer, on every operation', () => {
  it('covers every operation of the table, each with drift kinds', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const op of TABLE) expect(CASES.filter((c) => c.op === op).length).toBeGreaterThanOrEqual(4);
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
function emptying(mock: MockService, op: Operation, mode: ResponseValidation) {
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
