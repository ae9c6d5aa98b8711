// One MSW server per test file: listening for the file's lifetime, refusing unhandled requests,
// and recording the wire so tests assert on requests rather than on internals.
import { http, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { recordRequests } from './wire.js';

/** Starts the file's MSW server with `handlers`; after each test, forgets the wire and any `server.use`. */
export function useMsw(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  const wire = recordRequests(server);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
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
