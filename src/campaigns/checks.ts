// What createAll checks with zod, loaded by its first call (create-all.ts) the way the client loads
// its schemas with its first request: importing gateway-sdk/campaigns loads no zod, and the
// schemas are the ones `client.sms.bulk.create` uses, shared with the client's own chunk.
export { describeIssue, parseInput, safeParse } from '../internal/schema.js';
export { phone } from '../resources/models/sms-fields.js';
export { BulkCreateParamsSchema } from '../resources/models/sms.js';
