// `gateway-sdk/testing` for bundlers targeting the browser (package.json: every condition but
// `node`): the same exports and declarations as index.ts, with no node: import. startMockServer
// is a stand-in that rejects with what to use instead, since a page cannot listen on a port.

export * from './common.js';
export { startMockServer } from './server-browser.js';
export type { MockServer, MockServerOptions } from './server.js';
