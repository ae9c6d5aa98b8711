// What a caller hands the Client and a call is read once, inside a guard.
// A header getter is read once (it was checked, then read again for the wire); a Proxy whose traps
// throw is a ConfigurationError or ValidationError with what it threw as the cause, never a raw
// error; an unknown option name is quoted to 64 printable characters; a call sets at most 100
// headers, refused before ky's merge (quadratic in their number) runs.
import { describe, expect, it } from 'vitest';
import { Client, ConfigurationError, ValidationError } from 'gateway-sdk';
import { message } from '../helpers/fixtures.js';

const BASE = 'https://api.gateway.test';

/** A client whose requests are recorded and answered with a message, or a page of one. */
function recording() {
  const sent: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(request);
    return request.method === 'GET' && new URL(request.url).pathname === '/sms/messages'
      ? Response.json({ data: [message], has_more: false })
      : Response.json(message);
  }) as typeof globalThis.fetch;
  return { client: new Client({ apiKey: 'sk_test_caller', baseURL: BASE, fetch, maxRetries: 0 }), sent };
}

async function rejection(p: PromiseLike<unknown>): Promise<Error> {
  try {
    await p;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

const body = { to: '447700900123', message: 'hi' };
const trap = new Error('trap');
/** An object whose every read throws `trap`. */
const hostile = () =>
  new Proxy(
    {},
    {
      ownKeys: () => {
        throw trap;
      },
      get: () => {
        throw trap;
      },
      getOwnPropertyDescriptor: () => {
        throw trap;
      },
    },
  );

describe('a header getter', () => {
  it('is read once: the value checked is the value sent, never a CRLF read later as a raw TypeError', async () => {
    const { client, sent } = recording();
    let reads = 0;
    const headers = {
      get 'x-trace'() {
        return reads++ === 0 ? 'checked' : 'bad\r\nx-injected: 1';
      },
    };
    await client.sms.messages.create(body, { headers });
    expect(reads).toBe(1);
    expect(sent[0]?.headers.get('x-trace')).toBe('checked');
  });
});

describe('a caller value that throws when read', () => {
  it('as the Client options is a ConfigurationError with the cause', () => {
    const error = (() => {
      try {
        new Client(hostile() as never);
      } catch (e) {
        return e as ConfigurationError;
      }
      throw new Error('expected a throw');
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toMatch(/^Client options could not be read/);
    expect(error.cause).toBe(trap);
  });

  it('as defaultHeaders is a ConfigurationError with the cause', () => {
    expect(() => new Client({ apiKey: 'k', baseURL: BASE, defaultHeaders: hostile() as never })).toThrow(
      expect.objectContaining({ name: 'ConfigurationError', cause: trap }),
    );
  });

  it.each([
    ['create() params', (c: Client) => c.sms.messages.create(hostile() as never)],
    ['list() params', (c: Client) => c.sms.messages.list(hostile() as never)],
    ['create() options', (c: Client) => c.sms.messages.create(body, hostile() as never)],
    ['list() options', (c: Client) => c.sms.messages.list({}, hostile() as never)],
    ['per-call headers', (c: Client) => c.sms.messages.create(body, { headers: hostile() as never })],
  ])('as %s is a ValidationError with the cause, and nothing is sent', async (_name, call) => {
    const { client, sent } = recording();
    const error = await rejection(call(client));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/could not be read/);
    expect(error.cause).toBe(trap);
    expect(sent).toHaveLength(0);
  });
});

describe('an unknown option name', () => {
  const name = `${'x'.repeat(1_048_576)}\r\n\x1b[31mforged`;
  // eslint-disable-next-line no-control-regex -- the characters the message must not hold
  const CONTROL = /[\r\n\x1b]/;

  it('of 1 MB with CR, LF and ANSI is quoted to 64 printable characters by the Client', () => {
    let error: ConfigurationError | undefined;
    try {
      new Client({ apiKey: 'k', baseURL: BASE, [name]: 1 } as never);
    } catch (e) {
      error = e as ConfigurationError;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error?.message.length).toBeLessThan(400);
    expect(error?.message).not.toMatch(CONTROL);
    expect(error?.message).toMatch(/^x{64}… is not a Client option/);
  });

  it('of 1 MB with CR, LF and ANSI is quoted to 64 printable characters by a call', async () => {
    const { client } = recording();
    const error = await rejection(client.sms.messages.retrieve('msg_1', { [name]: 1 } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message.length).toBeLessThan(300);
    expect(error.message).not.toMatch(CONTROL);
  });
});

describe('per-call headers', () => {
  const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`x-h${i}`, 'v']));

  it('up to 100 are sent', async () => {
    const { client, sent } = recording();
    await client.sms.messages.retrieve('msg_1', { headers: many(100) });
    expect(sent[0]?.headers.get('x-h99')).toBe('v');
  });

  it('more than 100 are a ValidationError, and nothing is sent', async () => {
    const { client, sent } = recording();
    const error = await rejection(client.sms.messages.retrieve('msg_1', { headers: many(5_000) }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(
      'options.headers has 5000 headers: a call may set at most 100. Nothing was sent.',
    );
    expect(sent).toHaveLength(0);
  });
});
