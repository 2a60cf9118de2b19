// CRC32C (Castagnoli), as Kafka's RecordBatch v2 uses it.
// This is the portable TypeScript implementation (slicing-by-8). A native helper may replace it at
// start-up (see crc32c-native.ts); both must agree on every input, which the tests check.

const POLY = 0x82f63b78; // reflected Castagnoli polynomial

/** 8 tables of 256 entries, T[k][n] = CRC of byte n followed by k zero bytes. */
const TABLES: Uint32Array = (() => {
  const t = new Uint32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
    t[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n]!;
    for (let k = 1; k < 8; k++) {
      c = t[c & 0xff]! ^ (c >>> 8);
      t[k * 256 + n] = c >>> 0;
    }
  }
  return t;
})();

/**
 * Continue a CRC32C over buf[start, end). Pass the previous result as `crc` to chain calls
 * (start with 0). Returns an unsigned 32-bit number.
 */
export function crc32cUpdateTs(crc: number, buf: Uint8Array, start = 0, end = buf.length): number {
  const t = TABLES;
  let c = ~crc >>> 0;
  let i = start;
  // Slicing-by-8: fold 8 bytes per step.
  for (; i + 8 <= end; i += 8) {
    const lo = (c ^ (buf[i]! | (buf[i + 1]! << 8) | (buf[i + 2]! << 16) | (buf[i + 3]! << 24))) >>> 0;
    const hi = buf[i + 4]! | (buf[i + 5]! << 8) | (buf[i + 6]! << 16) | (buf[i + 7]! << 24);
    c =
      t[7 * 256 + (lo & 0xff)]! ^
      t[6 * 256 + ((lo >>> 8) & 0xff)]! ^
      t[5 * 256 + ((lo >>> 16) & 0xff)]! ^
      t[4 * 256 + (lo >>> 24)]! ^
      t[3 * 256 + (hi & 0xff)]! ^
      t[2 * 256 + ((hi >>> 8) & 0xff)]! ^
      t[1 * 256 + ((hi >>> 16) & 0xff)]! ^
      t[(hi >>> 24) & 0xff]!;
  }
  for (; i < end; i++) c = t[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** CRC32C of buf[start, end): the function the rest of Strand calls. */
export let crc32c: (buf: Uint8Array, start?: number, end?: number) => number = (buf, start = 0, end = buf.length) =>
  crc32cUpdateTs(0, buf, start, end);

/**
 * Continue a running CRC32C over buf[start, end): crc32cUpdate(crc32c(a), b) === crc32c(a ++ b).
 * Used over a batch that arrived in several socket chunks (records/sliced-batch.ts).
 */
export let crc32cUpdate: (crc: number, buf: Uint8Array, start?: number, end?: number) => number = crc32cUpdateTs;

/**
 * Replace the implementation (the native loader calls this once at start-up). Without `update`, the
 * running form stays the TypeScript one.
 */
export function setCrc32cImplementation(
  fn: (buf: Uint8Array, start?: number, end?: number) => number,
  update: (crc: number, buf: Uint8Array, start?: number, end?: number) => number = crc32cUpdateTs,
): void {
  crc32c = fn;
  crc32cUpdate = update;
}
