// Cursor pagination over the API's `has_more` and `next_cursor`. A page knows how to fetch the next one with
// the same filters, and holds no reference to the pages before it, so walking a list of any
// length keeps one page in memory (two while the PagePromise's first page is still referenced).
import { APIPromise, type WithResponse } from './api-promise.js';
import { ValidationError } from './client-errors.js';
import { GatewayError } from './errors.js';
import { cleanText } from './text.js';

/** A cursor as a message quotes it: cleaned and cut to 100 characters (whole in `error.cursor`). */
const quoted = (cursor: string): string => `"${cleanText(cursor, 100)}"`;

/** Reads a page's private `after`; set by CursorPage's static block. */
let afterOf: (page: CursorPage<unknown>) => string | undefined;

/** Walks to the page after `page`; set by CursorPage's static block. */
let walkOn: <T>(page: CursorPage<T>) => PagePromise<T>;

/**
 * Fetches the page that starts after `after` (the first page when undefined). `walk`: a walk's own
 * fetch, whose promise is never handed out, so nothing can ask it for the response.
 */
export type PageFetcher<T> = (after: string | undefined, walk?: boolean) => PagePromise<T>;

/**
 * One page of a cursor-paginated list.
 *
 * @example
 * let page = await client.sms.messages.list({ limit: 100 })
 * while (page.hasNextPage()) page = await page.getNextPage()
 */
export class CursorPage<T> implements AsyncIterable<T> {
  /** The items of this page. */
  readonly data: T[];
  /** Whether the service has more items after this page. */
  readonly has_more: boolean;
  /** The cursor of the next page, or null on the last. */
  readonly next_cursor: string | null;
  readonly #after: string | undefined;
  readonly #fetch: PageFetcher<T>;

  /**
   * Built by the SDK from a parsed list body. The wrapper's other fields (`object`, a `total_count`
   * the service adds) are kept on the page untyped, as an item keeps its own: reach one with
   * `'total_count' in page`. A name the page already has (a method) is not overwritten.
   */
  constructor(
    wire: { data: T[]; has_more: boolean; next_cursor?: string | null | undefined },
    after: string | undefined,
    fetch: PageFetcher<T>,
  ) {
    this.data = wire.data;
    this.has_more = wire.has_more;
    this.next_cursor = wire.next_cursor ?? null;
    this.#after = after;
    this.#fetch = fetch;
    for (const key of Object.keys(wire))
      if (!(key in this))
        Object.defineProperty(this, key, {
          value: (wire as Record<string, unknown>)[key],
          enumerable: true,
          writable: true,
          configurable: true,
        });
  }

  /** Whether another page follows (`has_more`). */
  hasNextPage(): boolean {
    return this.has_more;
  }

  /** Fetches the next page with the same filters, `after` set to this page's `next_cursor`. */
  getNextPage(): PagePromise<T> {
    return this.#next(false);
  }

  #next(walk: boolean): PagePromise<T> {
    const next = this.next_cursor;
    if (!this.has_more)
      return rejectedPage(
        new GatewayError(
          'This is the last page (has_more is false); check hasNextPage() before getNextPage().',
        ),
      );
    if (next === null || next === '' || next === this.#after) {
      // A service bug here would otherwise turn `for await` into an endless loop of the same page.
      return rejectedPage(
        new GatewayError(
          `The list cursor did not advance (has_more is true but next_cursor is ` +
            `${next === null || next === '' ? 'empty' : `still ${quoted(next)}`}); ` +
            `stopping instead of fetching the same page forever.`,
        ),
      );
    }
    return this.#fetch(next, walk);
  }

  /** This page and every page after it. */
  async *iterPages(): AsyncGenerator<CursorPage<T>, void, undefined> {
    const walk = startWalk(this);
    yield this;
    let cursor = this.next_cursor;
    let next = nextPage(this, walk);
    while (next !== undefined) {
      let page: CursorPage<T>;
      try {
        page = await next;
      } catch (error) {
        throw resumable(error, cursor);
      }
      yield page;
      cursor = page.next_cursor;
      next = nextPage(page, walk);
    }
  }

  static {
    afterOf = (page) => page.#after;
    walkOn = (page) => page.#next(true);
  }

  /** Every item from this page on, fetching pages as needed. */
  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return new ItemIterator<T>(this);
  }
}

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
interface Walk {
  recent: (string | undefined)[];
  /** The cursor a later one is compared with; moved forward at each power of two. */
  mark: string | undefined;
  /** Steps since `mark` was set, and the distance at which it moves next. */
  steps: number;
  power: number;
  empty: number;
}

function startWalk(page: CursorPage<unknown>): Walk {
  const after = afterOf(page);
  return { recent: [after], mark: after, steps: 0, power: 1, empty: 0 };
}

/**
 * The page after `page` in this walk, or undefined at the end. A cursor that comes back means the
 * service sends the walk round in a circle (A, B, A, …), which the check in getNextPage() cannot
 * see. A circle of up to RECENT_CURSORS pages stops before any page is fetched twice; Brent's
 * algorithm finds a longer one within about twice its length plus the pages before it.
 */
function nextPage<T>(page: CursorPage<T>, walk: Walk): PagePromise<T> | undefined {
  if (!page.hasNextPage()) return undefined;
  const cursor = page.next_cursor;
  walk.empty = page.data.length === 0 ? walk.empty + 1 : 0;
  if (walk.empty >= EMPTY_PAGES_LIMIT) {
    return rejectedPage(
      new GatewayError(
        `${EMPTY_PAGES_LIMIT} empty pages in a row said has_more: stopping. The last cursor is in error.cursor.`,
      ),
      cursor,
    );
  }
  if (cursor !== null && cursor !== afterOf(page) && (cursor === walk.mark || walk.recent.includes(cursor))) {
    return rejectedPage(
      new GatewayError(
        `The list cursor came back to ${quoted(cursor)}, already followed in this walk: ` +
          `the service is sending the same pages in a circle; stopping instead of walking them forever.`,
      ),
    );
  }
  if (walk.recent.push(cursor ?? undefined) > RECENT_CURSORS) walk.recent.shift();
  if (++walk.steps === walk.power) {
    walk.mark = cursor ?? undefined;
    walk.steps = 0;
    walk.power *= 2;
  }
  return walkOn(page);
}

const DONE: IteratorReturnResult<void> = Object.freeze({ done: true, value: undefined });

/** The walk's own guards (cursor loops): resuming from their cursor would only loop again. */
const guardErrors = new WeakSet<object>();

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
      this.#walk = startWalk(start);
    } else {
      this.#first = start;
    }
  }

  next(): Promise<IteratorResult<T, void>> {
    if (this.#pending !== undefined)
      return this.#pending.then(
        () => this.next(),
        () => this.next(),
      );
    if (this.#done) return Promise.resolve(DONE);
    const page = this.#page;
    if (page !== undefined && this.#index < page.data.length)
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
        if (next === undefined) return DONE;
        const page = await next;
        this.#walk ??= startWalk(page);
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
    if (first !== undefined) {
      this.#first = undefined;
      return first;
    }
    const page = this.#page;
    this.#page = undefined;
    this.#cursor = page?.next_cursor;
    const next = page === undefined || this.#walk === undefined ? undefined : nextPage(page, this.#walk);
    if (next === undefined) this.#finish();
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

/**
 * What `list()` returns: await it for the first page, or `for await` it for every item.
 *
 * @example for await (const message of client.sms.messages.list({ status: 'failed' })) console.log(message.id)
 */
export class PagePromise<T> extends APIPromise<CursorPage<T>> implements AsyncIterable<T> {
  /**
   * A list is a query: nothing is sent until it is awaited or iterated, so `toArray({ max })` can refuse
   * a bad `max` first.
   */
  constructor(start: () => Promise<WithResponse<CursorPage<T>>>) {
    super(start, true);
  }

  /** Every item across all pages; the first page is let go once the walk has moved past it. */
  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return new ItemIterator<T>(this);
  }

  /** Every page, starting with the first. */
  async *iterPages(): AsyncGenerator<CursorPage<T>, void, undefined> {
    yield* (await this).iterPages();
  }

  /**
   * Collects at most `max` items; `max` is required so nobody loads an unbounded list by accident.
   *
   * @example const latest = await client.sms.messages.list().toArray({ max: 500 })
   */
  async toArray(options: { max: number }): Promise<T[]> {
    const max = options?.max;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) {
      throw new ValidationError(
        'toArray({ max }) needs max as a positive integer: the most items to collect.',
        [{ path: ['max'], message: 'must be a positive integer' }],
      );
    }
    const items: T[] = [];
    for await (const page of this.iterPages()) {
      for (const item of page.data) {
        items.push(item);
        if (items.length >= max) return items;
      }
    }
    return items;
  }
}

function rejectedPage<T>(error: GatewayError, cursor?: string | null): PagePromise<T> {
  guardErrors.add(error);
  if (cursor) error.cursor = cursor;
  return new PagePromise<T>(() => Promise.reject(error));
}
