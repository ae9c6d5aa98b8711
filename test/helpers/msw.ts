// One MSW server per test file: listening for the file's lifetime, refusing unhandled requests,
// and recording the wire so tests assert on requests rather than on internals.
import { http, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { Client, type ClientOptions } from 'gateway-sdk';
import { onUnhandled } from './msw-options.js';
import { memoryLogger, recordRequests } from './wire.js';

/** Starts the file's MSW server with `handlers`; after each test, forgets the wire and any `server.use`. */
export function useMsw(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  const wire = recordRequests(server);
  beforeAll(() => server.listen(onUnhandled('error')));
  afterEach(() => {
    server.resetHandlers();
    wire.length = 0;
  });
  afterAll(() => server.close());
  /** Answers the n-th request (1-based) with responses[n - 1], the last one from then on. */
  const sequence = (
    method: 'get' | 'post',
    url: string,
    responses: (() => Response | Promise<Response>)[],
  ) => {
    let n = 0;
    server.use(http[method](url, () => (responses[Math.min(n++, responses.length - 1)] as () => Response)()));
  };
  return { server, wire, sequence };
}

/**
 * The request-pipeline suites' set-up: useMsw, a logger that keeps every line, no jitter (timing
 * tests set their own), and real timers and mocks again after each test.
 */
export function usePipeline(baseURL: string, apiKey: string) {
  const msw = useMsw();
  const { lines, logger } = memoryLogger();
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
