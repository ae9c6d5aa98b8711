// Cursor pagination as sdk-contract.md describes it. A page knows how to fetch the next one with
// the same filters, and holds no reference to the pages before it, so walking a list of any
// length keeps one page in memory (two while the PagePromise's first page is still referenced).
import * as z from 'zod/mini';
import { APIPromise } from './api-promise.js';
import { GatewayError, ValidationError } from './errors.js';
import type { WithResponse } from './request.js';

/** The list wrapper on the wire: `data`, `has_more`, `next_cursor` (plus `object` on some lists). */
export function cursorPageSchema<S extends z.ZodMiniType>(item: S) {
  return z.looseObject({
    data: z.array(item),
    has_more: z.boolean(),
    // The reference gives it as string or null; a missing one is read as null.
    next_cursor: z.optional(z.nullable(z.string())),
  });
}

/** Fetches the page that starts after `after` (the first page when undefined). */
export type PageFetcher<T> = (after: string | undefined) => PagePromise<T>;

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

  /** Built by the SDK from a parsed list body. */
  constructor(wire: { data: T[]; has_more: boolean; next_cursor?: string | null | undefined }, after: string | undefined, fetch: PageFetcher<T>) {
    this.data = wire.data;
    this.has_more = wire.has_more;
    this.next_cursor = wire.next_cursor ?? null;
    this.#after = after;
    this.#fetch = fetch;
  }

  /** Whether another page follows (`has_more`). */
  hasNextPage(): boolean {
    return this.has_more;
  }

  /** Fetches the next page with the same filters, `after` set to this page's `next_cursor`. */
  getNextPage(): PagePromise<T> {
    const next = this.next_cursor;
    if (!this.has_more) return rejectedPage(new GatewayError('This is the last page (has_more is false); check hasNextPage() before getNextPage().'));
    if (next === null || next === '' || next === this.#after) {
      // A service bug here would otherwise turn `for await` into an endless loop of the same page.
      return rejectedPage(
        new GatewayError(
          `The list cursor did not advance (has_more is true but next_cursor is ${next === null || next === '' ? 'empty' : `still "${next}"`}); stopping instead of fetching the same page forever.`,
        ),
      );
    }
    return this.#fetch(next);
  }

  /** This page and every page after it. */
  async *iterPages(): AsyncGenerator<CursorPage<T>, void, undefined> {
    yield this;
    let next = this.hasNextPage() ? this.getNextPage() : undefined;
    while (next !== undefined) {
      const page = await next;
      yield page;
      next = page.hasNextPage() ? page.getNextPage() : undefined;
    }
  }

  /** Every item from this page on, fetching pages as needed. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}

/**
 * What `list()` returns: await it for the first page, or `for await` it for every item.
 *
 * @example for await (const message of client.sms.messages.list({ status: 'failed' })) console.log(message.id)
 */
export class PagePromise<T> extends APIPromise<CursorPage<T>> implements AsyncIterable<T> {
  /** A list is a query: nothing is sent until it is awaited or iterated, so `toArray({ max })` can refuse a bad `max` first. */
  constructor(start: () => Promise<WithResponse<CursorPage<T>>>) {
    super(start, true);
  }

  /** Every item across all pages. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    yield* await this;
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
      throw new ValidationError('toArray({ max }) needs max as a positive integer: the most items to collect.', [
        { path: ['max'], message: 'must be a positive integer' },
      ]);
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

function rejectedPage<T>(error: GatewayError): PagePromise<T> {
  return new PagePromise<T>(() => Promise.reject(error));
}
