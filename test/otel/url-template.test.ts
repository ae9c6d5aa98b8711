// The `url.template` of each HTTP attempt span: the path as the API reference writes it, its
// parameters by the reference's names (`{message_id}`, never the method's `messageId`), for every
// operation with a path parameter, read from the operation table so that a new one is covered.
import { SpanKind } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'gateway-sdk';
import { instrument } from 'gateway-sdk/otel';
import { hasPathParam, type WithPathParamAndParams } from '../helpers/operations.js';
import { type Loopback, listen, readText } from '../helpers/loopback.js';
import { OPERATIONS, type Operation, routeKey } from '../../src/resources/operations.js';
import { SUCCESS } from '../testing/reference.js';

/**
 * Each operation with a path parameter, and its path as the API reference writes it: the route key
 * of its success schema in test/testing/reference.ts, which the compiler holds to the declarations.
 */
const REFERENCE: Record<string, string> = Object.fromEntries(
  Object.entries(OPERATIONS as Record<string, Operation>).flatMap(([id, operation]) => {
    const key = Object.keys(SUCCESS).find((route) => route === routeKey(operation));
    return key === undefined ? [] : [[id, key.slice(key.indexOf(' ') + 1)]];
  }),
);

/** Valid input besides the path value, for those operations: the compiler asks for a new one. */
const INPUT: Record<WithPathParamAndParams, unknown> = {
  'sms.templates.send': { to: '447700900123', variables: { name: 'Ada' } },
  'payment.customers.paymentMethods.attach': { payment_method: 'pm_1' },
};

const spans = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
let server: Loopback;
let client: Client;

beforeAll(async () => {
  // Every request answered 404: an attempt span is recorded whatever the answer.
  server = await listen(async (req, res) => {
    await readText(req);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
  });
  client = instrument(
    new Client({
      apiKey: 'sk_test_otel_template',
      testApiKey: 'sk_test_otel_template_sandbox',
      accessToken: 'at_otel_template',
      baseURL: server.url,
      // An address with a path of its own: the template keeps it, as the request's path does.
      sandboxBaseURL: `${server.url}/sandbox`,
      maxRetries: 0,
      logLevel: 'off',
    }),
    { tracerProvider },
  );
});
afterAll(async () => {
  await server.close();
  await tracerProvider.shutdown();
});

const withPathParam = Object.entries(OPERATIONS as Record<string, Operation>).filter(([, operation]) =>
  hasPathParam(operation),
);

describe('url.template', () => {
  it('has the reference path of every operation with a path parameter', () => {
    expect(withPathParam.filter(([id]) => REFERENCE[id] === undefined)).toEqual([]);
  });

  it.each(withPathParam)('is the reference path for %s, whatever the value', async (id, operation) => {
    spans.reset();
    // A value that is also a fixed segment of the path (`send`, `members`, `messages`), so that
    // only the template, not the URL, can tell which segment is the parameter.
    const value =
      operation.path
        .replace(/\/?\{\w+\}/g, '')
        .split('/')
        .at(-1) ?? 'x';
    const segments = id.split('.');
    let resource: unknown = client;
    for (const segment of segments.slice(0, -1)) resource = (resource as Record<string, unknown>)[segment];
    const method = (resource as Record<string, (...args: unknown[]) => PromiseLike<unknown>>)[
      segments.at(-1) ?? ''
    ] as (...args: unknown[]) => PromiseLike<unknown>;
    await Promise.resolve(
      method.call(
        resource,
        value,
        ...(Object.hasOwn(INPUT, id) ? [INPUT[id as WithPathParamAndParams]] : []),
      ),
    ).catch(() => undefined);

    const attempts = spans.getFinishedSpans().filter((span) => span.kind === SpanKind.CLIENT);
    expect(attempts).toHaveLength(1);
    const prefix = id.startsWith('payment.') ? '/sandbox' : '';
    const template = `${prefix}${REFERENCE[id] ?? ''}`;
    expect(attempts[0]?.attributes['url.template']).toBe(template);
    expect(attempts[0]?.name).toBe(`${operation.method} ${template}`);
    expect(attempts[0]?.attributes['http.response.status_code']).toBe(404);
  });
});
