// Starts bench/server.ts in a child process and hands back its URL.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export async function startServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./server.ts', import.meta.url).pathname],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url,
    stop: () => {
      child.stdin.end();
      child.kill();
    },
  };
}
