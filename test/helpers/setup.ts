// Runs before every test file (vitest.config.ts `setupFiles`). Files share their worker's modules
// (`isolate: false`), so a file that fails halfway must not hand the next one fake timers or a spy
// on a global.
import { afterAll, vi } from 'vitest';
import { takeKit } from '../../src/internal/engine-kit.js';
import { KIT } from '../../src/internal/kit.js';

// A test may import one of the engine's files without the Client that loads it: hand that file
// what the loader hands the engine (src/internal/kit.ts).
takeKit(KIT);

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
