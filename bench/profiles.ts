// The analysis below comes from profiles taken by hand (node --cpu-prof); it is kept with the
// figures so a reader knows what the time is spent on.
export const PROFILES = `## Profiles

Taken by hand with \`node --cpu-prof\` on the built \`dist/\`: 12,000 \`messages.retrieve\` calls one at a time
against the bench server, and 60,000 calls of each kind to a \`fetch\` that answers at once (the clients'
own work without the network). The machine was shared with other work at the time.

- **With a fetch that answers at once**: bare ky alike ~175 µs per GET and ~241 µs per POST; the SDK
  ~200 µs and ~280 µs. Most of either is ky and undici: ky's \`Request\`, its \`clone()\` for retries (a
  POST tees its body), its \`AbortController\` (Node 20 builds signals as transferable \`EventTarget\`s:
  \`makeTransferable\` alone is 8 % of the process), and the per-call options merge (\`deepMerge\`,
  \`normalizeRetryOptions\`, \`findUnknownOptions\`).
- **What the SDK adds over ky** (self time, share of the whole process over the network): the call
  site (\`new Error()\` in \`_request\`, the largest single item: below); building the
  call and mapping its result (\`Call.run\`, \`send\`); zod's parse of the message ~0.7 %; the body read
  and \`Call.fetch\` ~0.8 %; encoding the path ~0.3 %. \`JSON.parse\` is paid by ky's \`.json()\` as well.
  Cut after these profiles (issue 25): a \`TextDecoder\` built per answer (Node builds an ICU converter
  each time; one shared decoder now serves every one-chunk answer), the host and header re-assertion
  on every attempt (now only with hooks), \`json\` plus \`stringifyJson\` in ky's per-call merge (the
  checked text goes as the body), the area's hooks (ky merges an instance's hooks into every call:
  the instance now has none unless the SDK's own \`beforeRetry\` is needed), and the merge of the
  call's retry options into the instance's (each call now passes the whole of them). ky's merge
  still carries the per-call \`method\`, \`context\`, \`fetch\` and \`retry\`. POST adds input
  validation (zod) and the UUID, which bare ky alike also generates.
- **The call site costs more than a micro-benchmark says**: \`new Error()\` takes 17 to 22 µs in a
  process doing loopback I/O (the same in a bare \`fetch\` loop, and with \`Error.captureStackTrace\`;
  11 µs at two frames) against 3 to 4 µs in a loop without I/O. A build without it uses ~5 % less
  CPU per GET (A/B of the two builds in one process, both orders).
- **Not done, and why**: handing ky a pre-merged options object per area would skip part of ky's merge,
  but ky merges the instance's defaults on every call whatever is passed; reading the body in an
  \`afterResponse\` hook would let ky's timeout stop covering it, and ky clones the response for
  every such hook.
- **Pagination**: a walk of 100,000 messages spent its extra time over a bare-ky loop in zod (each
  message checked against its schema: ~1.2 µs a message on Node 24, zod/mini's object parser
  building its copy); a valid page now passes the exact check (internal/exact-check.ts) with no
  copy, and zod runs only on a fault. What is left is handing out items one promise at a time
  (\`for await\` needs one per item; the bare loop reads the array) and a few µs a page (the call
  object, the cursor guards, the page); the request is ky's.
- **\`createMany\` against a bare-ky pool** (Node 24, 10,000 sends to a \`fetch\` that answers at once,
  CPU): until the pacer's hooks were marked wait-only, every send counted as hooked and paid for a
  copy of its answer and the header re-checks (~5 % of the process); now \`createMany\` costs ~1.04×
  what the same \`messages.create\` calls cost from a hand-written pool, and what is left over bare ky
  is the per-call work of the SDK (zod's input and response checks ~5 %, the call's options for ky,
  whose merge ky pays per call). The pacing hooks, which ky merged per call (five hook lists, twice)
  for a wait only a retry has, are gone from the sends whose first attempt goes at once (issue 51):
  their retries wait in the call's \`shouldRetry\`, and the send costs 0.94× to 0.98× what it did.
  The call's retry options are one list (\`methods\`) and its three functions: ky copied the 103
  retried statuses twice per call.
`;
