// The `gateway-sdk/testing` entry: a mock of the whole API for your tests. Its core is a Fetch-API
// function (`mock.fetch`); a loopback HTTP server here and the MSW handlers of
// `gateway-sdk/testing/msw` are adapters over it. This entry imports no msw in any build.
// docs/mock-service.md describes every choice.

// This is the build for Node, Bun and Deno (package.json's `node` condition); bundlers for the
// browser get browser.ts, the same exports with a startMockServer that explains it needs Node.

export * from './common.js';
export { startMockServer, type MockServer, type MockServerOptions } from './server.js';
