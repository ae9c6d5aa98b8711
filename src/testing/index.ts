// The `gateway-sdk/testing` entry: a mock of the whole API for your tests. Its core is a Fetch-API
// function (`mock.fetch`); MSW handlers and a loopback HTTP server are adapters over it. Only the
// MSW adapter needs the optional peer dependency `msw`. docs/mock-service.md describes every choice.

// This is the build for Node, Bun and Deno (package.json's `node` condition); bundlers for the
// browser get browser.ts, the same exports with a startMockServer that explains it needs Node.

export * from './common.js';
export { startMockServer, type MockServer, type MockServerOptions } from './server.js';
