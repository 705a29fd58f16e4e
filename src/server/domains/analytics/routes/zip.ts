import { crc32, deflateRawSync } from 'node:zlib';

// A ZIP archive of a few small files held in memory (the dashboard's tables as one download): the
// format's local headers, deflated data and central directory, as every unzipper reads them.

export interface ZipEntry {
  name: string;
  content: string;
}

/** DOS date and time of a moment (the format's own, to two seconds). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** The archive of the entries, each deflated, names in UTF-8. */
export function zipOf(entries: ZipEntry[], at: Date): Buffer {
  const { time, date } = dosTime(at);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = Buffer.from(entry.content, 'utf8');
    const data = deflateRawSync(raw);
    const crc = crc32(raw);
    // Version 2.0, bit 11: the name is UTF-8; method 8: deflate.
    const common = (b: Buffer, at: number) => {
      b.writeUInt16LE(20, at);
      b.writeUInt16LE(0x0800, at + 2);
      b.writeUInt16LE(8, at + 4);
      b.writeUInt16LE(time, at + 6);
      b.writeUInt16LE(date, at + 8);
      b.writeUInt32LE(crc, at + 10);
      b.writeUInt32LE(data.length, at + 14);
      b.writeUInt32LE(raw.length, at + 18);
      b.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    common(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    common(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
