// The service drifts, one field at a time, on each of the eleven operations: every drift kind is met
// as the client's `responseValidation` says. 'warn' (the default) resolves with the answer as sent
// and logs the field once; 'strict' rejects with the parsed answer in `data`; 'off' resolves
// silently. An unknown nested field is never drift. Answers come from the mock service, changed on
// their way back by a fetch that drifts only the operation under test.
import { describe, expect, it } from 'vitest';
import { Client, type ResponseValidation, ResponseValidationError } from 'gateway-sdk';
import { createMockService, type MockService } from 'gateway-sdk/testing';

type Json = Record<string, unknown>;
type Kind = 'null in optional' | 'number as string' | 'missing field' | 'null in required' | 'date as epoch';

interface Operation {
  name: string;
  /** `METHOD path-regex` of the answer to drift. */
  route: RegExp;
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
const MESSAGE_FIELDS: Operation['fields'] = {
  'null in optional': 'cost',
  'number as string': 'segments',
  'missing field': 'from',
  'null in required': 'body',
  'date as epoch': 'created_at',
};

const OPERATIONS: Operation[] = [
  {
    name: 'sms.messages.create',
    route: /^POST \/sms\/messages$/,
    call: (c) => c.sms.messages.create(send),
    target: itself,
    fields: MESSAGE_FIELDS,
    resolved: itself,
    nest: extraNested,
  },
  {
    name: 'sms.messages.list',
    route: /^GET \/sms\/messages$/,
    call: async (c) => {
      await c.sms.messages.create(send);
      return c.sms.messages.list();
    },
    target: pageItem,
    fields: MESSAGE_FIELDS,
    resolved: (page) => first((page as { data: unknown }).data),
    nest: extraNested,
  },
  {
    name: 'sms.messages.retrieve',
    route: /^GET \/sms\/messages\/[^/]+$/,
    call: async (c) => c.sms.messages.retrieve((await c.sms.messages.create(send)).id),
    target: itself,
    fields: MESSAGE_FIELDS,
    resolved: itself,
    nest: extraNested,
  },
  {
    name: 'sms.bulk.create',
    route: /^POST \/sms\/bulk$/,
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
  {
    name: 'sms.templates.send',
    route: /^POST \/sms\/templates\/[^/]+\/send$/,
    call: (c) =>
      c.sms.templates.send('tpl_welcome', { to: '447700900123', variables: { name: 'A', company: 'B' } }),
    target: itself,
    fields: MESSAGE_FIELDS,
    resolved: itself,
    nest: extraNested,
  },
  {
    name: 'sms.webhooks.retrieve',
    route: /^GET \/sms\/webhooks\/[^/]+$/,
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
  {
    name: 'sms.webhooks.create',
    route: /^POST \/sms\/webhooks$/,
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
  {
    name: 'payment.customers.retrieve',
    route: /^GET \/payment\/customers\/[^/]+$/,
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
  {
    name: 'payment.customers.paymentMethods.attach',
    route: /^POST \/payment\/customers\/[^/]+\/payment_methods$/,
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
  {
    name: 'payment.webhooks.list',
    route: /^GET \/payment\/webhooks$/,
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
  {
    name: 'account.organizations.members.list',
    route: /^GET \/account\/organizations\/[^/]+\/members$/,
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
];

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
const CASES = OPERATIONS.flatMap((op) =>
  KINDS.flatMap((kind) => {
    const field = op.fields[kind];
    return field === undefined ? [] : [{ op, kind, field }];
  }),
);

describe('a drifted answer, on every operation', () => {
  it('covers the eleven operations', () => {
    expect(new Set(OPERATIONS.map((op) => op.name)).size).toBe(11);
    expect(CASES.length).toBeGreaterThanOrEqual(45);
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
        expect(warned[0]?.text).not.toContain(String(sent));
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

  describe.each(OPERATIONS)('$name, an unknown nested field', (op) => {
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
