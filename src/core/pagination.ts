// Cursor pagination over the API's `has_more` and `next_cursor`. A page knows how to fetch the next one with
// the same filters, and holds no reference to the pages before it, so walking a list of any
// length keeps one page in memory (two while the PagePromise's first page is still referenced).
// The walk itself (core/page-walk.ts) loads with the engine, which every page comes from.
import { APIPromise, type WithResponse } from './api-promise.js';
import { ValidationError } from './client-errors.js';
import { GatewayError } from './errors.js';
import { cleanText } from './text.js';

/** A cursor as a message quotes it: cleaned and cut to 100 characters (whole in `error.cursor`). */
export const quoted = (cursor: string): string => `"${cleanText(cursor, 100)}"`;

/** Reads a page's private `after`; set by CursorPage's static block. */
export let afterOf: (page: CursorPage<unknown>) => string | undefined;

/** Walks to the page after `page`; set by CursorPage's static block. */
export let walkOn: <T>(page: CursorPage<T>) => PagePromise<T>;

/** The walk's own guards (cursor loops): resuming from their cursor would only loop again. */
export const guardErrors = new WeakSet<object>();

/** What walks a list: core/page-walk.ts, which the engine installs when it loads. */
export interface Walker {
  /** Every item from `start` on. */
  items<T>(start: CursorPage<T> | PromiseLike<CursorPage<T>>): AsyncGenerator<T, void, undefined>;
  /** `page` and every page after it. */
  pages<T>(page: CursorPage<T>): AsyncGenerator<CursorPage<T>, void, undefined>;
}

/** The walk, once the engine has installed it: before that no page exists, only a PagePromise. */
let walker: Walker | undefined;

/** Installs the walk (resources/engine.ts, when it loads). */
export function installWalker(walk: Walker): void {
  walker = walk;
}

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
  declare readonly data: T[];
  /** Whether the service has more items after this page. */
  declare readonly has_more: boolean;
  /** The cursor of the next page, or null on the last. */
  declare readonly next_cursor: string | null;
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
    // Plain assignment: a key not `in this` meets no setter (`__proto__` is in it, so is skipped).
    for (const key of Object.keys(wire))
      if (!(key in this)) (this as Record<string, unknown>)[key] = (wire as Record<string, unknown>)[key];
  }

  /** Whether another page follows (`has_more`). */
  hasNextPage(): boolean {
    return this.has_more;
  }

  /** Fetches the next page with the same filters, `after` set to this page's `next_cursor`. */
  getNextPage(): PagePromise<T> {
    return this.#next();
  }

  /** `walk`: a walk's own fetch (`PageFetcher`). */
  #next(walk?: true): PagePromise<T> {
    const next = this.next_cursor;
    if (!this.has_more)
      return rejectedPage(
        new GatewayError(
          'This is the last page (has_more is false); check hasNextPage() before getNextPage().',
        ),
      );
    if (!next || next === this.#after) {
      // A service bug here would otherwise turn `for await` into an endless loop of the same page.
      return rejectedPage(
        new GatewayError(
          `The list cursor did not advance (has_more is true but next_cursor is ` +
            `${next ? `still ${quoted(next)}` : 'empty'}); ` +
            `stopping instead of fetching the same page forever.`,
        ),
      );
    }
    return this.#fetch(next, walk);
  }

  /** This page and every page after it. */
  iterPages(): AsyncGenerator<CursorPage<T>, void, undefined> {
    return walking().pages(this);
  }

  static {
    afterOf = (page) => page.#after;
    walkOn = (page) => page.#next(true);
  }

  /** Every item from this page on, fetching pages as needed. */
  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return walking().items(this);
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
    return walker?.items(this) ?? coldItems(this);
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
    // Number.isInteger is false for anything but a number.
    if (!Number.isInteger(max) || max < 1) {
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

/** The walk; only a page built by hand, before any list loaded it, finds none. */
function walking(): Walker {
  if (!walker) throw new GatewayError('Get pages from list(), which loads their walk.');
  return walker;
}

/**
 * The items of a list whose engine (and so its walk) is still loading: waits for the first page,
 * by when the engine is in, and hands over to the walk. `list` is let go of then, so the first page
 * is not kept for the whole walk. A load that failed ends it with that error.
 */
async function* coldItems<T>(list: PagePromise<T>): AsyncGenerator<T, void, undefined> {
  await list.then(undefined, (error: unknown) => {
    if (!walker) throw error;
  });
  const items = walking().items(list);
  // A suspended generator keeps its locals (page-walk.ts says why the walk is no generator).
  (list as unknown) = undefined;
  yield* items;
}

/** A page promise that fails with `error`, one of the walk's own guards, carrying `cursor`. */
export function rejectedPage<T>(error: GatewayError, cursor?: string | null): PagePromise<T> {
  guardErrors.add(error);
  if (cursor) error.cursor = cursor;
  return new PagePromise<T>(() => Promise.reject(error));
}
