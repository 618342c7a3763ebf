/**
 * The names of a zip archive's entries, read from its central directory (never by inflating
 * anything), so a zipped Shapefile or a KMZ can be checked before GDAL opens it through /vsizip/.
 */
import { open } from 'node:fs/promises';

const END_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ENTRY_SIGNATURE = 0x02014b50;
/** The end record (22 bytes) and its comment (at most 65,535). */
const TAIL_BYTES = 22 + 65_535;
/** A central directory larger than this is no archive a user sends. */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

export class ZipError extends Error {
  override name = 'ZipError';
}

/** The entry names (directories end with `/`); throws ZipError when the file is no readable zip. */
export async function zipEntryNames(filePath: string): Promise<string[]> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let index = tailLength - 22; index >= 0; index -= 1) {
      if (tail.readUInt32LE(index) === END_SIGNATURE) {
        end = index;
        break;
      }
    }
    if (end === -1) throw new ZipError('no end of central directory');
    let count = tail.readUInt16LE(end + 10);
    let directorySize = tail.readUInt32LE(end + 12);
    let directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset === 0xffffffff || count === 0xffff) {
      // Zip64: the locator just before the end record points to the zip64 end record.
      if (end < 20 || tail.readUInt32LE(end - 20) !== ZIP64_LOCATOR_SIGNATURE) throw new ZipError('no zip64 locator');
      const record = Buffer.alloc(56);
      await handle.read(record, 0, 56, Number(tail.readBigUInt64LE(end - 12)));
      if (record.readUInt32LE(0) !== ZIP64_END_SIGNATURE) throw new ZipError('no zip64 end record');
      count = Number(record.readBigUInt64LE(32));
      directorySize = Number(record.readBigUInt64LE(40));
      directoryOffset = Number(record.readBigUInt64LE(48));
    }
    if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > size) throw new ZipError('central directory out of the file');
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const names: string[] = [];
    let offset = 0;
    for (let index = 0; index < count; index += 1) {
      if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== ENTRY_SIGNATURE) throw new ZipError('broken central directory');
      const nameLength = directory.readUInt16LE(offset + 28);
      const extraLength = directory.readUInt16LE(offset + 30);
      const commentLength = directory.readUInt16LE(offset + 32);
      names.push(directory.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}
