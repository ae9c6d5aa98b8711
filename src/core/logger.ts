// The logger a client accepts, as types only: the logging itself (levels, masking, scrubbing)
// is internal/safe-logger.ts.

/** How much the SDK logs; each level includes the ones before it. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** Anything console-like: `console`, pino, winston, a test spy. */
export interface Logger {
  /** Receives lines at level `error`. */
  error(message: string, ...rest: unknown[]): void;
  /** Receives lines at level `warn`. */
  warn(message: string, ...rest: unknown[]): void;
  /** Receives lines at level `info`: each retry, with its reason and delay. */
  info(message: string, ...rest: unknown[]): void;
  /** Receives lines at level `debug`: each attempt and response, with masked details. */
  debug(message: string, ...rest: unknown[]): void;
}
