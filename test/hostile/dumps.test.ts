// No credential in any dump. util.inspect (what console.log and console.error
// print), JSON.stringify and structuredClone of a client, a resource, or any error with its cause
// chain never show one: raw, percent-encoded in either case, or in base64; on the success path
// and in debug logs as on the error path.
import { createServer as createNetServer, type Server } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionError, Client, ResponseValidationError } from 'gateway-sdk';
import { findLeaks } from '../helpers/secrets.js';
import { memoryLogger } from '../helpers/wire.js';
import { message } from '../helpers/fixtures.js';

const KEY = 'sk_live_DUMPS/+key=01~x';
const TEST_KEY = 'sk_test_DUMPS_key_02';
const TOKEN = 'at_DUMPS_token_03';
const SECRETS = [KEY, TEST_KEY, TOKEN];

/** Every spelling a credential is scrubbed in: as written, percent-encoded upper and lower case, base64. */
function spellings(secret: string): string[] {
  const upper = encodeURIComponent(secret);
  return [
    secret,
    upper,
    upper.replace(/%../g, (e) => e.toLowerCase()),
    btoa(secret).replace(/=+$/, '').slice(0, -1),
  ];
}

function views(value: unknown): string[] {
  let cloned: unknown;
  try {
    cloned = structuredClone(value);
  } catch (error) {
    cloned = error;
  }
  return [
    inspect(value, { depth: 12 }),
    inspect(value, { depth: 12, showHidden: true }),
    JSON.stringify(value) ?? '',
    inspect(cloned, { depth: 12, showHidden: true }),
    String(value),
  ];
}

function expectClean(value: unknown): void {
  for (const view of views(value))
    for (const secret of SECRETS) for (const form of spellings(secret)) expect(view).not.toContain(form);
}

let raw: Server;
let url = '';
/** What the raw server answers next. */
let answer = '';
beforeAll(async () => {
  raw = createNetServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end(answer));
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  const address = raw.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => raw.close(() => resolve())));

function client(logger = memoryLogger().logger): Client {
  return new Client({
    // Strict: the success path below needs a drifted 2xx to reject (the default, 'warn', resolves it).
    responseValidation: 'strict',
    apiKey: KEY,
    testApiKey: TEST_KEY,
    accessToken: TOKEN,
    baseURL: url,
    sandboxBaseURL: url,
    maxRetries: 0,
    logger,
    logLevel: 'debug',
  });
}

describe('a client', () => {
  it('shows no credential through inspect, JSON.stringify, structuredClone, nor its resources', async () => {
    const c = client();
    answer = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${JSON.stringify(message)}`;
    await c.sms.messages.retrieve('msg_1'); // the transport is built: its areas hold the credential
    expectClean(c);
    expectClean(c.sms);
    expectClean(c.sms.messages);
    expectClean(c.payment);
    expectClean(c.account);
    expect(JSON.stringify(c)).toBe('"[gateway-sdk Client]"');
  });
});

describe('errors and their causes', () => {
  it('a connection error whose cause holds the raw bytes of an answer echoing the key', async () => {
    // Not HTTP: undici's parser error keeps the bytes it choked on.
    const echoed = spellings(KEY).join(' ');
    answer = `HTTP/1.1 200 OK\r\nx-echo: ${echoed}\r\nbroken header ${echoed}\r\n\r\n`;
    const error = await client()
      .sms.messages.retrieve('msg_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).cause).toBeInstanceOf(Error);
    expectClean(error);
    expect(findLeaks(KEY, [error])).toEqual([]);
  });

  it('an API error and a success whose headers and body echo the key in every spelling', async () => {
    const echoed = spellings(KEY).join(' ');
    const { lines, logger } = memoryLogger();
    answer =
      `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nx-request-id: ${encodeURIComponent(KEY).toLowerCase()}\r\n` +
      `connection: close\r\n\r\n${JSON.stringify({ error: { code: 'bad', message: echoed } })}`;
    const error = await client(logger)
      .sms.messages.retrieve('msg_1')
      .catch((e: unknown) => e);
    expectClean(error);
    // Success path: the request id is logged at debug, and a 2xx without the documented shape keeps its body.
    answer =
      `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-request-id: req ${echoed}\r\n` +
      `connection: close\r\n\r\n${JSON.stringify({ echoed })}`;
    const invalid = await client(logger)
      .sms.messages.retrieve('msg_1')
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ResponseValidationError);
    expectClean(invalid);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) for (const form of spellings(KEY)) expect(line).not.toContain(form);
  });
});

describe('what util.inspect can reach with every option on', () => {
  it('shows no credential of a client, its areas or resources, with showHidden and getters', async () => {
    const client = new Client({
      apiKey: KEY,
      testApiKey: TEST_KEY,
      accessToken: TOKEN,
      baseURL: 'https://sms.gateway.test',
      sandboxBaseURL: 'https://sandbox.gateway.test',
      fetch: (async () => Response.json(message)) as typeof globalThis.fetch,
    });
    // After a call too, when the client holds its logger and each area's transport.
    await client.sms.messages.retrieve('msg_1');
    const options = { showHidden: true, getters: true, depth: Infinity } as const;
    for (const part of [client, client.sms, client.payment, client.account, client.sms.messages])
      for (const secret of SECRETS) expect(findLeaks(secret, [inspect(part, options)])).toEqual([]);
  });
});

describe('URLs in debug logs', () => {
  it('lose their query: a callback_url with a token in it is logged without it', async () => {
    const { lines, logger } = memoryLogger();
    const client = new Client({
      apiKey: KEY,
      baseURL: 'https://sms.gateway.test',
      fetch: (async (input: Request) =>
        Response.json(
          input.method === 'GET' ? { data: [], has_more: false, next_cursor: null } : message,
        )) as typeof globalThis.fetch,
      logger,
      logLevel: 'debug',
    });
    await client.sms.messages.create({
      to: '447700900123',
      message: 'hi',
      callback_url: 'https://app.example.test/hooks/sms?token=abc&tenant=7',
    });
    await client.sms.messages.list({ limit: 5, status: 'delivered' });
    const text = lines.join('\n');
    expect(text).toContain('https://app.example.test/hooks/sms?…');
    expect(text).not.toContain('token=abc');
    expect(text).not.toContain('delivered');
    expect(text).toMatch(/GET sms\/messages\?… \(attempt 1 of/);
  });
});
