// The `hooks` option's types, declared here rather than imported from ky: ky is bundled into
// dist/, so the published declarations must not name it (an app installs no ky). They describe
// what ky 2 passes its hooks (one state object each); the request path hands them to ky as they are.

/** What a hook sees of the request's options (ky's normalized options, read-only). */
export interface HookOptions extends Readonly<RequestInit> {
  readonly method: string;
  readonly headers: Headers;
  /** ky's `context`; the SDK keeps its own entry there. */
  readonly context: Readonly<Record<string, unknown>>;
}

/** What every hook receives. */
export interface HookState {
  /** The request about to be sent (or that was sent); its headers may be changed. */
  request: Request;
  /** The request's options, as ky normalized them. */
  options: HookOptions;
  /** Retries made so far: 0 for the first attempt. */
  retryCount: number;
}

/** `beforeRetry` and `beforeError` also receive the error; an HTTP status error carries `response` and `data` (the body, already read). */
export interface HookErrorState extends HookState {
  /** Why the attempt or the call failed. */
  error: Error;
}

/** `afterResponse` also receives the response (a copy whose body it may read). */
export interface HookResponseState extends HookState {
  /** The response this attempt got. */
  response: Response;
}

/** What ky's `retry()` returns, to force a retry from `afterResponse`. */
export interface ForcedRetry {
  /** Options for the retried request, if the hook changed any. */
  readonly options?: unknown;
}

/** Runs once per call, before the first attempt; may return a `Request` to send instead. */
export type BeforeRequestHook = (
  state: HookState,
) => Request | Response | void | Promise<Request | Response | void>;
/** Runs before each retry, after the wait; may change `state.request`, or return ky's `stop` symbol to give up. */
export type BeforeRetryHook = (
  state: HookErrorState,
) => Request | Response | symbol | void | Promise<Request | Response | symbol | void>;
/** Runs on each response, the SDK's checks done. */
export type AfterResponseHook = (
  state: HookResponseState,
) => Response | ForcedRetry | void | Promise<Response | ForcedRetry | void>;
/** Runs when the call fails inside ky; returns the error to go on with. */
export type BeforeErrorHook = (state: HookErrorState) => Error | Promise<Error>;

/** ky 2's hooks (`beforeRequest`, `beforeRetry`, `afterResponse`, `beforeError`), run after the SDK's own. */
export interface Hooks {
  /** Once per call, before the first attempt (ky 2 runs it once; use `beforeRetry` to act on each retry). */
  beforeRequest?: BeforeRequestHook[] | undefined;
  /** Before each retry. */
  beforeRetry?: BeforeRetryHook[] | undefined;
  /** After each response. */
  afterResponse?: AfterResponseHook[] | undefined;
  /** When the call fails inside ky. */
  beforeError?: BeforeErrorHook[] | undefined;
}
