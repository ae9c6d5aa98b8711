// The `gateway-sdk/testing/msw` entry: the MSW adapter over the mock, and the only code of the
// package that imports msw (statically, so that `gateway-sdk/testing` never meets it). Node and
// browser bundlers each get this entry from the same build as their `gateway-sdk/testing`
// (package.json), so the two share one copy of the mock's classes.

export { mswHandlers } from './handlers.js';
export {
  allowLoopback,
  type UnhandledFrame,
  type UnhandledFrameArgs,
  type UnhandledRequestPrint,
} from './allow-loopback.js';
