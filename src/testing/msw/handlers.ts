// One MSW handler per address of the mock, each passing the request to mock.fetch. The mock
// matches paths itself (strictly), so MSW only has to hand over everything under its addresses.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { MockConnectionReset } from '../faults.js';
import type { MockService } from '../service.js';

/**
 * MSW handlers over `mock.fetch`, one per address of the mock (`baseURL` and `sandboxBaseURL`):
 * `setupServer(...mswHandlers(mock))` in Node, `setupWorker(...mswHandlers(mock))` in a page.
 * Works with msw 2 (2.7 or newer) and msw 3.
 */
export function mswHandlers(mock: Pick<MockService, 'fetch' | 'clientOptions'>): HttpHandler[] {
  const addresses = new Set([mock.clientOptions.baseURL, mock.clientOptions.sandboxBaseURL]);
  return [...addresses].map((base) =>
    http.all(new RegExp(`^${escapeRegExp(base)}/.*$`), async ({ request }) => {
      try {
        return await mock.fetch(request);
      } catch (failure) {
        // A `reset` fault: MSW's network error is how a handler drops the connection.
        if (failure instanceof MockConnectionReset) return HttpResponse.error();
        throw failure;
      }
    }),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
