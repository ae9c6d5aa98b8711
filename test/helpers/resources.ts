// The set-up every test/resources/<area>/<resource>.test.ts shares: the mock service behind MSW,
// a fresh client per test, and one clock that the SDK's scheduling check and the mock agree on.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client, ValidationError } from 'gateway-sdk';
import { createMockService, type MockService } from 'gateway-sdk/testing';
import { mswHandlers } from 'gateway-sdk/testing/msw';
import { useMsw } from './msw.js';
import type { WireRequest } from './wire.js';

export const NOW = new Date('2026-03-02T12:00:00Z');
export const SMS = 'https://api.gateway.test';
export const SANDBOX = 'https://sandbox.gateway.test';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const DAY = 86_400_000;

/**
 * The file's MSW server and wire, with `mock` and `client` replaced before each test. `Date` is faked
 * at NOW unless `fakeDate` is false (the batch suites, whose pacing reads the clock as it moves).
 */
export function useMockClient({ fakeDate = true }: { fakeDate?: boolean } = {}) {
  const { server, wire } = useMsw();
  let mock: MockService = createMockService({ now: () => NOW });
  const api = { server, wire, mock, client: new Client({ ...mock.clientOptions, maxRetries: 0 }) };
  beforeEach(() => {
    if (fakeDate) vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    mock = createMockService({ now: () => NOW });
    server.resetHandlers(...mswHandlers(mock));
    api.mock = mock;
    api.client = new Client({ ...mock.clientOptions, maxRetries: 0 });
    wire.length = 0;
  });
  if (fakeDate) afterAll(() => vi.useRealTimers());
  return api;
}

/** The one request the test made. */
export function only(wire: WireRequest[]): WireRequest {
  expect(wire).toHaveLength(1);
  return wire[0] as WireRequest;
}

/** The headers every request of an area carries. */
export function expectAreaHeaders(request: WireRequest, bearer: string, versioned: boolean) {
  expect(request.headers['authorization']).toBe(`Bearer ${bearer}`);
  expect(request.headers['service-version']).toBe(versioned ? '2026-01-01' : undefined);
  expect(request.headers['accept']).toBe('application/json');
  expect(request.headers['user-agent']).toMatch(/^gateway-sdk\/\d+\.\d+\.\d+ \(node\//);
}

/** A request rule: [rule, call, field path as joined in the message, text of the rule]. */
export type Refusal = [string, () => PromiseLike<unknown>, string, RegExp];

/** Each rule of api-reference.md (request tables and Limits) is refused before any I/O. */
export function describeRefusals(wire: WireRequest[], refused: Refusal[]) {
  describe('every documented rule is checked before any I/O', () => {
    it.each(refused)('refuses %s', async (_rule, call, field, rule) => {
      const error = await Promise.resolve(call()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      const message = (error as ValidationError).message;
      expect(message).toContain(`${field} `);
      expect(message).toMatch(rule);
      expect(message).toMatch(/Nothing was sent|must|cannot/);
      expect((error as ValidationError).issues.map((i) => i.path.join('.') || 'value')).toContain(field);
      expect(wire).toHaveLength(0);
    });
  });
}
