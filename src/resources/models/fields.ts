// Request field rules every area shares, from the API reference's Limits.
import { intRange } from '../../internal/schema.js';
import { LIMITS } from '../../limits.js';

/** A list page size: 1 to 100. */
export const pageLimit = intRange(LIMITS.pageSize.min, LIMITS.pageSize.max);
