// What a promise rejects with, for tests that check the error itself.

/** The error `p` rejects with; fails the test when it resolves. `E` is what the test expects it to be. */
export async function rejection<E = Error>(p: PromiseLike<unknown>): Promise<E> {
  try {
    await p;
  } catch (error) {
    return error as E;
  }
  throw new Error('expected a rejection');
}
