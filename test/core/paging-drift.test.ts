// A walk over pages whose paging fields drifted: read as what they name in 'warn' and 'off' (the
// walk yields every item), refused in 'strict'; a paging field that cannot be read fails the walk
// with the cursor to resume from, quoted short in the message and whole in `error.cursor`.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Client, GatewayError, type ResponseValidation, ResponseValidationError } from 'gateway-sdk';
import { useMsw } from '../helpers/msw.js';
import { listedMessage } from '../helpers/fixtures.js';

const BASE = 'https://api.gateway.test';
const { server } = useMsw();

const msg = listedMessage;

type Page = Record<string, unknown>;

/** Six messages, two a page, cursors 1, 2 (numbers on the wire); `paging` rewrites each page's paging fields. */
function serve(paging: (page: Page, last: boolean) => void) {
  server.use(
    http.get(`${BASE}/sms/messages`, ({ request }) => {
      const after = new URL(request.url).searchParams.get('after');
      const start = after === null ? 0 : Number(after) * 2;
      const last = start + 2 >= 6;
      const page: Page = { data: [msg(start), msg(start + 1)] };
      paging(page, last);
      return HttpResponse.json(page);
    }),
  );
}

function client(responseValidation?: ResponseValidation) {
  const lines: string[] = [];
  const c = new Client({
    apiKey: 'k',
    baseURL: BASE,
    maxRetries: 0,
    responseValidation,
    logger: { error: () => {}, warn: (t: string) => lines.push(t), info: () => {}, debug: () => {} },
  });
  return { client: c, lines };
}

const cursorOf = (page: Page) => {
  const first = (page['data'] as { id: string }[])[0]?.id ?? 'msg_0';
  return Number(first.slice(4)) / 2 + 1;
};

const DRIFTS: [string, (page: Page, last: boolean) => void][] = [
  [
    'has_more "true"/"false", next_cursor a number',
    (p, last) => {
      p['has_more'] = last ? 'false' : 'true';
      p['next_cursor'] = last ? null : cursorOf(p);
    },
  ],
  [
    'has_more 1/0',
    (p, last) => {
      p['has_more'] = last ? 0 : 1;
      p['next_cursor'] = last ? null : String(cursorOf(p));
    },
  ],
  [
    'has_more missing, read from next_cursor',
    (p, last) => {
      p['next_cursor'] = last ? null : String(cursorOf(p));
    },
  ],
  [
    'has_more null, read from next_cursor',
    (p, last) => {
      p['has_more'] = null;
      p['next_cursor'] = last ? '' : String(cursorOf(p));
    },
  ],
];

describe('a walk over drifted paging fields', () => {
  it.each(DRIFTS)("walks every item in 'warn' and 'off': %s", async (_, paging) => {
    for (const mode of ['warn', 'off'] as const) {
      serve(paging);
      const { client: c, lines } = client(mode);
      const ids = (await c.sms.messages.list().toArray({ max: 100 })).map((m) => m.id);
      expect(ids).toEqual(['msg_0', 'msg_1', 'msg_2', 'msg_3', 'msg_4', 'msg_5']);
      if (mode === 'off') expect(lines).toEqual([]);
      else {
        // Once per field, whatever the number of pages, and never a value.
        expect(lines.length).toBeGreaterThanOrEqual(1);
        expect(lines.length).toBeLessThanOrEqual(2);
        for (const line of lines) {
          expect(line).toMatch(/at (has_more|next_cursor)/);
          expect(line).not.toMatch(/"true"|"false"/);
        }
      }
    }
  });

  it.each(DRIFTS)("refuses them in 'strict': %s", async (_, paging) => {
    serve(paging);
    await expect(client('strict').client.sms.messages.list().toArray({ max: 100 })).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });

  it('fails on a has_more it cannot read, with the cursor to resume from', async () => {
    serve((p, last) => {
      p['has_more'] = cursorOf(p) === 2 ? 'maybe' : !last;
      p['next_cursor'] = last ? null : String(cursorOf(p));
    });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const m of client().client.sms.messages.list()) seen.push(m.id);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['msg_0', 'msg_1']);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as GatewayError).cursor).toBe('1');
    expect((error as Error).message).toMatch(/has_more must be a boolean/);
  });
});

describe('a long cursor in a walk error', () => {
  it('is quoted to about 100 characters, and kept whole in error.cursor', async () => {
    const long = `c${'x'.repeat(1024 * 1024)}`;
    server.use(
      http.get(`${BASE}/sms/messages`, ({ request }) => {
        const after = new URL(request.url).searchParams.get('after');
        if (after === null) return HttpResponse.json({ data: [msg(0)], has_more: true, next_cursor: long });
        return HttpResponse.json({ error: { message: 'down' } }, { status: 500 });
      }),
    );
    const error = await client()
      .client.sms.messages.list()
      .toArray({ max: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).cursor).toBe(long);
    expect((error as Error).message.length).toBeLessThan(600);
    expect((error as Error).message).toMatch(/error\.cursor/);
  });

  it('is quoted short when the walk goes round in a circle', async () => {
    const a = `a${'x'.repeat(5000)}`;
    const b = `b${'x'.repeat(5000)}`;
    server.use(
      http.get(`${BASE}/sms/messages`, ({ request }) => {
        const after = new URL(request.url).searchParams.get('after');
        return HttpResponse.json({ data: [msg(0)], has_more: true, next_cursor: after === a ? b : a });
      }),
    );
    const error = await client()
      .client.sms.messages.list()
      .toArray({ max: 100 })
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/came back to/);
    expect((error as Error).message.length).toBeLessThan(600);
  });
});
