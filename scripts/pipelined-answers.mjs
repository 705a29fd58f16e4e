// HTTP/1.1 answers read off a socket that pipelines its requests, for the load senders that need
// every answer's status (scripts/bench-steady.mjs, tests/helpers/beacon-load.ts): autocannon
// gives no headers, and a client library would not pipeline.

/**
 * A socket's 'data' listener that calls onAnswer(status, head) for each whole answer, in order
 * (bodies are skipped by their Content-Length).
 */
export function answersOf(onAnswer) {
  let buffered = Buffer.alloc(0);
  return (data) => {
    buffered = buffered.length ? Buffer.concat([buffered, data]) : data;
    for (;;) {
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const head = buffered.subarray(0, headEnd).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < headEnd + 4 + length) return;
      buffered = buffered.subarray(headEnd + 4 + length);
      onAnswer(Number(head.slice(9, 12)), head);
    }
  };
}
