// Runs before every test file (vitest.config.ts `setupFiles`). Files share their worker's modules
// (`isolate: false`), so a file that fails halfway must not hand the next one fake timers or a spy
// on a global.
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
