// Debian's redis-server (.ci/run installs it) on 127.0.0.1 at a free port, without persistence, for
// the tests and scripts that need a real Redis; stop() ends it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

export interface RedisServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startOnce(): Promise<RedisServer> {
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (/Ready to accept connections/.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) =>
      reject(new Error(`redis-server could not start (${error.message}): apt-get install -y redis-server`)),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Starts redis-server; a port taken between the probe and the start gets one more try. */
export async function startRedisServer(): Promise<RedisServer> {
  try {
    return await startOnce();
  } catch {
    return startOnce();
  }
}
