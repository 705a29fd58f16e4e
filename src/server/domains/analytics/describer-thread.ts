// The describing thread (describer.ts): chunks of taken views in, the lines of their batch out, in
// the order they came. The country data is loaded here, once, before the first chunk is described.
import { parentPort, workerData } from 'node:worker_threads';
import { countryLookup } from './country';
import { describeChunk, type LineChunk } from './describer';
import type { ViewLineFormat } from './view-lines';

const { format } = workerData as { format: ViewLineFormat };
const port = parentPort!;
const ready = countryLookup();

port.on('message', (taken: LineChunk) => {
  void ready.then(() => {
    const described = describeChunk(taken, format);
    port.postMessage(described, [described.bytes.buffer, described.ends.buffer]);
  });
});
