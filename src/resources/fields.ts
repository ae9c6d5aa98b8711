// Request field rules every area shares, from api-reference.md's Limits.
import { intRange } from '../internal/schema.js';
import { LIMITS } from '../limits.js';

/** A list page size: 1 to 100. */
export const pageLimit = intRange(LIMITS.pageSize.min, LIMITS.pageSize.max);
