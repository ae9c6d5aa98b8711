// allowLoopback, MSW's strategy for requests no handler answers, in both majors' call forms. Its
// declarations describe what msw passes structurally (msw 3 dropped some of msw 2's type names),
// so one signature compiles with either major installed.
import { isLoopbackUrl } from '../loopback.js';

/** The protocols of the frames MSW reports: HTTP requests and WebSocket connections. */
const WEB = ['http:', 'https:', 'ws:', 'wss:'];

/** What msw 2 passes an `onUnhandledRequest` callback after the request: MSW's own messages. */
export interface UnhandledRequestPrint {
  /** Prints MSW's warning about the request. */
  warning(): void;
  /** Prints MSW's error about the request and fails it. */
  error(): void;
}

/** The part of an msw 3 network frame (an HTTP request or a WebSocket connection) allowLoopback reads. */
export interface UnhandledFrame {
  /** `'http'` or `'ws'`. */
  readonly protocol: string;
  /** `{ request }` for HTTP, `{ connection }` for WebSocket. */
  readonly data: unknown;
}

/** What msw 3 passes an `onUnhandledFrame` callback. */
export interface UnhandledFrameArgs {
  /** The request or connection no handler answered. */
  readonly frame: UnhandledFrame;
  /** MSW's own messages (in msw 3 they only print). */
  readonly defaults: {
    /** Prints MSW's warning for this frame. */
    warn(): unknown;
    /** Prints MSW's error for this frame. */
    error(): unknown;
  };
}

/**
 * An MSW strategy for unhandled requests when testing an app that serves HTTP: requests to
 * loopback (`127.0.0.1`, `localhost`, `[::1]`), such as your test calling your own server, go
 * through silently; any other request no handler answers fails, like `'error'` (MSW prints its
 * error and the request fails).
 *
 * @example server.listen({ onUnhandledFrame: allowLoopback }) // msw 3
 * @example server.listen({ onUnhandledRequest: allowLoopback }) // msw 2
 */
export function allowLoopback(args: UnhandledFrameArgs): Promise<void>;
/** msw 2's `onUnhandledRequest` form: the request, then MSW's printers. */
export function allowLoopback(request: Request, print: UnhandledRequestPrint): void;
export function allowLoopback(
  first: UnhandledFrameArgs | Request,
  print?: UnhandledRequestPrint,
): Promise<void> | void {
  if (!isFrameArgs(first)) {
    // msw 2: print.error() prints and throws, which fails the request.
    if (!isLoopbackUrl(first.url, WEB)) print?.error();
    return;
  }
  return unhandledFrame(first);
}

async function unhandledFrame({ frame, defaults }: UnhandledFrameArgs): Promise<void> {
  const url = frameUrl(frame);
  if (url !== undefined && isLoopbackUrl(url, WEB)) return;
  // msw 3's defaults.error() only prints; failing the request is the callback's to do, by throwing.
  // msw answers a thrown Response with it, and Response.error() is a network error, so the request
  // fails as under msw's own 'error' (any other thrown value becomes a 500 "Unhandled Exception").
  // A WebSocket connection is failed with an Error, which msw dispatches as the socket's error.
  await defaults.error();
  if (frame.protocol === 'http') {
    throw Response.error();
  }
  throw new Error(
    `allowLoopback: ${url ?? `a ${frame.protocol} frame`} has no MSW handler and is not loopback. ` +
      'Add a handler for it (server.use(...)) or connect to 127.0.0.1.',
  );
}

function isFrameArgs(value: UnhandledFrameArgs | Request): value is UnhandledFrameArgs {
  return 'frame' in value && 'defaults' in value;
}

/** The URL of an HTTP frame's request or a WebSocket frame's connection. */
function frameUrl(frame: UnhandledFrame): string | undefined {
  const data = frame.data as
    { request?: { url?: unknown }; connection?: { client?: { url?: unknown } } } | null | undefined;
  const url = data?.request?.url ?? data?.connection?.client?.url;
  return typeof url === 'string' || url instanceof URL ? String(url) : undefined;
}
