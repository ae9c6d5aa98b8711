import { describe, expect, it } from 'vitest';
import { mask, maskPhone, SafeLogger } from '../../src/internal/safe-logger.js';
import { scrub } from '../../src/internal/scrub.js';
import { memoryLogger } from '../helpers/wire.js';

describe('mask', () => {
  it('masks phone numbers wherever they appear, leaving ids alone', () => {
    expect(
      mask({
        to: '447700900123',
        note: 'call +447700900123 now',
        id: 'fe8802b2-de18-499e-8ab5-0b534749660d',
      }),
    ).toEqual({
      to: '44********23',
      note: 'call +44********23 now',
      id: 'fe8802b2-de18-499e-8ab5-0b534749660d',
    });
  });
  it('replaces message text by its length and redacts variables and secrets', () => {
    expect(mask({ message: 'Your code is 1234 🎉', variables: { code: '1234' }, secret: 'whsec_x' })).toEqual(
      {
        message: '[19 characters]',
        variables: '[redacted]',
        secret: '[redacted]',
      },
    );
  });
  it('summarises long recipient lists', () => {
    const recipients = Array.from({ length: 10_000 }, (_, i) => `4477009${String(i).padStart(5, '0')}`);
    expect(mask({ recipients })).toEqual({
      recipients: ['44********00', '44********01', '44********02', '… 10000 items'],
    });
  });
  it('keeps two digits each side of a phone number', () => {
    expect(maskPhone('+12025550123')).toBe('+12*******23');
  });
});

describe('SafeLogger', () => {
  it('drops lines below its level', () => {
    const { lines, logger } = memoryLogger();
    const log = new SafeLogger(logger, 'warn', []);
    log.log('debug', 'a');
    log.log('info', 'b');
    log.log('warn', 'c');
    log.log('error', 'd');
    expect(lines).toEqual(['[gateway-sdk] c', '[gateway-sdk] d']);
  });
  it('scrubs secrets from the text and the details', () => {
    const { lines, logger } = memoryLogger();
    new SafeLogger(logger, 'debug', ['sk_live_abc']).log('error', 'key sk_live_abc failed', {
      header: 'Bearer sk_live_abc',
    });
    expect(lines.join()).not.toContain('sk_live_abc');
    expect(scrub('a sk b sk', ['sk'])).toBe('a *** b ***');
  });
});
