// A module loaded on first use (the engine, with ky and zod), once for every caller. A load that
// failed (a chunk a page could not fetch for a moment) is not kept: the next caller loads again.

/** A value loaded on first use: `value` once loaded, `load()` to wait for it. */
export interface LoadOnce<T> {
  /** The loaded value, or undefined until the first load has succeeded. */
  readonly value: T | undefined;
  /** The value, loaded now if no load has succeeded or is running; concurrent callers share one load. */
  load(): Promise<T>;
}

/** `load` run on first use and its value kept; a rejected load is run again by the next `load()`. */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    get value() {
      return value;
    },
    load() {
      loading ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}
