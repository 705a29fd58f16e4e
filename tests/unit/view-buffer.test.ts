import { describe, expect, it } from 'vitest';
import { ViewBuffer } from '../../src/server/domains/analytics/view-lines';

// Counted views wait for their batch as UTF-8 lines in a buffer off the JavaScript heap.
describe('the buffer of views', () => {
  it('keeps every line whole as it grows, in one-, two- and four-byte UTF-8, and gives chunks of them back', () => {
    // From 64 bytes: it grows many times, each a chance to cut a line short.
    const buffer = new ViewBuffer(3000, 64);
    const lines = Array.from({ length: 3000 }, (_, i) =>
      i % 2 === 0 ? `${'\u{1F33B}'.repeat(100)}${i}\n` : `/caf\u00e9\t${'x'.repeat(i % 97)}${i}\n`,
    );
    for (const line of lines) buffer.add(line);
    expect(buffer.length).toBe(3000);
    expect(buffer.lines(0, 3000).toString('utf8')).toBe(lines.join(''));
    expect(buffer.lines(250, 500).toString('utf8')).toBe(lines.slice(250, 500).join(''));
    expect(() => buffer.add('one too many\n')).toThrow(/full/);
    buffer.clear();
    buffer.add('again\n');
    expect(buffer.lines(0, 1).toString('utf8')).toBe('again\n');
  });
});
