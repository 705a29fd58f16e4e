import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { gatheredLines } from '../../src/server/http/request-log';

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
      import { requestLogOptions } from './src/server/http/request-log.ts';
      import pino from 'pino';
      const { logger } = requestLogOptions({ LOG_LEVEL: 'info' }, {});
      const log = pino({ ...logger, serializers: {} }, logger.stream);
      for (let i = 0; i < 3; i++) log.info({ i }, 'last words');
      ${ending}`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    const said = run.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { i: number; msg: string }).i);
    expect(said, run.stderr).toEqual([0, 1, 2]);
  });
});
