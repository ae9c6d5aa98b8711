// Lets a test inspect a call's outcome without a try/catch in every test.

/** The call's value or its error; the error is also pushed to `errors` when given (for leak scans). */
export function settle<T>(p: PromiseLike<T>, errors?: unknown[]): Promise<{ value?: T; error?: unknown }> {
  return Promise.resolve(p).then(
    (value) => ({ value }),
    (error: unknown) => {
      errors?.push(error);
      return { error };
    },
  );
}
