// A `fetch` the test answers by hand, one request at a time, so concurrency, pacing and early
// exits can be asserted exactly; and source generators that count how far they were read.
import type { Client as ClientClass } from 'gateway-sdk';

/** One request the stub has received and not yet answered. */
export interface Pending {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** Answers it: a status, a JSON body and extra headers. */
  answer(status: number, body?: unknown, headers?: Record<string, string>): void;
}

/** A `fetch` that parks every request until the test answers it. */
export function manualFetch() {
  const pending: Pending[] = [];
  const seen: Omit<Pending, 'answer'>[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  // ky hands fetch a Request; the body is read from a copy, so the Request stays usable.
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.clone().text();
    const signal = init?.signal ?? request.signal;
    return new Promise((resolve, reject) => {
      const headers = Object.fromEntries(request.headers);
      const body = text === '' ? undefined : JSON.parse(text);
      const seenAs = { url: request.url, method: request.method, headers, body };
      seen.push(seenAs);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      const entry: Pending = {
        ...seenAs,
        answer(status, json = {}, extra = {}) {
          inFlight--;
          resolve(
            new Response(JSON.stringify(json), {
              status,
              headers: { 'content-type': 'application/json', ...extra },
            }),
          );
        },
      };
      signal?.addEventListener('abort', () => {
        const at = pending.indexOf(entry);
        if (at < 0) return;
        pending.splice(at, 1);
        inFlight--;
        reject(signal.reason);
      });
      pending.push(entry);
    });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    pending,
    seen,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

/** A message as the service would return it for a send body. */
export function messageFor(body: { to?: unknown; message?: unknown }, id: string) {
  return {
    id,
    to: String(body.to).replace(/^\+/, ''),
    from: 'ACME',
    body: String(body.message),
    status: 'queued',
    created_at: '2026-03-02T12:00:00Z',
  };
}

/** Lets every promise callback queued so far (and those they queue) run, I/O callbacks included. */
export async function flush(rounds = 5): Promise<void> {
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < 20; i++) await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Loads the request path (ky is imported on a client's first request) before a test counts steps. */
export async function warmUp(Client: typeof ClientClass): Promise<void> {
  const fetch = async () => new Response(JSON.stringify(messageFor({ to: '1', message: 'x' }, 'm')));
  const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch });
  await client.sms.messages.create({ to: '447700900123', message: 'warm-up' });
}

/** An async source of `count` values that records how many were read. */
export function countingSource<T>(count: number, make: (i: number) => T) {
  const state = { read: 0, closed: false };
  async function* generate() {
    try {
      for (let i = 0; i < count; i++) {
        state.read++;
        yield make(i);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, source: generate() };
}

/** The same from a synchronous generator: items are read the moment a worker is free. */
export function countingSyncSource<T>(count: number, make: (i: number) => T) {
  const state = { read: 0, closed: false };
  function* generate() {
    try {
      for (let i = 0; i < count; i++) {
        state.read++;
        yield make(i);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, source: generate() };
}
