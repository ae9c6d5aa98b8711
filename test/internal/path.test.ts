import { describe, expect, it } from 'vitest';
import { ValidationError } from 'gateway-sdk';
import { path } from '../../src/internal/path.js';

describe('path``', () => {
  it.each([
    ['abc', 'sms/messages/abc'],
    ['a/b', 'sms/messages/a%2Fb'],
    ['../x', 'sms/messages/..%2Fx'],
    ['%2e%2e', 'sms/messages/%252e%252e'],
    ['?a=b', 'sms/messages/%3Fa%3Db'],
    ['#frag', 'sms/messages/%23frag'],
    ['é 😀', 'sms/messages/%C3%A9%20%F0%9F%98%80'],
  ])('encodes %j so it cannot change the path', (messageId, expected) => {
    expect(path`sms/messages/${{ messageId }}`).toBe(expected);
    expect(new URL(`https://h/${expected}`).pathname).toBe(`/${expected}`);
  });

  it.each(['', '.', '..'])('refuses %j, naming the parameter', (messageId) => {
    expect(() => path`sms/messages/${{ messageId }}`).toThrow(ValidationError);
    expect(() => path`sms/messages/${{ messageId }}`).toThrow(/^messageId /);
  });
});

it('refuses a lone surrogate with ValidationError instead of a URIError', () => {
  const messageId = 'abc\ud83d';
  expect(() => path`sms/messages/${{ messageId }}`).toThrow(ValidationError);
  expect(() => path`sms/messages/${{ messageId }}`).toThrow(/valid Unicode/);
});
