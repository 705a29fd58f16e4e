// Writes the short sample episodes of the seed (public/audio/*.wav): gentle chimes as 8 kHz, 8-bit
// mono PCM WAV, so a fresh install has something to play without any outside request. Re-run with
// `node scripts/generate-sample-audio.mjs` after changing a melody; the output is deterministic.
import fs from 'node:fs';
import path from 'node:path';

const SAMPLE_RATE = 8000;
const outDir = path.resolve('public/audio');

/** A note: frequency in Hz (0 for a rest) and length in seconds. */
function render(notes, seconds) {
  const total = Math.round(seconds * SAMPLE_RATE);
  const samples = new Float32Array(total);
  let cursor = 0;
  let index = 0;
  while (cursor < total) {
    const [freq, length] = notes[index % notes.length];
    const count = Math.min(Math.round(length * SAMPLE_RATE), total - cursor);
    for (let i = 0; i < count; i++) {
      const t = i / SAMPLE_RATE;
      // A soft bell: quick attack, exponential decay, a quiet octave above for colour.
      const envelope = Math.min(1, t * 80) * Math.exp(-3 * t);
      const tone = freq === 0 ? 0 : Math.sin(2 * Math.PI * freq * t) + 0.3 * Math.sin(4 * Math.PI * freq * t);
      samples[cursor + i] = 0.45 * envelope * tone;
    }
    cursor += count;
    index++;
  }
  // Fade the last 50 ms so the file ends without a click.
  const fade = Math.min(total, SAMPLE_RATE / 20);
  for (let i = 0; i < fade; i++) samples[total - 1 - i] *= i / fade;
  return samples;
}

function wav(samples) {
  const data = Buffer.alloc(samples.length);
  for (let i = 0; i < samples.length; i++) {
    data[i] = Math.max(0, Math.min(255, Math.round(128 + 127 * samples[i])));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE, 28); // byte rate: 1 byte per sample
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const C5 = 523.25,
  D5 = 587.33,
  E5 = 659.25,
  G5 = 783.99,
  A5 = 880.0,
  C6 = 1046.5,
  G4 = 392.0,
  A4 = 440.0;
const files = [
  // The newest sample is the longest, so skipping forward 30 s has room to move.
  {
    name: 'sample-market-towns.wav',
    seconds: 36,
    notes: [
      [C5, 0.6],
      [E5, 0.6],
      [G5, 0.6],
      [C6, 1.2],
      [0, 0.6],
      [A5, 0.6],
      [G5, 0.6],
      [E5, 1.2],
      [0, 0.6],
    ],
  },
  {
    name: 'sample-lea-valley.wav',
    seconds: 4,
    notes: [
      [G4, 0.5],
      [C5, 0.5],
      [E5, 1],
      [D5, 0.5],
      [C5, 1.5],
    ],
  },
  {
    name: 'sample-welcome.wav',
    seconds: 4,
    notes: [
      [A4, 0.5],
      [D5, 0.5],
      [E5, 0.5],
      [A5, 2.5],
    ],
  },
];

fs.mkdirSync(outDir, { recursive: true });
for (const file of files) {
  const buffer = wav(render(file.notes, file.seconds));
  fs.writeFileSync(path.join(outDir, file.name), buffer);
  console.log(`wrote public/audio/${file.name} (${buffer.length} bytes, ${file.seconds} s)`);
}
