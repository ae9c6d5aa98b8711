// examples/opentelemetry.ts, run against MSW with the OpenTelemetry SDK's in-memory exporter:
// one span per call whatever the retries, traceparent on every attempt, retries as span events.
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { traced } from '../../examples/opentelemetry.js';
import { Client, NotFoundError } from 'gateway-sdk';
import { useMsw } from '../helpers/msw.js';
import { message } from '../helpers/fixtures.js';

const BASE = 'https://api.gateway.test';

const { server, wire } = useMsw();
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('test');
const client = new Client({ apiKey: 'sk_live_otel', baseURL: BASE, logLevel: 'off' });

beforeEach(() => {
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  exporter.reset();
  vi.restoreAllMocks();
});
// useMsw closes the server: msw 3 refuses a second close.
afterAll(async () => {
  await provider.shutdown();
});

describe('examples/opentelemetry.ts', () => {
  it('records one span for a call with two retries, the retries as events, traceparent on each attempt', async () => {
    let n = 0;
    server.use(
      http.post(`${BASE}/sms/messages`, () =>
        n++ < 2
          ? HttpResponse.json({ error: { code: 'busy' } }, { status: 503 })
          : HttpResponse.json(message),
      ),
    );
    const sent = await traced(tracer, 'sms.messages.create', (opts) =>
      client.sms.messages.create({ to: '+447700900123', message: 'hi' }, opts),
    );
    expect(sent.id).toBe('msg_1');

    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(1);
    const span = spans[0];
    if (span === undefined) throw new Error('no span');
    expect(span.name).toBe('sms.messages.create');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.status.code).toBe(SpanStatusCode.OK);
    expect(span.attributes).toMatchObject({
      'http.response.status_code': 200,
      'http.request.resend_count': 2,
    });
    expect(span.events.map((e) => [e.name, e.attributes])).toEqual([
      ['retry', { 'http.request.resend_count': 1, 'error.type': '503' }],
      ['retry', { 'http.request.resend_count': 2, 'error.type': '503' }],
    ]);

    const { traceId, spanId } = span.spanContext();
    expect(wire).toHaveLength(3);
    for (const request of wire) expect(request.headers['traceparent']).toBe(`00-${traceId}-${spanId}-01`);
    // The SDK's own headers are untouched by the tracing hooks.
    expect(new Set(wire.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });

  it('marks a failed call as an error span with the exception and the status', async () => {
    server.use(http.get(`${BASE}/sms/messages/:id`, () => HttpResponse.json({}, { status: 404 })));
    await expect(
      traced(tracer, 'sms.messages.retrieve', (opts) => client.sms.messages.retrieve('nope', opts)),
    ).rejects.toBeInstanceOf(NotFoundError);
    const [span] = exporter.getFinishedSpans();
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'NotFoundError' });
    expect(span?.attributes['http.response.status_code']).toBe(404);
    expect(span?.events.map((e) => e.name)).toEqual(['exception']);
  });
});
