// A route's address is its operation's (resources/operations.ts): written there once, read here.
import { type AreaOf, OPERATIONS, type OperationId } from '../../resources/operations.js';

/** The area, method and path of a declared operation, as a route writes them: `:name` per parameter. */
export function declared<Id extends OperationId>(
  id: Id,
): { area: AreaOf<Id>; method: (typeof OPERATIONS)[Id]['method']; path: string } {
  const { method, path } = OPERATIONS[id];
  return {
    area: id.slice(0, id.indexOf('.')) as AreaOf<Id>,
    method,
    path: path.replace(/\{(\w+)\}/g, ':$1'),
  };
}
