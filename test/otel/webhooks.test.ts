// gateway-sdk/otel's webhookTelemetry(), through createWebhookHandler and toNodeHandler with the
// real OpenTelemetry SDK: one CONSUMER span per delivery with its type, id and outcome, linked to
// the sender's trace, and the deliveries count; never the body, the secret or the signature.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode, propagation } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createWebhookHandler,
  toNodeHandler,
  ConfigurationError,
  type WebhookHandlerOptions,
} from 'gateway-sdk/webhooks';
import { webhookTelemetry } from 'gateway-sdk/otel';
import { delivery, secret, signed } from '../webhooks/receive.js';

const spans = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
const reader = new PeriodicExportingMetricReader({
  exporter: new InMemoryMetricExporter(AggregationTemporality.DELTA),
  exportIntervalMillis: 3_600_000,
});
const meterProvider = new MeterProvider({ readers: [reader] });
const telemetry = webhookTelemetry({ tracerProvider, meterProvider });

beforeAll(() => void propagation.setGlobalPropagator(new W3CTraceContextPropagator()));
afterEach(() => spans.reset());
afterAll(async () => {
  propagation.disable();
  await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
});

const handler = (options: Partial<WebhookHandlerOptions> = {}) =>
  createWebhookHandler({ secret, telemetry, onError: () => undefined, ...options });

async function deliveries() {
  const { resourceMetrics } = await reader.collect();
  return resourceMetrics.scopeMetrics
    .flatMap((s) => s.metrics)
    .filter((m) => m.descriptor.name === 'gateway_sdk.webhook.deliveries')
    .flatMap((m) => m.dataPoints.map((p) => [p.attributes, p.value]));
}

describe('webhookTelemetry()', () => {
  it('records a CONSUMER span per delivery with its type, id and outcome, linked to the sender', async () => {
    await deliveries();
    const handle = handler({ on: { 'message.delivered': () => undefined } });
    const sender = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const request = await delivery({ id: 'evt_otel_1', type: 'message.delivered' });
    request.headers.set('traceparent', sender);
    expect((await handle(request)).status).toBe(200);
    expect((await handle(await delivery({ id: 'evt_otel_1', type: 'message.delivered' }))).status).toBe(200);

    const [first, second] = spans.getFinishedSpans();
    expect(first?.name).toBe('process message.delivered');
    expect(first?.kind).toBe(SpanKind.CONSUMER);
    expect(first?.attributes).toMatchObject({
      'gateway_sdk.webhook.event_type': 'message.delivered',
      'messaging.message.id': 'evt_otel_1',
      'gateway_sdk.webhook.outcome': 'handled',
      'http.response.status_code': 200,
    });
    expect(first?.links.map((l) => [l.context.traceId, l.context.spanId])).toEqual([
      ['0af7651916cd43dd8448eb211c80319c', 'b7ad6b7169203331'],
    ]);
    expect(second?.attributes['gateway_sdk.webhook.outcome']).toBe('duplicate');
    expect(second?.links).toEqual([]);
    expect(await deliveries()).toEqual([
      [
        { 'gateway_sdk.webhook.outcome': 'handled', 'gateway_sdk.webhook.event_type': 'message.delivered' },
        1,
      ],
      [
        { 'gateway_sdk.webhook.outcome': 'duplicate', 'gateway_sdk.webhook.event_type': 'message.delivered' },
        1,
      ],
    ]);
  });

  it('records refusals and failures as errors with the reason, and an unsubscribed event as not one', async () => {
    const handle = handler({ on: { 'message.failed': () => Promise.reject(new Error('db down')) } });
    await handle(await delivery({ type: 'message.failed' }));
    await handle(await delivery({ type: 'message.sent' }, { signWith: 'whsec_someone_else' }));
    await handle(await delivery({ type: 'message.sent' }));
    const [failed, refused, unsubscribed] = spans.getFinishedSpans();
    expect(failed?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'handler_failed' });
    expect(failed?.attributes['error.type']).toBe('handler_failed');
    expect(refused?.name).toBe('webhook process');
    expect(refused?.attributes).toMatchObject({
      'error.type': 'signature_mismatch',
      'http.response.status_code': 400,
    });
    // Not verified: nothing of the payload is recorded.
    expect(refused?.attributes['gateway_sdk.webhook.event_type']).toBeUndefined();
    expect(unsubscribed?.status.code).toBe(SpanStatusCode.UNSET);
    expect(unsubscribed?.attributes['gateway_sdk.webhook.outcome']).toBe('unsubscribed');
  });

  it('works through toNodeHandler, and records neither body, secret nor signature', async () => {
    const node = toNodeHandler(handler({ on: { 'message.delivered': () => undefined } }));
    const server = createServer((req, res) => void node(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { body, headers } = await signed({
        type: 'message.delivered',
        data: { object: { to: '+447700900123', body: 'secret words' } },
      });
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body, headers });
      expect(response.status).toBe(200);
      const [span] = spans.getFinishedSpans();
      expect(span?.attributes['gateway_sdk.webhook.outcome']).toBe('handled');
      const recorded = JSON.stringify(
        spans.getFinishedSpans().map((s) => [s.name, s.attributes, s.events, s.links]),
      );
      for (const needle of [secret, '447700900123', 'secret words', Object.values(headers).join(',')])
        expect(recorded).not.toContain(needle);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is refused at construction when it is not a function', () => {
    expect(() => handler({ telemetry: {} as never })).toThrow(ConfigurationError);
  });
});
