import net from 'node:net';
import { answersOf } from '../../scripts/pipelined-answers.mjs';

// Page-view beacons pipelined over keep-alive connections, as `autocannon -p 10` sends them, with
// every answer's status and Retry-After read (autocannon gives neither per answer).

/** What the sender saw: answers by status, and the 503s that came without a Retry-After. */
export interface BeaconLoadResult {
  sent: number;
  statuses: Record<number, number>;
  /** 503 answers without a Retry-After of a whole number of seconds. */
  unavailableWithoutRetryAfter: number;
}

export interface BeaconLoad {
  /** Stops sending, waits for the answers still due (or the connections' end) and reports. */
  stop(): Promise<BeaconLoadResult>;
  /** What has been answered so far, as it stands now. */
  now(): BeaconLoadResult;
}

const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 load/';
const BODY = JSON.stringify({ u: '/blog', r: 'https://www.google.com/', w: 1366 });

/**
 * Sends beacons to 127.0.0.1:port on `connections` connections, each with up to `pipelining`
 * requests unanswered at once; `rate` a second in all when given, else as fast as they are answered.
 * Every request is a new visitor (its user agent carries its number), the writer's worst case.
 */
export function startBeaconLoad(options: {
  port: number;
  connections: number;
  pipelining: number;
  rate?: number;
}): BeaconLoad {
  const result: BeaconLoadResult = { sent: 0, statuses: {}, unavailableWithoutRetryAfter: 0 };
  const request = (n: number) =>
    `POST /api/analytics/view HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\nUser-Agent: ${USER_AGENT}${n}\r\n` +
    `Content-Type: text/plain;charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY}`;
  let stopping = false;
  const closed: Array<Promise<void>> = [];
  const timers: NodeJS.Timeout[] = [];
  const sockets: net.Socket[] = [];
  /** Ends each connection once its last answer is in. */
  const endWhenAnswered: Array<() => void> = [];

  for (let c = 0; c < options.connections; c++) {
    const socket = net.connect(options.port, '127.0.0.1');
    sockets.push(socket);
    socket.setNoDelay(true);
    let waiting = 0;
    const send = () => {
      if (stopping || socket.destroyed || waiting >= options.pipelining) return;
      waiting++;
      socket.write(request(++result.sent));
    };
    socket.on(
      'data',
      answersOf((status, head) => {
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        if (status === 503 && !/\r\nretry-after:\s*\d+\s*(\r\n|$)/i.test(head))
          result.unavailableWithoutRetryAfter++;
        waiting--;
        if (options.rate === undefined) send();
        if (stopping && waiting === 0) socket.end();
      }),
    );
    endWhenAnswered.push(() => {
      if (waiting === 0) socket.end();
    });
    socket.on('error', () => {});
    closed.push(new Promise((resolve) => socket.once('close', () => resolve())));
    socket.on('connect', () => {
      if (options.rate === undefined) {
        for (let i = 0; i < options.pipelining; i++) send();
        return;
      }
      // Each connection sends its share of the rate evenly, staggered against the others.
      const interval = (options.connections / options.rate) * 1000;
      const start = performance.now() + (c / options.connections) * interval;
      let k = 0;
      const tick = () => {
        if (stopping) return;
        send();
        k++;
        timers.push(setTimeout(tick, Math.max(0, start + k * interval - performance.now())));
      };
      timers.push(setTimeout(tick, Math.max(0, start - performance.now())));
    });
  }

  return {
    now: () => ({ ...result, statuses: { ...result.statuses } }),
    async stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      // Answers still missing after 10 s will not come (the server was killed, or is stuck).
      const cutOff = setTimeout(() => sockets.forEach((s) => s.destroy()), 10_000);
      for (const end of endWhenAnswered) end();
      await Promise.all(closed);
      clearTimeout(cutOff);
      return { ...result, statuses: { ...result.statuses } };
    },
  };
}
