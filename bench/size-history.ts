// How the browser bundle's size got where it is: the ledger the old decision log used to keep, as
// measured when each change was made (each measured as `npm run size` did then). Appended to the
// "Bundle sizes" section of bench/RESULTS.md; the current figures are the tables above it.
export const SIZE_HISTORY = `### History

Figures are min + gzip 9 of \`{ Client }\`, as \`npm run size\` measured it at the time.

- **Issue 9**: a 20 KB target; ky 1.x itself is about 5 KB and the SDK without it was already 16 KB,
  so the budget moved to 23 KB.
- **Issue 10**: 24 KB (24,576 B). The property-name check, grouped validation messages, \`LIMITS\`,
  the resumable list cursor and the 409 rule cost 1,373 B together (22,677 to 24,050 B); the largest
  shares were the key walk (\`src/internal/schema.ts\`, +1.8 KB before gzip) and \`LIMITS\` (+0.5 KB).
- **Issues 11 and 15**: 27 KB (27,648 B). \`bulk.createAll\`, \`messages.createMany\` and their pool
  were methods of the client, so in every bundle of it (24,062 to 26,369 B); the hardening cost
  1,032 B (the scrubbing of errors and of every header about 830 B, the per-request header rules,
  the body serialized up front, the bounded walk, the jitter): 27,405 B with both merged.
- **Issue 26**: the bounded body reader, the credential's encoded forms, the sanitized cause, clean
  text, the linear 409 check, the \`defaultHeaders\` rules, \`ResponseTooLargeError\` and createMany's
  key guard cost 1,316 B on ky 1 (27,424 to 28,740 B); the body reader about 170 B, the error class
  and the credential forms about 100 B each.
- **Issue 21 (ky 2)**: two budgets, the first chunk and all chunks. Targets 20,480 B and 26,624 B;
  measured 22,671 B and 31,684 B on ky 2 alone (ky 2 is 8,937 B, ky 1.x about 5 KB; zod/mini's
  share of the first chunk about 6.8 KB), then 24,431 B and 33,444 B with that round's other issues
  (issue 26 about 1.3 KB; issue 25's call site, guards and \`withOptions\` about 0.3 KB; the pacer
  option 0.1 KB). CI budgets 25,088 B and 34,304 B. Loading \`createMany\`/\`createAll\` lazily
  then saved 419 B of the first chunk for about 3 KB more in all.
- **Issue 25**: the first chunk went from 24,141 B (1b78386) to 24,409 B; trims won part of it back
  (24,429 B with issue 26's later error-body scrub, 24,453 B after the CPU work on hooks and retries).
- **Issue 33**: the campaigns moved to \`gateway-sdk/campaigns\` (first chunk 24.4 KB to 21.7 KB, all
  33.4 KB to 30.7 KB); then zod/mini, the schemas, the parse code and the call moved into the engine
  that loads with ky on the first request (first load 21.7 KB to 10.0 KB; all chunks 30.7 KB to
  31.8 KB, as code that was one gzip stream is now three). Moving into the engine what only a call
  uses, from files the first load shares with it (the path encoder, the body reader, the logger,
  built on the client's first call), took the first load to 8.1 KB and all chunks to 31.5 KB.
  Budgets 16,384 B and 31,744 B, then 32,768 B for all chunks once the guarantees against a hostile
  server (bounded error bodies, the exact check of valid lists, hooks that never see the key) added
  about 0.9 KB to what the first request loads. The same three chunks gzipped as one file come to
  31,819 B (the "as one file" column, added 2026-11-27): the split the first-load target needs costs
  about 920 B of gzip, as each chunk starts with an empty dictionary, and the unsplit code is itself
  75 B over 31,744 B.`;
