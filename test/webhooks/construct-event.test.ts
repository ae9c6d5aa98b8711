import { describe, expect, it } from 'vitest';
import { WebhookVerificationError, type WebhookVerificationReason } from 'gateway-sdk/webhooks';
import { envelope, flipLast, paths, vectors, bodyBytes } from './helpers.js';
import { rejection } from '../helpers/rejection.js';

const secret = 'whsec_construct_Q81x';

describe.each(paths)('%s: constructEvent', (_, webhooks) => {
  const refusal = async (promise: Promise<unknown>, reason: WebhookVerificationReason): Promise<string> => {
    const err = await rejection(promise);
    expect(err).toBeInstanceOf(WebhookVerificationError);
    expect(err).toMatchObject({ reason });
    return (err as Error).message;
  };

  it('returns the parsed event, discriminated on type', async () => {
    const body = envelope();
    const event = await webhooks.constructEvent(body, await webhooks.sign(body, secret), secret);
    expect(event).toEqual(JSON.parse(body));
    if (event.type !== 'message.delivered') throw new Error(`unexpected ${event.type}`);
    expect(event.data.object.status).toBe('delivered');
  });

  it('parses an event type this SDK does not know yet instead of throwing', async () => {
    const body = envelope({
      type: 'message.read',
      data: { object: { id: 'msg_1', read_at: '2026-01-02T00:00:00Z' } },
    });
    const event = await webhooks.constructEvent(body, await webhooks.sign(body, secret), secret);
    expect(event.type).toBe('message.read');
    expect(event.data.object).toEqual({ id: 'msg_1', read_at: '2026-01-02T00:00:00Z' });
  });

  it('keeps fields the envelope may gain later', async () => {
    const body = envelope({ livemode: false, request: { id: 'req_1' } });
    const event = await webhooks.constructEvent(body, await webhooks.sign(body, secret), secret);
    expect(event).toMatchObject({ livemode: false, request: { id: 'req_1' } });
  });

  it('refuses a missing signature with reason missing_signature, naming the header', async () => {
    for (const signature of [undefined, null, '', ' ', [], ['', ' ']]) {
      const message = await refusal(
        webhooks.constructEvent(envelope(), signature, secret),
        'missing_signature',
      );
      expect(message).toContain('x-service-signature');
      expect(message).toContain('Answer 400');
    }
  });

  it('refuses a malformed signature with reason malformed_signature', async () => {
    const good = await webhooks.sign(envelope(), secret);
    for (const signature of ['abc', good.toUpperCase(), `sha256=${good}`, good.slice(1), ['abc', 'def']]) {
      const message = await refusal(
        webhooks.constructEvent(envelope(), signature, secret),
        'malformed_signature',
      );
      expect(message).toContain('64 lowercase hex');
    }
  });

  it('refuses every character but 0-9 and a-f in any position as malformed_signature', async () => {
    const body = envelope();
    const good = await webhooks.sign(body, secret);
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));
    // Look-alikes of digits and letters from other scripts, and a lone surrogate.
    const others = ['\u0660', '\uff10', '\uff41', '\u00e1', '\u0430', '\ud800', '\u{1d7ce}'];
    for (const char of [...ascii, ...others].filter((c) => !/^[0-9a-f]$/.test(c))) {
      for (const at of [0, 31, 63]) {
        const signature = good.slice(0, at) + char + good.slice(at + 1);
        await expect(
          webhooks.constructEvent(body, signature, secret),
          JSON.stringify(signature),
        ).rejects.toMatchObject({
          reason: 'malformed_signature',
        });
      }
    }
  });

  it('refuses a wrong signature with reason signature_mismatch and points at secret and raw body', async () => {
    const body = envelope();
    const good = await webhooks.sign(body, secret);
    const attempts = [
      () => webhooks.constructEvent(body, flipLast(good), secret),
      () => webhooks.constructEvent(body, good, 'whsec_someone_else'),
      () => webhooks.constructEvent(body.replace('evt_1', 'evt_2'), good, secret),
      // One malformed, one wrong: the wrong one decides, it is the more specific failure.
      () => webhooks.constructEvent(body, ['abc', flipLast(good)], secret),
    ];
    for (const attempt of attempts) {
      const message = await refusal(attempt(), 'signature_mismatch');
      expect(message).toMatch(/secret/);
      expect(message).toMatch(/body exactly as received/);
    }
  });

  it.each([
    ['text that is not JSON', 'hello'],
    ['an empty body', ''],
  ])('refuses a correctly signed body that is %s with reason invalid_payload', async (_label, body) => {
    const message = await refusal(
      webhooks.constructEvent(body, await webhooks.sign(body, secret), secret),
      'invalid_payload',
    );
    expect(message).toContain('not UTF-8 JSON');
  });

  // The service signed it: a shape the types did not expect is its drift, never a reason to lose
  // the event. Each is returned as sent, and verify answers true for it.
  const drifted: [string, string][] = [
    ['a JSON array', '[]'],
    ['JSON null', 'null'],
    ['a JSON string', '"evt_1"'],
    ['no id', envelope({ id: undefined })],
    ['a numeric id', envelope({ id: 1 })],
    ['no type', envelope({ type: undefined })],
    ['created as a numeric string', envelope({ created: '1767225600' })],
    ['created as an ISO string', envelope({ created: '2026-01-01T00:00:00Z' })],
    ['no api_version', envelope({ api_version: undefined })],
    ['no data', envelope({ data: undefined })],
    ['data without object', envelope({ data: { balance: 12.5 } })],
    ['data.object as an array', envelope({ data: { object: [] } })],
    ['data.object as null', envelope({ data: { object: null } })],
    [
      "the reference sample receiver's flat body",
      JSON.stringify({
        message_id: 'msg_1',
        status: 'delivered',
        recipient: '447700900123',
        timestamp: 1767225600,
      }),
    ],
  ];

  it.each(drifted)('returns a correctly signed body that is %s as it was sent', async (_label, body) => {
    const signature = await webhooks.sign(body, secret);
    await expect(webhooks.constructEvent(body, signature, secret)).resolves.toEqual(JSON.parse(body));
    await expect(webhooks.verify(body, signature, secret)).resolves.toBe(true);
  });

  it('still refuses a drifted body whose signature is wrong', async () => {
    const body = envelope({ api_version: undefined, created: '2026-01-01T00:00:00Z' });
    await refusal(
      webhooks.constructEvent(body, flipLast(await webhooks.sign(body, secret)), secret),
      'signature_mismatch',
    );
  });

  it('refuses correctly signed bytes that are not UTF-8 with reason invalid_payload', async () => {
    const binary = vectors.find((v) => 'base64' in v.body);
    if (!binary) throw new Error('the fixture lost its binary vector');
    const message = await refusal(
      webhooks.constructEvent(bodyBytes(binary), binary.signature, binary.secret),
      'invalid_payload',
    );
    expect(message).toContain('not UTF-8 JSON');
  });

  it('reads a UTF-8 body given as bytes', async () => {
    const body = envelope({ data: { object: { id: 'cus_1', name: 'Zoë 李 👋' } }, type: 'customer.created' });
    const bytes = new TextEncoder().encode(body);
    const event = await webhooks.constructEvent(bytes, await webhooks.sign(body, secret), secret);
    expect(event.type === 'customer.created' && event.data.object.name).toBe('Zoë 李 👋');
  });
});
