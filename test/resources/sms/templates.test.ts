// client.sms.templates: every operation against the mock service (the wire, the typed result)
// and every request rule of api-reference.md, refused before any I/O.
import { describe, expect, it } from 'vitest';
import { NotFoundError } from 'gateway-sdk';
import {
  describeRefusals,
  SMS,
  UUID,
  expectAreaHeaders,
  only,
  type Refusal,
  useMockClient,
} from '../../helpers/resources.js';

const api = useMockClient();
const { wire } = api;
const tpl = { to: '447700900123', variables: { name: 'Ada' } };

describe('5. POST /sms/templates/{template_id}/send', () => {
  it('sends to and variables, and returns the built message', async () => {
    const message = await api.client.sms.templates.send('tpl_welcome', {
      to: '+447700900123',
      variables: { name: 'Ada', company: 'Acme' },
      route: 'transactional',
    });
    const request = only(wire);
    expect(request.method).toBe('POST');
    expect(request.url.href).toBe(`${SMS}/sms/templates/tpl_welcome/send`);
    expectAreaHeaders(request, 'sk_live_mock', true);
    expect(request.headers['idempotency-key']).toMatch(UUID);
    expect(request.body).toEqual({
      to: '447700900123',
      variables: { name: 'Ada', company: 'Acme' },
      route: 'transactional',
    });
    expect(message).toMatchObject({
      to: '447700900123',
      body: 'Hello Ada, welcome to Acme!',
      status: 'queued',
    });
  });

  it('rejects an unknown template with NotFoundError', async () => {
    await expect(
      api.client.sms.templates.send('tpl_nope', { to: '447700900123', variables: {} }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

const refused: Refusal[] = [
  [
    'template send with Route',
    () => api.client.sms.templates.send('tpl_1', { ...tpl, Route: 'otp' } as never),
    'Route',
    /did you mean route\?/,
  ],
  ['template_id empty', () => api.client.sms.templates.send('', tpl), 'templateId', /non-empty/],
  [
    'template to invalid',
    () => api.client.sms.templates.send('tpl_1', { ...tpl, to: '+44 7700' }),
    'to',
    /without spaces or dashes/,
  ],
  [
    'variables missing',
    () => api.client.sms.templates.send('tpl_1', { to: '447700900123' } as never),
    'variables',
    /must be an object/,
  ],
  [
    'variables not an object',
    () => api.client.sms.templates.send('tpl_1', { ...tpl, variables: 'name=Ada' as never }),
    'variables',
    /object/,
  ],
  [
    'a variable that is an object',
    () => api.client.sms.templates.send('tpl_1', { ...tpl, variables: { name: { first: 'Ada' } } as never }),
    'variables.name',
    /string, number or boolean/,
  ],
  [
    'template from of 12 characters',
    () => api.client.sms.templates.send('tpl_1', { ...tpl, from: 'ABCDEFGHIJKL' }),
    'from',
    /at most 11/,
  ],
  [
    'template route unknown',
    () => api.client.sms.templates.send('tpl_1', { ...tpl, route: 'slow' as never }),
    'route',
    /otp/,
  ],
];

describeRefusals(wire, refused);
