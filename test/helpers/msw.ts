// One MSW server per test file: listening for the file's lifetime, refusing unhandled requests,
// and recording the wire so tests assert on requests rather than on internals.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { setImmediate as turn } from 'node:timers/promises';
import { http, type RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { Client, type ClientOptions } from 'gateway-sdk';
import { onUnhandled } from './msw-options.js';
import { memoryLogger, recordRequests } from './wire.js';

/** Starts the file's MSW server with `handlers`; after each test, forgets the wire and any `server.use`. */
export function useMsw(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  const wire = recordRequests(server);
  const exchanges = trackExchanges(server);
  const settle = exchanges.settle;
  beforeAll(() => server.listen(onUnhandled('error')));
  afterEach(() => {
    server.resetHandlers();
    wire.length = 0;
  });
  afterAll(() => {
    server.close();
    exchanges.stop();
  });
  /** Answers the n-th request (1-based) with responses[n - 1], the last one from then on. */
  const sequence = (
    method: 'get' | 'post',
    url: string,
    responses: (() => Response | Promise<Response>)[],
  ) => {
    let n = 0;
    server.use(http[method](url, () => (responses[Math.min(n++, responses.length - 1)] as () => Response)()));
  };
  /**
   * Moves the fake clock `ms` forward the way a real one would carry the SDK: the exchanges in
   * flight finish first, with the clock held, and those the timers start finish before it returns.
   * msw 3 answers through Node's HTTP client over an in-memory socket, which takes turns of the
   * event loop, and vi.advanceTimersByTimeAsync lets only one turn run before it moves the clock:
   * alone, it moved the clock past a retry wait the SDK had not started yet (docs/testing.md).
   */
  const advance = async (ms: number): Promise<void> => {
    await settle();
    await vi.advanceTimersByTimeAsync(ms);
    await settle();
  };
  return { server, wire, sequence, settle, advance };
}

/**
 * Settling: every HTTP exchange in flight has finished, or waits on its handler (a `delay`, a
 * promise that never resolves, a body that stops). Decided by events: Node's HTTP client (undici,
 * which msw 3 answers through) reports each request's start and end on diagnostics channels, and
 * msw reports what its handlers have taken and answered. Under msw 2 a mocked fetch never reaches
 * undici and is answered in promise callbacks, which the first turn lets run.
 */
function trackExchanges(server: SetupServer) {
  let open = 0;
  let events = 0;
  const waiting = new Set<string>();
  const started = () => {
    open++;
    events++;
  };
  const ended = () => {
    open--;
    events++;
  };
  const moved = () => void events++;
  const channels = {
    'undici:request:create': started,
    'undici:request:headers': moved,
    'undici:request:trailers': ended,
    'undici:request:error': ended,
  };
  for (const [name, listener] of Object.entries(channels)) subscribe(name, listener);
  server.events.on('request:start', ({ request, requestId }) => {
    events++;
    waiting.add(requestId);
    request.signal.addEventListener('abort', () => waiting.delete(requestId), { once: true });
  });
  const answered = ({ requestId }: { requestId: string }) => {
    events++;
    waiting.delete(requestId);
  };
  server.events.on('request:end', answered);
  server.events.on('response:mocked', answered);
  server.events.on('response:bypass', answered);

  async function settle(): Promise<void> {
    // Real turns (node:timers, which fake timers leave alone), as many as the events say: a few
    // for an exchange. A body the handler stopped sending keeps its request open with nothing
    // moving: 50 turns without an event (over ten times what an exchange takes between two) is
    // taken as that. Machine speed does not change the count; the deadline, on a clock no test
    // fakes, only turns something stuck into a clear failure.
    const deadline = realNow() + 10_000_000_000n;
    let quiet = 0;
    for (let seen = -1; ;) {
      await turn();
      quiet = events === seen ? quiet + 1 : 0;
      seen = events;
      if (quiet >= 1 && (open <= waiting.size || quiet >= 50)) return;
      if (realNow() > deadline) throw new Error(`${open} HTTP exchange(s) still in flight after 10 s`);
    }
  }
  const stop = () => {
    for (const [name, listener] of Object.entries(channels)) unsubscribe(name, listener);
  };
  return { settle, stop };
}

/** Nanoseconds on a clock fake timers leave alone (taken before any test fakes `hrtime`). */
const realNow = process.hrtime.bigint.bind(process.hrtime);

/**
 * The request-pipeline suites' set-up: useMsw, a logger that keeps every line, no jitter (timing
 * tests set their own), and real timers and mocks again after each test.
 */
export function usePipeline(baseURL: string, apiKey: string) {
  const msw = useMsw();
  const { lines, logger } = memoryLogger();
  // The SDK loads ky on a client's first request (src/internal/transport.ts): a real read of a
  // module, which no fake clock waits for. Loaded here, before any test holds the clock.
  beforeAll(async () => {
    await import('ky');
  });
  beforeEach(() => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    lines.length = 0;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  /** A client on the suite's server that logs everything into `lines`. */
  const client = (options: ClientOptions = {}): Client =>
    new Client({ apiKey, baseURL, logger, logLevel: 'debug', ...options });
  return { ...msw, lines, logger, client };
}
