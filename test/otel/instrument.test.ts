// gateway-sdk/otel's instrument(), against the real OpenTelemetry SDK (in-memory exporter and
// reader) and the SDK's mock on a loopback server: span names, kinds, attributes, parents,
// propagation, errors, retries, metrics, and nothing sensitive in anything recorded.
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client, NotFoundError, RateLimitError } from 'gateway-sdk';
import { createMany, type CreateManyResult } from 'gateway-sdk/campaigns';
import { instrument } from 'gateway-sdk/otel';
import { startMockServer, type MockServer } from 'gateway-sdk/testing';
import { message } from '../helpers/fixtures.js';
import { listen } from '../helpers/loopback.js';

const PHONE = '+447700900123';
const BODY = 'Your code is 845122';

const spans = new InMemorySpanExporter();
// Ids from a counter: the tests pin Math.random (no retry jitter), which the default generator reads.
let ids = 0;
const hexId = (length: number) => (++ids).toString(16).padStart(length, '0');
const tracerProvider = new BasicTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(spans)],
  idGenerator: { generateTraceId: () => hexId(32), generateSpanId: () => hexId(16) },
});
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.DELTA);
const reader = new PeriodicExportingMetricReader({
  exporter: metricExporter,
  exportIntervalMillis: 3_600_000,
});
const meterProvider = new MeterProvider({ readers: [reader] });

let server: MockServer;
let client: Client;

const contextManager = new AsyncLocalStorageContextManager();

beforeAll(async () => {
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  context.setGlobalContextManager(contextManager.enable());
  server = await startMockServer();
  client = instrument(new Client({ ...server.clientOptions, logLevel: 'off', maxRetries: 2 }), {
    tracerProvider,
    meterProvider,
  });
});
beforeEach(() => {
  // No jitter: a retry waits its base delay (a few hundred ms at most for these statuses).
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  spans.reset();
  server.mock.store.reset();
  server.mock.clearFaults();
  vi.restoreAllMocks();
});
afterAll(async () => {
  propagation.disable();
  context.disable();
  await server.close();
  await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
});

const finished = (): ReadableSpan[] => spans.getFinishedSpans();
const named = (name: string): ReadableSpan[] => finished().filter((s) => s.name === name);
const only = (name: string): ReadableSpan => {
  const found = named(name);
  expect(found).toHaveLength(1);
  return found[0] as ReadableSpan;
};
const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;

async function collected(): Promise<ResourceMetrics> {
  const { resourceMetrics, errors } = await reader.collect();
  expect(errors).toEqual([]);
  return resourceMetrics;
}
function points(metrics: ResourceMetrics, name: string) {
  return metrics.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .filter((metric) => metric.descriptor.name === name)
    .flatMap((metric) => metric.dataPoints as { attributes: Record<string, unknown>; value: unknown }[]);
}

describe('instrument(client)', () => {
  it('gives the same Client type and instance checks, and leaves other members working', () => {
    expect(client).toBeInstanceOf(Client);
    expect(JSON.stringify(client)).toBe('"[gateway-sdk Client]"');
    expect(instrument(client.withOptions({ timeout: 5_000 }), { tracerProvider })).toBeInstanceOf(Client);
  });

  it('records a call span named after the operation with one CLIENT span per attempt under it', async () => {
    const sent = await client.sms.messages.create({ to: PHONE, message: BODY });
    expect(sent.id).toMatch(/^msg_/);

    const call = only('sms.messages.create');
    expect(call.kind).toBe(SpanKind.INTERNAL);
    expect(call.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(call.attributes['gateway_sdk.operation']).toBe('sms.messages.create');
    expect(call.attributes['gateway_sdk.request_id']).toEqual(expect.any(String));
    expect(call.attributes['gateway_sdk.idempotency_key']).toEqual(expect.any(String));

    const attempt = only('POST /sms/messages');
    expect(attempt.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(attempt)).toBe(call.spanContext().spanId);
    expect(attempt.spanContext().traceId).toBe(call.spanContext().traceId);
    const port = Number(new URL(server.url).port);
    expect(attempt.attributes).toEqual({
      'http.request.method': 'POST',
      'url.template': '/sms/messages',
      'server.address': '127.0.0.1',
      'server.port': port,
      'http.response.status_code': 200,
    });
  });

  it('injects the attempt span as W3C traceparent on every attempt, retries included', async () => {
    const wire: (string | undefined)[] = [];
    const origin = await listen((req, res) => {
      wire.push(req.headers.traceparent as string | undefined);
      if (wire.length < 3) return void res.writeHead(503, { 'content-type': 'application/json' }).end('{}');
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_7' });
      res.end(JSON.stringify(message));
    });
    try {
      const traced = instrument(
        new Client({ apiKey: 'sk_test_otel_wire', baseURL: origin.url, logLevel: 'off', maxRetries: 2 }),
        { tracerProvider, meterProvider },
      );
      const seen: string[] = [];
      await traced.sms.messages.create(
        { to: PHONE, message: BODY },
        // The caller's own hooks still run, after the tracing ones: they see the header set.
        {
          hooks: { beforeRetry: [({ request }) => void seen.push(request.headers.get('traceparent') ?? '')] },
        },
      );
      const call = only('sms.messages.create');
      expect(call.attributes['gateway_sdk.request_id']).toBe('req_7');
      const attempts = named('POST /sms/messages');
      expect(attempts.map((a) => a.attributes['http.response.status_code'])).toEqual([503, 503, 200]);
      expect(attempts.map((a) => a.attributes['http.request.resend_count'])).toEqual([undefined, 1, 2]);
      expect(attempts.map((a) => a.attributes['error.type'])).toEqual(['503', '503', undefined]);
      expect(attempts.map((a) => a.status.code)).toEqual([
        SpanStatusCode.ERROR,
        SpanStatusCode.ERROR,
        SpanStatusCode.UNSET,
      ]);
      for (const attempt of attempts) expect(parentOf(attempt)).toBe(call.spanContext().spanId);
      const header = (a: ReadableSpan) => `00-${a.spanContext().traceId}-${a.spanContext().spanId}-01`;
      // Each attempt carries its own span's context, as the service sees it.
      expect(wire).toEqual(attempts.map(header));
      expect(seen).toEqual(attempts.slice(1).map(header));
    } finally {
      await origin.close();
    }
  });

  it("marks a failed call as an error with the SDK's error class as error.type", async () => {
    await expect(client.sms.messages.retrieve('msg_missing')).rejects.toBeInstanceOf(NotFoundError);
    const call = only('sms.messages.retrieve');
    expect(call.status).toEqual({ code: SpanStatusCode.ERROR, message: 'NotFoundError' });
    expect(call.attributes['error.type']).toBe('NotFoundError');
    expect(call.attributes['gateway_sdk.request_id']).toEqual(expect.any(String));
    const attempt = only('GET /sms/messages/{message_id}');
    expect(attempt.attributes).toMatchObject({ 'http.response.status_code': 404, 'error.type': '404' });

    server.mock.inject('POST /sms/messages', { kind: 'status', status: 429, retryAfter: 0 }, { times: 3 });
    await expect(client.sms.messages.create({ to: PHONE, message: BODY })).rejects.toBeInstanceOf(
      RateLimitError,
    );
    expect(named('POST /sms/messages')).toHaveLength(3);
    expect(only('sms.messages.create').attributes['error.type']).toBe('RateLimitError');
  });

  it('records an aborted call and a refused one (nothing sent) as errors', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      client.sms.messages.create({ to: PHONE, message: BODY }, { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'APIUserAbortError' });
    expect(only('sms.messages.create').attributes['error.type']).toBe('APIUserAbortError');
    spans.reset();
    await expect(client.sms.messages.create({ to: 'not a number', message: BODY })).rejects.toMatchObject({
      name: 'ValidationError',
    });
    expect(only('sms.messages.create').attributes['error.type']).toBe('ValidationError');
    expect(named('POST /sms/messages')).toEqual([]);
  });

  it('puts every page request of a walk under the walk span, which ends with the walk', async () => {
    server.mock.store.reset();
    for (let i = 0; i < 5; i++) await client.sms.messages.create({ to: PHONE, message: `${BODY} ${i}` });
    spans.reset();
    const ids: string[] = [];
    for await (const item of client.sms.messages.list({ limit: 2 })) ids.push(item.id);
    expect(ids).toHaveLength(5);
    const walk = only('sms.messages.list');
    const pages = named('GET /sms/messages');
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(parentOf(page)).toBe(walk.spanContext().spanId);
    // The walk ended after its last page: spans are exported as they end.
    const order = finished().map((s) => s.spanContext().spanId);
    const ended = (span: ReadableSpan) => order.indexOf(span.spanContext().spanId);
    for (const page of pages) expect(ended(page)).toBeLessThan(ended(walk));

    spans.reset();
    const first = await client.sms.messages.list({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(named('GET /sms/messages')).toHaveLength(1);
    expect(parentOf(only('GET /sms/messages'))).toBe(only('sms.messages.list').spanContext().spanId);

    spans.reset();
    expect(await client.sms.messages.list({ limit: 2 }).toArray({ max: 3 })).toHaveLength(3);
    expect(named('GET /sms/messages')).toHaveLength(2);
    expect(named('sms.messages.list')).toHaveLength(1);
  });

  it('nests the call span under the active span of the caller', async () => {
    const tracer = tracerProvider.getTracer('app');
    await tracer.startActiveSpan('checkout', async (outer) => {
      await client.payment.customers.retrieve('cus_1').catch(() => undefined);
      outer.end();
    });
    const outer = only('checkout');
    expect(parentOf(only('payment.customers.retrieve'))).toBe(outer.spanContext().spanId);
  });

  it('gives createMany a span per send, and records its pacer waits', async () => {
    await collected();
    let waits = 0;
    // A pacer that makes every send wait (a resolved promise: no real time passes).
    const pacer = { acquire: () => (waits++, Promise.resolve()), hold: () => undefined };
    const results: CreateManyResult[] = [];
    const items = Array.from({ length: 4 }, (_, i) => ({ to: PHONE, message: `${BODY} ${i}` }));
    for await (const result of createMany(client, items, { concurrency: 2, pacer })) results.push(result);
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    const sends = named('sms.messages.create');
    expect(sends).toHaveLength(4);
    expect(sends.every((s) => s.status.code !== SpanStatusCode.ERROR)).toBe(true);
    expect(named('POST /sms/messages')).toHaveLength(4);
    expect(waits).toBeGreaterThan(0);
    const metrics = await collected();
    const count = (p: { value: unknown }) => (p.value as { count: number }).count;
    const recorded = points(metrics, 'gateway_sdk.pacer.wait.duration');
    expect(recorded.reduce((n, p) => n + count(p), 0)).toBe(waits);
    // The outcome counts: every send a success.
    const outcomes = points(metrics, 'gateway_sdk.client.operation.duration');
    expect(outcomes.map((p) => [p.attributes['gateway_sdk.outcome'], count(p)])).toEqual([['success', 4]]);
  });

  it('records http.client.request.duration per attempt and a per-call duration with the outcome', async () => {
    await collected();
    server.mock.inject('GET /sms/messages/{message_id}', { kind: 'status', status: 503 }, { times: 1 });
    await expect(client.sms.messages.retrieve('msg_nope')).rejects.toBeInstanceOf(NotFoundError);
    const metrics = await collected();
    const attempts = points(metrics, 'http.client.request.duration').filter(
      (p) => p.attributes['url.template'] === '/sms/messages/{message_id}',
    );
    expect(attempts.map((p) => p.attributes['http.response.status_code']).sort()).toEqual([404, 503]);
    for (const p of attempts)
      expect(p.attributes).toMatchObject({ 'http.request.method': 'GET', 'server.address': '127.0.0.1' });
    const calls = points(metrics, 'gateway_sdk.client.operation.duration').filter(
      (p) => p.attributes['gateway_sdk.operation'] === 'sms.messages.retrieve',
    );
    expect(calls.map((p) => p.attributes['gateway_sdk.outcome'])).toContain('NotFoundError');
  });

  it('records no credential, phone number or message body in any span, event or metric', async () => {
    const options = server.clientOptions;
    await client.sms.messages.create({ to: PHONE, message: BODY });
    await client.sms.bulk.create({ recipients: [PHONE, '+447700900124'], message: BODY });
    for await (const listed of client.sms.messages.list({ limit: 1 })) expect(listed.id).toMatch(/^msg_/);
    await client.account.organizations.members.list('org_1').catch(() => undefined);
    await client.payment.customers.retrieve('cus_1').catch(() => undefined);
    const metrics = await collected();
    const recorded = JSON.stringify([
      finished().map((s) => [s.name, s.attributes, s.events, s.links, s.status]),
      metrics.scopeMetrics.flatMap((scope) =>
        scope.metrics.map((m) => m.dataPoints.map((p) => p.attributes)),
      ),
    ]);
    expect(finished().length).toBeGreaterThan(5);
    const secrets = [options.apiKey, options.testApiKey, options.accessToken].filter(
      (v): v is string => typeof v === 'string' && v.length > 0,
    );
    expect(secrets.length).toBeGreaterThan(0);
    for (const needle of [...secrets, PHONE, PHONE.slice(1), '447700900124', BODY, '845122'])
      expect(recorded).not.toContain(needle);
  });

  it('with the no-op providers (nothing registered) calls behave exactly as without it', async () => {
    const plain = instrument(new Client({ ...server.clientOptions, logLevel: 'off' }));
    const sent = await plain.sms.messages.create({ to: PHONE, message: BODY });
    expect(sent.to).toBe(PHONE.slice(1));
    expect(finished()).toEqual([]);
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
