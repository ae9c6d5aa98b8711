// Cursor pages over a store map. Ordering is "not shown" in the reference; the mock lists newest
// first (created_at, then id, both descending) and `after` is the id of an item of that order.
import { invalid } from './errors.js';

/** One page of a list, as the wire carries it. */
export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

interface Listed {
  id: string;
  created_at: string;
}

/** Newest first: later `created_at` first, then the larger id (ids sort by creation). */
export function newestFirst(a: Listed, b: Listed): number {
  const byTime = Date.parse(b.created_at) - Date.parse(a.created_at);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The page of `limit` items that match `keep`, strictly after the item `after` in list order.
 * The cursor item need not match the filters (its status may have changed since), but it must
 * exist: an unknown cursor is a 400 on `after`. `next_cursor` is the page's last id when
 * `has_more`, else null.
 */
export function paginate<T extends Listed>(
  items: Iterable<T>,
  options: { limit: number; after: string | undefined; keep?: (item: T) => boolean },
): Page<T> {
  const { limit, after, keep = () => true } = options;
  const all = [...items];
  let cursor: T | undefined;
  if (after !== undefined) {
    cursor = all.find((item) => item.id === after);
    if (cursor === undefined)
      throw invalid('after', `must be the id of an item of this list (no item ${JSON.stringify(after)}).`);
  }
  const matching = all
    .filter((item) => (cursor === undefined || newestFirst(cursor, item) < 0) && keep(item))
    .sort(newestFirst);
  const data = matching.slice(0, limit);
  const hasMore = matching.length > limit;
  return { data, has_more: hasMore, next_cursor: hasMore ? (data[data.length - 1]?.id ?? null) : null };
}
