// Runs the edge smoke bundle inside Vercel's edge-runtime (the VM that `next dev` and Vercel use for
// the Edge Runtime), from the directory run.mjs installed it into. Usage: node edge-runtime.mjs
// <bundle.js>, with SMOKE_CONFIG in the environment; prints SMOKE_RESULT <json>.
import { readFileSync } from 'node:fs';
import { EdgeRuntime } from 'edge-runtime';

const runtime = new EdgeRuntime({ initialCode: readFileSync(process.argv[2], 'utf8') });
// What the runtime offers is part of the result: the timeout check is only meaningful without it.
const hasAbortSignalAny = runtime.evaluate('typeof AbortSignal.any === "function"');
const result = await runtime.evaluate(`globalThis.edgeSmoke(${process.env.SMOKE_CONFIG})`);
console.log(`SMOKE_RESULT ${JSON.stringify({ ...result, hasAbortSignalAny })}`);
