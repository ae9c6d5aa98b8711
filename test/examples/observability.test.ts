// examples/observability.ts against the mock on loopback, one send retried after a 503: the console
// exporter prints the call span, both attempt spans under it and the metrics.
import { context, propagation } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMockServer, type MockServer } from 'gateway-sdk/testing';
import { main } from '../../examples/observability.js';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer();
});
afterAll(async () => {
  propagation.disable();
  context.disable();
  await server.close();
});

describe('examples/observability.ts', () => {
  it('prints the call span, an attempt span per try, and the metrics', async () => {
    // Retry-After: 0, so the retry goes at once (no backoff to wait out).
    server.mock.inject('POST /sms/messages', { kind: 'status', status: 503, retryAfter: 0 }, { times: 1 });
    const printed: unknown[] = [];
    const dir = vi.spyOn(console, 'dir').mockImplementation((value) => void printed.push(value));
    const log = vi.spyOn(console, 'log').mockImplementation((value) => void printed.push(value));
    let id = '';
    try {
      id = await main({ ...server.clientOptions, logLevel: 'off' });
      expect(id).toMatch(/^msg_/);
    } finally {
      dir.mockRestore();
      log.mockRestore();
    }
    const spans = printed.filter(
      (
        p,
      ): p is {
        name: string;
        parentSpanContext?: { spanId: string };
        id: string;
        attributes: Record<string, unknown>;
      } => typeof p === 'object' && p !== null && 'traceId' in p,
    );
    expect(spans.map((s) => s.name)).toEqual([
      'POST /sms/messages',
      'POST /sms/messages',
      'sms.messages.create',
    ]);
    const call = spans[2];
    expect(new Set(spans.map((s) => s.id)).size).toBe(3);
    for (const attempt of spans.slice(0, 2)) expect(attempt.parentSpanContext?.spanId).toBe(call?.id);
    expect(spans.map((s) => s.attributes['http.response.status_code'])).toEqual([503, 200, undefined]);
    const metrics = JSON.stringify(
      printed.filter((p) => typeof p === 'object' && p !== null && 'descriptor' in p),
    );
    expect(metrics).toContain('http.client.request.duration');
    expect(metrics).toContain('gateway_sdk.client.operation.duration');
    expect(printed).toContain(`sent ${id}`);
  });
});
