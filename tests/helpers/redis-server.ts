import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from './net';

// A private Redis for tests that share state between instances: Debian's redis-server
// (apt-get install redis-server; .ci/run installs it), on a free port of 127.0.0.1, nothing saved
// to disk. REDIS_SERVER_BIN names another binary.

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: a Redis that went away) and waits for it to be gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export function findRedisServer(): string {
  const bin = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
  if (!fs.existsSync(bin))
    throw new Error(`${bin} not found: apt-get install redis-server, or set REDIS_SERVER_BIN`);
  return bin;
}

/** Whether something answers PING on the port. */
async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const bin = findRedisServer();
  const port = await freePort();
  let child: ChildProcess | null = null;
  const launch = async () => {
    child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    restart: launch,
    stop: kill,
  };
}
