import { describe, expect, it } from 'vitest';
import { ValidationError } from 'gateway-sdk';
import { fillPath } from '../../src/internal/path.js';

const path = (messageId: string) => fillPath('sms/messages/{message_id}', [{ messageId }]);

describe('fillPath', () => {
  it.each([
    ['abc', 'sms/messages/abc'],
    ['a/b', 'sms/messages/a%2Fb'],
    ['../x', 'sms/messages/..%2Fx'],
    ['%2e%2e', 'sms/messages/%252e%252e'],
    ['?a=b', 'sms/messages/%3Fa%3Db'],
    ['#frag', 'sms/messages/%23frag'],
    ['é 😀', 'sms/messages/%C3%A9%20%F0%9F%98%80'],
  ])('encodes %j so it cannot change the path', (messageId, expected) => {
    expect(path(messageId)).toBe(expected);
    expect(new URL(`https://h/${expected}`).pathname).toBe(`/${expected}`);
  });

  it.each(['', '.', '..'])('refuses %j, naming the parameter', (messageId) => {
    expect(() => path(messageId)).toThrow(ValidationError);
    expect(() => path(messageId)).toThrow(/^messageId /);
  });
});

it('refuses a lone surrogate with ValidationError instead of a URIError', () => {
  const messageId = 'abc\ud83d';
  expect(() => path(messageId)).toThrow(ValidationError);
  expect(() => path(messageId)).toThrow(/valid Unicode/);
});

it('fills each `{name}` of an operation path in order, each value in its one segment', () => {
  expect(fillPath('payment/customers/{id}/payment_methods', [{ customerId: 'a/b' }])).toBe(
    'payment/customers/a%2Fb/payment_methods',
  );
  expect(fillPath('x/{a}/y/{b}', [{ first: '1' }, { second: '?' }])).toBe('x/1/y/%3F');
  expect(() => fillPath('x/{a}/y/{b}', [{ first: '1' }])).toThrow(/^path parameter /);
});
