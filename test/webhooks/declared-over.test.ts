import { describe, expect, it } from 'vitest';
import { declaredOver } from '../../src/webhooks/body.js';

describe('declaredOver', () => {
  it('reads a Content-Length as Number() does: only a number over the limit is over', () => {
    for (const value of ['2048', ' 2048 ', ['2048'], '1e4'])
      expect(declaredOver(value, 1024), JSON.stringify(value)).toBe(true);
    for (const value of ['1024', '10', '', 'lots', null, undefined, ['2048', '2048']])
      expect(declaredOver(value, 1024), JSON.stringify(value)).toBe(false);
  });
});
