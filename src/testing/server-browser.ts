// The browser build's startMockServer: same signature as server.ts's, so both builds share one
// set of declarations, but a page cannot listen on a port.
import type { MockServer, MockServerOptions } from './server.js';

/**
 * Serves the mock on loopback: Node, Bun and Deno only. In this browser build it rejects, saying
 * what to use instead.
 */
export async function startMockServer(options?: MockServerOptions): Promise<MockServer> {
  void options;
  throw new Error(
    'startMockServer needs Node, Bun or Deno: it listens on a port with node:http, and this is the ' +
      'browser build of gateway-sdk/testing. In a page, use mock.fetch ' +
      '(new Client({ ...mock.clientOptions, fetch: mock.fetch, dangerouslyAllowBrowser: true })) or ' +
      "setupWorker(...mswHandlers(mock)) with mswHandlers from 'gateway-sdk/testing/msw'; or run " +
      '`npx gateway-sdk mock` and call it.',
  );
}
