// client.sms.bulk: every operation against the mock service (the wire, the typed result)
// and every request rule of api-reference.md, refused before any I/O.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type BulkJob, ValidationError } from 'gateway-sdk';
import {
  describeRefusals,
  DAY,
  SMS,
  UUID,
  expectAreaHeaders,
  only,
  type Refusal,
  useMockClient,
} from '../../helpers/resources.js';

const api = useMockClient();
const { wire } = api;
const bulk = { recipients: ['447700900123'], message: 'hi' };

describe('4. POST /sms/bulk', () => {
  it('sends recipients without plus signs and returns a processing job', async () => {
    const job = await api.client.sms.bulk.create({
      recipients: ['+447700900001', '447700900002'],
      message: 'Sale',
      route: 'promotional',
      from: 'SHOP',
    });
    const request = only(wire);
    expect(request.method).toBe('POST');
    expect(request.url.href).toBe(`${SMS}/sms/bulk`);
    expectAreaHeaders(request, 'sk_live_mock', true);
    expect(request.headers['idempotency-key']).toMatch(UUID);
    expect(request.body).toEqual({
      recipients: ['447700900001', '447700900002'],
      message: 'Sale',
      route: 'promotional',
      from: 'SHOP',
    });
    expect(job).toMatchObject({ status: 'processing', total: 2, queued: 2, completed_at: null });
    expectTypeOf(job).toEqualTypeOf<BulkJob>();
  });

  it('accepts 10,000 recipients', async () => {
    const recipients = Array.from({ length: 10_000 }, (_, i) => `4477009${String(i).padStart(5, '0')}`);
    const job = await api.client.sms.bulk.create({ recipients, message: 'Sale' });
    expect(job.total).toBe(10_000);
  });
});

describe('many bad bulk recipients', () => {
  it('are grouped in one sentence, while issues keep every path', async () => {
    const recipients = Array.from({ length: 100 }, (_, i) =>
      i >= 7 && i < 64 ? `0${i}-1` : `4477009${String(i).padStart(5, '0')}`,
    );
    const error = (await Promise.resolve(api.client.sms.bulk.create({ recipients, message: 'hi' })).catch(
      (e: unknown) => e,
    )) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(
      /^Invalid BulkCreateParams: recipients has 57 invalid entries, at 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, …: each must be a number of digits, at most 20 characters/,
    );
    expect(error.message.match(/must be a number of digits/g)).toHaveLength(1);
    expect(error.issues).toHaveLength(57);
    expect(error.issues[56]?.path).toEqual(['recipients', 63]);
    expect(wire).toHaveLength(0);
  });

  it('one bad recipient still reads as one sentence with its position', async () => {
    const error = (await Promise.resolve(
      api.client.sms.bulk.create({ recipients: ['447700900123', '12-34'], message: 'hi' }),
    ).catch((e: unknown) => e)) as ValidationError;
    expect(error.message).toMatch(/^Invalid BulkCreateParams: recipients\.1 must be a number of digits/);
  });

  it('a bad recipient does not hide the count rule: every rule of the list is checked', async () => {
    const error = (await Promise.resolve(
      api.client.sms.bulk.create({
        recipients: ['12-34', ...Array.from({ length: 10_000 }, () => '447700900123')],
        message: 'hi',
      }),
    ).catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues.map((issue) => issue.path)).toEqual([['recipients', 0], ['recipients']]);
    expect(error.issues[1]?.message).toMatch(/^must list \d+ to \d+ phone numbers/);
    expect(wire).toHaveLength(0);
  });
});

const refused: Refusal[] = [
  [
    'bulk with scheduleAt',
    () => api.client.sms.bulk.create({ ...bulk, scheduleAt: new Date(Date.now() + DAY) } as never),
    'scheduleAt',
    /did you mean schedule_at\?/,
  ],
  [
    'recipients empty',
    () => api.client.sms.bulk.create({ ...bulk, recipients: [] }),
    'recipients',
    /1 to 10000/,
  ],
  [
    'recipients 10001',
    () =>
      api.client.sms.bulk.create({
        ...bulk,
        recipients: Array.from({ length: 10_001 }, () => '447700900123'),
      }),
    'recipients',
    /1 to 10000/,
  ],
  [
    'a bad recipient',
    () => api.client.sms.bulk.create({ ...bulk, recipients: ['447700900123', '12 34'] }),
    'recipients.1',
    /without spaces or dashes/,
  ],
  ['bulk message empty', () => api.client.sms.bulk.create({ ...bulk, message: '' }), 'message', /1 to 1000/],
  [
    'bulk from of 12 characters',
    () => api.client.sms.bulk.create({ ...bulk, from: 'ABCDEFGHIJKL' }),
    'from',
    /at most 11/,
  ],
  [
    'otp on bulk',
    () => api.client.sms.bulk.create({ ...bulk, route: 'otp' as never }),
    'route',
    /otp is not offered for bulk/,
  ],
  [
    'bulk schedule_at in the past',
    () => api.client.sms.bulk.create({ ...bulk, schedule_at: new Date(Date.now() - 3_600_000) }),
    'schedule_at',
    /in the future/,
  ],
  [
    'bulk schedule_at 8 days ahead',
    () => api.client.sms.bulk.create({ ...bulk, schedule_at: new Date(Date.now() + 8 * DAY) }),
    'schedule_at',
    /7 days/,
  ],
];

describeRefusals(wire, refused);
