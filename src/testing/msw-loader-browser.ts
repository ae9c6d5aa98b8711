// The browser build's msw-loader.ts. A page has no synchronous loader, and `mock.handlers` is read
// synchronously (setupWorker(...mock.handlers)), so this build imports msw with the entry: a
// bundle of gateway-sdk/testing for the browser needs msw installed (docs/mock-service.md). Named
// imports, so that bundlers keep only these two of msw (not its GraphQL support).
import { http, HttpResponse } from 'msw';
import type { LoadedMsw } from './msw-loader.js';

/** @internal msw, imported with the entry. */
export function loadMsw(): LoadedMsw {
  return { msw: { http, HttpResponse } };
}
