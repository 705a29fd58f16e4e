import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { gatheredLines } from '../../src/server/web/http/request-log';
import { scaled } from '../helpers/timeouts';

function sink() {
  const writes: string[] = [];
  return { writes, write: (chunk: string) => writes.push(chunk), flushSync: () => {} };
}

describe('log lines', () => {
  it('reach the destination in order, a chunk at a time once enough are gathered', () => {
    const s = sink();
    const lines = gatheredLines(s, { minBytes: 30, flushMs: 60_000 });
    lines.write('{"n":1}\n');
    lines.write('{"n":2}\n');
    expect(s.writes).toEqual([]);
    lines.write('{"n":3}\n');
    lines.write('{"n":4}\n');
    expect(s.writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n']);
    lines.write('{"n":5}\n');
    lines.flushSync();
    expect(s.writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n', '{"n":5}\n']);
  });

  it('reach the destination within the flush interval when few are written', async () => {
    const s = sink();
    const lines = gatheredLines(s, { minBytes: 4096, flushMs: 20 });
    lines.write('{"quiet":true}\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(s.writes).toEqual(['{"quiet":true}\n']);
  });

  // The server's own logger, in a process that logs and ends straight away: by process.exit, by a
  // crash, and by running out of work. Each line still reaches standard output.
  it.each([
    ['process.exit', 'process.exit(0);'],
    ['an uncaught exception', 'throw new Error("boom");'],
    ['an empty event loop', ''],
  ])('are all written when the process ends by %s', (_how, ending) => {
    const script = `
      import { requestLogOptions } from './src/server/web/http/request-log.ts';
      import pino from 'pino';
      const { logger } = requestLogOptions({ LOG_LEVEL: 'info' }, {});
      const log = pino({ ...logger, serializers: {} }, logger.stream);
      for (let i = 0; i < 3; i++) log.info({ i }, 'last words');
      ${ending}`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: scaled(30_000),
    });
    const said = run.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { i: number; msg: string }).i);
    expect(said, run.stderr).toEqual([0, 1, 2]);
  });

  // A standard output nobody reads: the server's own logger in a process logging 100 MB of lines
  // while the pipe is not read. Its memory stays bounded, and once the pipe is read again the log
  // says how many lines it lost: the lines that came through and the count add up to all of them.
  it(
    'are dropped and counted, not held without limit, while standard output is not read',
    async () => {
      const { spawn } = await import('node:child_process');
      const total = 100_000;
      const script = `
    import { requestLogOptions } from './src/server/web/http/request-log.ts';
    import pino from 'pino';
    const { logger } = requestLogOptions({ LOG_LEVEL: 'info' }, {});
    const log = pino({ ...logger, serializers: {} }, logger.stream);
    const padding = 'x'.repeat(1000);
    const before = process.memoryUsage().rss;
    let i = 0;
    const some = () => {
      for (let n = 0; n < 1000 && i < ${total}; n++, i++) log.info({ i, padding }, 'line');
      if (i < ${total}) return setImmediate(some);
      process.stderr.write(JSON.stringify({ grew: process.memoryUsage().rss - before }) + '\\n');
      process.stdin.once('data', () => log.info({ last: true }, 'read again'));
    };
    some();`;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const report = await new Promise<{ grew: number }>((resolve, reject) => {
        let err = '';
        child.stderr.on('data', (d: Buffer) => {
          err += d.toString();
          const line = err.split('\n').find((l) => l.startsWith('{'));
          if (line) resolve(JSON.parse(line) as { grew: number });
        });
        child.on('exit', () => reject(new Error(`ended before logging all: ${err}`)));
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stdin.end('go\n');
      await new Promise((resolve) => child.on('exit', resolve));
      const lines = out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { i?: number; dropped?: number; last?: boolean; level: number });
      const came = lines.filter((l) => l.i !== undefined).length;
      const warnings = lines.filter((l) => l.dropped !== undefined);
      expect(report.grew).toBeLessThan(60 * 1024 * 1024);
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings.every((w) => w.level === 40)).toBe(true);
      expect(came + warnings.reduce((s, w) => s + w.dropped!, 0)).toBe(total);
      expect(lines.at(-1)?.last).toBe(true);
    },
    scaled(60_000),
  );
});
