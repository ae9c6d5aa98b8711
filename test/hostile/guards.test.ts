// The guards tell the SDK's errors from data: a brand no JSON value can carry (a registered
// symbol), which every copy of the SDK in the process still shares.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  APIError,
  GatewayError,
  isAPIError,
  isGatewayError,
  NotFoundError,
  ValidationError,
} from '../../src/index.js';

describe('isGatewayError and isAPIError', () => {
  it('are false for parsed JSON that names a brand, in any spelling the SDK used', () => {
    for (const text of [
      '{"@@GatewayError":true,"@@APIError":true,"name":"NotFoundError","status":404}',
      '{"gateway-sdk.error":true,"gateway-sdk.api-error":true,"Symbol(gateway-sdk.error)":true}',
      '{"__proto__":{"@@GatewayError":true,"@@APIError":true}}',
    ]) {
      const value: unknown = JSON.parse(text);
      expect(isGatewayError(value)).toBe(false);
      expect(isAPIError(value)).toBe(false);
    }
  });

  it("are true for this copy's errors and for another copy's (the registered symbol)", () => {
    const notFound = new NotFoundError({ status: 404, headers: new Headers(), body: undefined });
    expect([isGatewayError(notFound), isAPIError(notFound)]).toEqual([true, true]);
    const invalid = new ValidationError('x', []);
    expect([isGatewayError(invalid), isAPIError(invalid)]).toEqual([true, false]);
    expect(isGatewayError(new GatewayError('x'))).toBe(true);
    // What another copy of the SDK builds: its own classes, the same registered symbols.
    const other = Object.assign(new Error('404'), {
      [Symbol.for('gateway-sdk.GatewayError')]: true,
      [Symbol.for('gateway-sdk.APIError')]: true,
    });
    expect([isGatewayError(other), isAPIError(other)]).toEqual([true, true]);
  });

  it('leave the brand out of every printed form', () => {
    const error = new APIError({ status: 500, headers: new Headers(), body: { a: 1 } });
    expect(JSON.stringify(error)).not.toMatch(/gateway-sdk|@@/);
    expect(inspect(error)).not.toMatch(/gateway-sdk\.|@@/);
    expect(Object.keys(error)).not.toContain('@@APIError');
  });
});
