// The MSW adapter: one handler per address of the mock, each passing the request to mock.fetch.
// The core matches paths itself (strictly), so MSW only has to hand over everything under the
// mock's addresses.
import type { HttpHandler, UnhandledRequestCallback } from 'msw';
import { MockConnectionReset } from './faults.js';
import { loadedMsw } from './msw-loader.js';

/** @internal MSW handlers over a Fetch-API function, one per distinct address. */
export function mswHandlers(
  fetchMock: (request: Request) => Promise<Response>,
  addresses: readonly string[],
): HttpHandler[] {
  const { msw, error } = loadedMsw;
  if (msw === undefined) {
    const why = error instanceof Error ? ` (${error.message})` : '';
    throw new Error(
      `mock.handlers needs msw 2.x, an optional peer dependency of gateway-sdk: run \`npm install -D msw\`${why}. ` +
        'Without msw, pass mock.fetch to the Client ' +
        '(new Client({ ...mock.clientOptions, fetch: mock.fetch })) or use startMockServer().',
    );
  }
  const { http, HttpResponse } = msw;
  return [...new Set(addresses)].map((base) =>
    http.all(new RegExp(`^${escapeRegExp(base)}/.*$`), async ({ request }) => {
      try {
        return await fetchMock(request);
      } catch (failure) {
        if (failure instanceof MockConnectionReset) return HttpResponse.error();
        throw failure;
      }
    }),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * An MSW `onUnhandledRequest` strategy for testing an app that serves HTTP: requests to loopback
 * (`127.0.0.1`, `localhost`, `[::1]`), such as your test calling your own server, go through;
 * any other request no handler answers fails the test, like `'error'`.
 *
 * @example server.listen({ onUnhandledRequest: allowLoopback })
 */
export function allowLoopback(request: Request, print: Parameters<UnhandledRequestCallback>[1]): void {
  if (LOOPBACK.has(new URL(request.url).hostname)) return;
  print.error();
}
