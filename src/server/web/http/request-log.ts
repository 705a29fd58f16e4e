import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import pino from 'pino';
import type { Config } from '../../config';
import { noteRequestAnswered } from '../../platform/give-way';
import { serializeError } from '../../platform/log-errors';

/** A request slower than this is logged as a warning, whatever LOG_LEVEL says. */
const SLOW_REQUEST_MS = 1000;
/** Log lines are written in chunks of this size, or after LOG_FLUSH_MS when fewer are waiting. */
const LOG_WRITE_BYTES = 4096;
const LOG_FLUSH_MS = 1000;
/**
 * The most log output held for a standard output that is not being read (a stalled pipe, a log
 * shipper gone away); past it, lines are dropped and counted, and a warning saying how many goes
 * out with the next lines written. Without a bound a stalled reader grows the process until it
 * runs out of memory (seen under load with a pipe nobody drained: hundreds of MB in seconds).
 */
export const LOG_BACKLOG_BYTES = 8 * 1024 * 1024;

/** Fastify's logger, request ids and request logging, for createApp. */
export function requestLogOptions(
  config: Config,
  options: { logger?: FastifyServerOptions['logger']; logStream?: NodeJS.WritableStream },
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  return {
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: {
        // A failed query's parameters (visitors' data) never reach the logs.
        err: serializeError,
        // Signed upload URLs and e-mailed tokens never reach the logs.
        req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
          method: req.method,
          url: req.url.replace(/([?&](?:signature|token)=)[^&]*/g, '$1[redacted]'),
          remoteAddress: req.ip,
        }),
      },
      // Written asynchronously (pino's SonicBoom writes in the background and on exit), so a
      // request never waits for the terminal or a log shipper's pipe; lines are gathered into
      // writes of 4 KB or a second's worth, whichever comes first: fewer write calls on the
      // server's thread and into a log shipper's pipe.
      stream: options.logStream ?? standardOutput(),
    },
    // One line per completed request (below) instead of Fastify's 'incoming request' and
    // 'request completed' pair: half the log volume, and the line has what an operator needs.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => requestIdOf(req.headers),
  };
}

/** The caller's X-Request-Id when it is a plain token, else a new one. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

export interface RequestLine {
  method: string;
  /** Without its query, where signatures and tokens travel. */
  path: string;
  status: number;
  ms: number;
}

/**
 * The one line a request leaves in the log; server errors and slow answers are warnings, so
 * LOG_LEVEL=warn still shows them. Fastify's req.log names the request id itself; a line written
 * without it (a cached answer written before routing) passes reqId.
 */
export function logRequest(
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn'>,
  line: RequestLine & { reqId?: string },
  /** A route whose answers below 400 are logged at debug (its config's quietSuccess). */
  quietSuccess = false,
): void {
  // Background work gives way while visitors keep the server busy (platform/give-way.ts).
  noteRequestAnswered();
  if (line.status >= 500 || line.ms >= SLOW_REQUEST_MS) log.warn(line, 'request');
  else if (quietSuccess && line.status < 400) log.debug(line, 'request');
  else log.info(line, 'request');
}

/**
 * Every answer names its request id; the log has one line per request. The hooks on every request
 * (here, security-headers.ts, error-handler.ts) take a callback rather than being async: each async
 * hook costs a promise and a turn of the microtask queue on every request, cached reads included.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header('X-Request-Id', req.id);
    done();
  });

  // The request log: method, path, status and time; the request id comes with req.log.
  app.addHook('onResponse', (req, reply, done) => {
    logRequest(
      req.log,
      {
        method: req.method,
        path: req.originalUrl.split('?', 1)[0]!,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      req.routeOptions.config?.quietSuccess === true,
    );
    done();
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route a browser calls on every page (the page-view beacon): its answers below 400 are
     * logged at debug, not info. At thousands a second they were most of the log and 4.7% of the
     * server thread's profile (docs/decisions/0026-one-way-to-answer-a-beacon.md); its refusals,
     * server errors and slow answers are logged as every request's are.
     */
    quietSuccess?: boolean;
  }
}

interface LineSink {
  write(chunk: string): unknown;
  flushSync(): void;
  /** SonicBoom's 'drop': a write refused because its backlog is at maxLength. */
  on?(event: 'drop', listener: (data: string) => void): unknown;
}

const countLines = (text: string) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/**
 * Log lines gathered in an array and handed to the destination LOG_WRITE_BYTES at a time, or every
 * LOG_FLUSH_MS, and all of them when the process ends (a crash included: 'exit' is emitted after
 * an uncaught exception). SonicBoom can gather lines itself (minLength), but it measures the bytes
 * of its whole growing buffer on every line, which flattens that string each time, a share of a
 * cached read's time that an array does not cost (docs/bench/2026-11-27-cached-reads.md). Lines
 * the destination drops (its backlog full) are counted, and the count is written as a warning ahead
 * of the next chunk, so the log says what it is missing.
 */
export function gatheredLines(
  sink: LineSink,
  { minBytes = LOG_WRITE_BYTES, flushMs = LOG_FLUSH_MS }: { minBytes?: number; flushMs?: number } = {},
) {
  let lines: string[] = [];
  let length = 0;
  let dropped = 0;
  // The chunk being handed over and the count its warning carries: a dropped chunk that carried
  // one gives that count back, and its warning line is not counted as a lost line.
  let writing: { chunk: string; told: number } | undefined;
  sink.on?.('drop', (data) => {
    const own = writing?.chunk === data ? writing.told : 0;
    dropped += countLines(data) - (own > 0 ? 1 : 0) + own;
  });
  const handOver = () => {
    if (lines.length === 0) return;
    const told = dropped;
    const warning = told
      ? `${JSON.stringify({ level: 40, time: Date.now(), dropped: told, msg: 'log lines dropped: standard output was not read in time' })}\n`
      : '';
    const chunk = warning + lines.join('');
    lines = [];
    length = 0;
    dropped = 0;
    writing = { chunk, told };
    sink.write(chunk);
    writing = undefined;
  };
  const timer = setInterval(handOver, flushMs);
  timer.unref();
  // Ahead of pino's own handlers for the destination (which flush it on 'beforeExit' and 'exit'):
  // the gathered lines reach it before it writes its last.
  process.prependListener('beforeExit', handOver);
  process.prependListener('exit', handOver);
  return {
    write(line: string): boolean {
      lines.push(line);
      length += line.length;
      if (length >= minBytes) handOver();
      return true;
    },
    /** pino's logger.flush(): what is gathered goes to the destination now. */
    flush(callback?: (error?: Error) => void): void {
      handOver();
      callback?.();
    },
    flushSync(): void {
      handOver();
      sink.flushSync();
    },
  };
}

let stdout: ReturnType<typeof gatheredLines> | undefined;
/** One gatherer for the process's standard output, however many apps it creates (tests do). */
function standardOutput() {
  return (stdout ??= gatheredLines(pino.destination({ dest: 1, sync: false, maxLength: LOG_BACKLOG_BYTES })));
}

/** Logs a procedure's unexpected failure (the client gets the one error shape without details). */
export function logProcedureFailure(app: FastifyInstance) {
  return ({ error, path }: { error: { code: string; cause?: unknown }; path?: string }): void => {
    if (error.code === 'INTERNAL_SERVER_ERROR')
      app.log.error({ err: error.cause ?? error, procedure: path }, 'procedure failed');
  };
}
