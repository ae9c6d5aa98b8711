// Walking a list (core/pagination.ts) page by page and item by item: loaded with the engine
// (resources/engine.ts installs it), as every page comes from it, so a page that never lists loads
// none of it. A walk holds the page being read and nothing before it.
import {
  afterOf,
  CursorPage,
  GatewayError,
  guardErrors,
  quoted,
  rejectedPage,
  walkOn,
} from './engine-kit.js';
import type { PagePromise, Walker } from './pagination.js';

/**
 * How many pages in a row may come back empty with `has_more` still true before a walk gives up:
 * a service that hands out fresh cursors to empty pages forever would otherwise never let
 * `toArray({ max })` settle. A real list filtered server-side may skip a few (docs/decisions/walk-limits.md).
 */
export const EMPTY_PAGES_LIMIT = 100;

/** How many of the latest cursors a walk compares each new one with, besides Brent's mark. */
const RECENT_CURSORS = 8;

/**
 * One walk's state: its latest cursors, which catch a short circle at once, and Brent's cycle
 * detection for a longer one (one more cursor held): not every cursor seen, so memory stays
 * bounded however long the walk; and the run of empty pages.
 */
class Walk {
  // A null cursor kept here is never matched: only a string one is looked for.
  #recent: (string | null | undefined)[];
  /** The cursor a later one is compared with; moved forward at each power of two. */
  #mark: string | null | undefined;
  /** Steps since `#mark` was set, and the distance at which it moves next. */
  #steps = 0;
  #power = 1;
  #empty = 0;

  constructor(page: CursorPage<unknown>) {
    const after = afterOf(page);
    this.#recent = [after];
    this.#mark = after;
  }

  /**
   * The page after `page` in this walk, or undefined at the end. A cursor that comes back means the
   * service sends the walk round in a circle (A, B, A, …), which the check in getNextPage() cannot
   * see. A circle of up to RECENT_CURSORS pages stops before any page is fetched twice; Brent's
   * algorithm finds a longer one within about twice its length plus the pages before it.
   */
  next<T>(page: CursorPage<T>): PagePromise<T> | undefined {
    if (!page.hasNextPage()) return undefined;
    const cursor = page.next_cursor;
    this.#empty = page.data.length === 0 ? this.#empty + 1 : 0;
    if (this.#empty >= EMPTY_PAGES_LIMIT) {
      return rejectedPage(
        new GatewayError(
          `${EMPTY_PAGES_LIMIT} empty pages in a row said has_more: stopping. The last cursor is in error.cursor.`,
        ),
        cursor,
      );
    }
    if (
      cursor !== null &&
      cursor !== afterOf(page) &&
      (cursor === this.#mark || this.#recent.includes(cursor))
    ) {
      return rejectedPage(
        new GatewayError(
          `The list cursor came back to ${quoted(cursor)}, already followed in this walk: ` +
            `the service is sending the same pages in a circle; stopping instead of walking them forever.`,
        ),
      );
    }
    if (this.#recent.push(cursor) > RECENT_CURSORS) this.#recent.shift();
    if (++this.#steps === this.#power) {
      this.#mark = cursor;
      this.#steps = 0;
      this.#power *= 2;
    }
    return walkOn(page);
  }
}

const DONE: IteratorReturnResult<void> = Object.freeze({ done: true, value: undefined });

/**
 * Marks an error raised while fetching the page after `cursor` with that cursor, so a long walk
 * that fails halfway (a timeout on page 300) can resume where it stopped instead of from the start:
 * `list({ ...filters, after: error.cursor })`.
 */
function resumable(error: unknown, cursor: string | null | undefined): unknown {
  if (!(error instanceof GatewayError) || guardErrors.has(error) || typeof cursor !== 'string') return error;
  if (error.cursor !== undefined) return error;
  error.cursor = cursor;
  error.message +=
    ` The list walk stopped before the page after ${quoted(cursor)}: ` +
    `to resume, list again with after: ${cursor.length > 100 ? 'error.cursor' : `"${cursor}" (error.cursor)`}.`;
  return error;
}

/**
 * Walks items page by page, holding the page being read and nothing before it. Written by hand
 * rather than as an async generator: a suspended generator keeps whatever its registers last held,
 * and V8 was seen keeping an old page alive that way for a whole walk (bench/RESULTS.md); it is
 * also lighter per item (one settled promise instead of a generator's queue).
 */
class ItemIterator<T> implements AsyncGenerator<T, void, undefined> {
  #page: CursorPage<T> | undefined;
  /** The first page, until it has arrived (then dropped, so the PagePromise can be collected). */
  #first: PromiseLike<CursorPage<T>> | undefined;
  #index = 0;
  #done = false;
  #walk: Walk | undefined;
  /** The cursor of the page being fetched (undefined for the first page: resuming is starting again). */
  #cursor: string | null | undefined;
  /** The step in progress when it has to wait for a page; later calls queue behind it. */
  #pending: Promise<IteratorResult<T, void>> | undefined;

  constructor(start: CursorPage<T> | PromiseLike<CursorPage<T>>) {
    if (start instanceof CursorPage) {
      this.#page = start;
      this.#walk = new Walk(start);
    } else {
      this.#first = start;
    }
  }

  next(): Promise<IteratorResult<T, void>> {
    if (this.#pending)
      return this.#pending.then(
        () => this.next(),
        () => this.next(),
      );
    if (this.#done) return Promise.resolve(DONE);
    const page = this.#page;
    if (page && this.#index < page.data.length)
      return Promise.resolve({ done: false, value: page.data[this.#index++] as T });
    const pending = this.#load().finally(() => {
      this.#pending = undefined;
    });
    this.#pending = pending;
    return pending;
  }

  async #load(): Promise<IteratorResult<T, void>> {
    try {
      for (;;) {
        const next = this.#advance();
        if (!next) return DONE;
        const page = await next;
        this.#walk ??= new Walk(page);
        this.#page = page;
        this.#index = 0;
        if (this.#index < page.data.length) return { done: false, value: page.data[this.#index++] as T };
      }
    } catch (error) {
      this.#finish();
      throw resumable(error, this.#cursor);
    }
  }

  /** Drops the page just read and starts fetching the one after it (undefined at the end). */
  #advance(): PromiseLike<CursorPage<T>> | undefined {
    const first = this.#first;
    if (first) {
      this.#first = undefined;
      return first;
    }
    const page = this.#page;
    this.#page = undefined;
    this.#cursor = page?.next_cursor;
    const next = page && this.#walk?.next(page);
    if (!next) this.#finish();
    return next;
  }

  #finish(): void {
    this.#done = true;
    this.#page = undefined;
    this.#first = undefined;
  }

  return(): Promise<IteratorResult<T, void>> {
    this.#finish();
    return Promise.resolve(DONE);
  }

  throw(error: unknown): Promise<IteratorResult<T, void>> {
    this.#finish();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/** This page and every page after it (`CursorPage.iterPages`). */
async function* walkPages<T>(first: CursorPage<T>): AsyncGenerator<CursorPage<T>, void, undefined> {
  const walk = new Walk(first);
  yield first;
  let cursor = first.next_cursor;
  let next = walk.next(first);
  while (next) {
    let page: CursorPage<T>;
    try {
      page = await next;
    } catch (error) {
      throw resumable(error, cursor);
    }
    yield page;
    cursor = page.next_cursor;
    next = walk.next(page);
  }
}

/** The walk the engine installs (`installWalker`). */
export const WALKER: Walker = { items: (start) => new ItemIterator(start), pages: walkPages };
