// The floors inside src/resources/ (eslint-rules/imports-run-down.js): the models and the operation
// table below the engine, the engine below the resource base, the resource classes above them, so
// the engine's imports of the models run down like every other arrow.
import { describe, expect, it } from 'vitest';
import { floorOf } from '../../eslint-rules/imports-run-down.js';

describe('the floors inside src/resources/', () => {
  it('put the models and the operation table below the engine', () => {
    for (const file of ['resources/models/sms', 'resources/models/fields', 'resources/operations'])
      expect(floorOf(file)).toBeLessThan(floorOf('resources/engine'));
  });

  it('put the engine below the resource base, and the base below the resource classes', () => {
    expect(floorOf('resources/engine')).toBeLessThan(floorOf('resources/resource'));
    for (const file of ['resources/sms/messages', 'resources/payment/index', 'resources/account/members'])
      expect(floorOf('resources/resource')).toBeLessThan(floorOf(file));
  });

  it('keep resources/ as a whole between internal/ and webhooks/', () => {
    expect(floorOf('internal/call')).toBeLessThan(floorOf('resources/models/sms'));
    expect(floorOf('resources/sms/messages')).toBeLessThan(floorOf('webhooks/handler'));
    expect(floorOf('webhooks')).toBe(floorOf('webhooks/handler'));
    expect(floorOf('campaigns')).toBe(floorOf('campaigns/pool'));
    expect(floorOf('elsewhere/planted')).toBe(-1);
  });
});
