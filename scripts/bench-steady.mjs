// A steady sender of page-view beacons for the bench, in its own process: `rate` requests a second
// spread evenly over `connections` keep-alive connections (each sends every connections/rate
// seconds, the connections staggered), open loop: a request is sent when it is due whether or not
// the one before it on its connection has been answered (HTTP/1.1 pipelining), and its time is
// counted from when it was due, so a stall of the server or of this sender is measured, never
// hidden. This is what "5,000 a second" means; autocannon's overallRate is not that: each
// connection sends its share of a second back to back as fast as answers come, then waits for the
// next second (autocannon/lib/httpClient.js), and its correction for coordinated omission assumes
// one request a millisecond per connection (lib/run.js), so every answer slower than 1 ms is
// recorded again at each millisecond below it (docs/bench/2026-11-27-beacon-cost.md).
//
// With `startAt` (a wall-clock time, ms since the epoch) it starts then instead of at once, and with
// `slice` (seconds) it sends only in every other slice from the start, the first, third and so on:
// the bench alternates reads beside beacons with reads alone that way (scripts/bench-autocannon.mjs).
//
// Usage: node scripts/bench-steady.mjs '{"port":3000,"rate":5000,"seconds":5,"connections":50}'
// With `prefetch`, each beacon says it comes from a prefetch (Sec-Purpose): the server takes it, parses
// it and answers 202 like any other, but counts nothing: the bench's measure of counting apart from
// taking the request.
//
// Prints JSON: { sent, answered, accepted, errors, non2xx, statuses, p50, p99, p999, max } (times in
// ms; `accepted` the answers 202, `statuses` every status answered with its count).
import net from 'node:net';
import { answersOf } from './pipelined-answers.mjs';

const {
  port,
  rate,
  seconds,
  connections = 50,
  path = '/api/analytics/view',
  startAt,
  slice,
  prefetch = false,
} = JSON.parse(process.argv[2]);
const body = JSON.stringify({
  u: '/blog?utm_source=newsletter&utm_medium=email',
  r: 'https://www.google.com/',
  w: 1366,
});
// A new visitor on every request (the user agent carries the request's number): the writer's worst case.
const userAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 bench/';
const requestHead = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: ${userAgent}`;
const requestTail = `${prefetch ? '\r\nSec-Purpose: prefetch' : ''}\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const requestFor = (n) => `${requestHead}${n}${requestTail}`;

const interval = (connections / rate) * 1000;
const latencies = [];
let sent = 0;
let errors = 0;
let non2xx = 0;
let accepted = 0;
const statuses = {};
let open = connections;
const start = performance.now() + (startAt === undefined ? 200 : startAt - Date.now());
/** Whether a request due at `at` falls in a slice that sends (all do without `slice`). */
const sends = (at) => slice === undefined || Math.floor((at - start) / (slice * 1000)) % 2 === 0;
const end = start + seconds * 1000;
const sockets = [];
// Answers still missing 15 s after the last request was due are errors, not a hang.
setTimeout(() => sockets.forEach((s) => s.destroy()), seconds * 1000 + 15_000).unref();

for (let c = 0; c < connections; c++) {
  const socket = net.connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.setNoDelay(true);
  const due = [];
  socket.on(
    'data',
    answersOf((status) => {
      if (status < 200 || status > 299) non2xx++;
      if (status === 202) accepted++;
      statuses[status] = (statuses[status] ?? 0) + 1;
      latencies.push(performance.now() - due.shift());
      if (due.length === 0 && performance.now() >= end) socket.end();
    }),
  );
  socket.on('error', () => errors++);
  socket.on('close', () => {
    errors += due.length;
    if (--open === 0) report();
  });
  socket.on('connect', () => {
    let k = 0;
    const first = start + (c / connections) * interval;
    const tick = () => {
      const at = first + k * interval;
      if (at >= end) {
        if (due.length === 0) socket.end();
        return;
      }
      k++;
      if (sends(at)) {
        due.push(at);
        sent++;
        socket.write(requestFor(sent));
      }
      setTimeout(tick, Math.max(0, first + k * interval - performance.now()));
    };
    setTimeout(tick, Math.max(0, first - performance.now()));
  });
}

function report() {
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0) * 10) / 10;
  process.stdout.write(
    JSON.stringify({
      sent,
      answered: latencies.length,
      accepted,
      errors,
      non2xx,
      statuses,
      p50: at(0.5),
      p99: at(0.99),
      p999: at(0.999),
      max: at(1),
    }),
  );
}
