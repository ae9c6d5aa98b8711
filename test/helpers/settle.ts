// Lets a test inspect a call's outcome without a try/catch in every test.

/** A call's outcome: its value, or the error it rejected with. */
export type Settled<T = unknown> = { value?: T; error?: unknown };

/** The call's value or its error; the error is also pushed to `errors` when given (for leak scans). */
export function settle<T>(p: PromiseLike<T>, errors?: unknown[]): Promise<Settled<T>> {
  return Promise.resolve(p).then(
    (value) => ({ value }),
    (error: unknown) => {
      errors?.push(error);
      return { error };
    },
  );
}
