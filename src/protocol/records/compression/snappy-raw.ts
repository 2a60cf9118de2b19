// Raw Snappy block format (no framing), written from the format description in Google's
// format_description.txt: a uvarint uncompressed length, then elements tagged by their low 2 bits:
//   00 literal (length-1 in the upper 6 bits, or 60..63 -> 1..4 little-endian length bytes follow)
//   01 copy, 1-byte offset: length 4..11 in bits 2-4, offset bits 8-10 in bits 5-7, plus 1 byte
//   10 copy, 2-byte little-endian offset, length 1..64 in the upper 6 bits
//   11 copy, 4-byte little-endian offset, length 1..64
//
//   snappyRawCompress(input)                          -> Uint8Array
//   snappyRawDecompress(input, maxOutputBytes, start?, end?) -> Uint8Array (bounded by the declared
//       length, which must not exceed maxOutputBytes; every copy and literal is bounds-checked)
//   snappyRawUncompressedLength(input, start, end)    -> declared length, or -1 if malformed
import { DecompressionError } from "../errors.ts";

const FRAGMENT_BYTES = 65536; // the compressor works in 64 KiB fragments, like the reference
const HASH_BITS = 14;
const HASH_SIZE = 1 << HASH_BITS;
const MIN_NON_LITERAL_BLOCK = 17; // below this a fragment is emitted as one literal

function fail(message: string, max: number): never {
  throw new DecompressionError("snappy", "corrupt", message, max);
}

/** Declared uncompressed length at input[start..], or -1 if the varint is malformed. */
export function snappyRawUncompressedLength(input: Uint8Array, start = 0, end = input.length): number {
  let result = 0;
  let mul = 1;
  // A uint32 takes at most 5 varint bytes.
  for (let i = 0; i < 5; i++) {
    if (start + i >= end) return -1;
    const b = input[start + i]!;
    result += (b & 0x7f) * mul;
    if ((b & 0x80) === 0) return result > 0xffffffff ? -1 : result;
    mul *= 128;
  }
  return -1;
}

function varintLength(input: Uint8Array, start: number): number {
  let n = 1;
  while (input[start + n - 1]! & 0x80) n++;
  return n;
}

export function snappyRawDecompress(
  input: Uint8Array,
  maxOutputBytes: number,
  start = 0,
  end = input.length,
): Uint8Array {
  const total = snappyRawUncompressedLength(input, start, end);
  if (total < 0) fail("bad uncompressed-length varint", maxOutputBytes);
  if (total > maxOutputBytes) {
    throw new DecompressionError("snappy", "limit", `declared length ${total} exceeds the limit of ${maxOutputBytes} bytes`, maxOutputBytes);
  }
  const out = new Uint8Array(total);
  snappyRawDecompressInto(input, start + varintLength(input, start), end, out, 0, total, maxOutputBytes);
  return out;
}

/** Decode elements of input[pos, end) into out[o, o + expected); returns the bytes written. */
export function snappyRawDecompressInto(
  input: Uint8Array,
  pos: number,
  end: number,
  out: Uint8Array,
  o: number,
  expected: number,
  maxForErrors: number,
): number {
  const outStart = o;
  const outEnd = o + expected;
  // Each iteration consumes at least one input byte, so the loop ends within (end - pos) steps.
  while (pos < end) {
    const tag = input[pos++]!;
    const kind = tag & 3;
    if (kind === 0) {
      let len = tag >>> 2;
      if (len >= 60) {
        const nbytes = len - 59;
        if (pos + nbytes > end) fail("truncated literal length", maxForErrors);
        len = 0;
        for (let i = nbytes - 1; i >= 0; i--) len = len * 256 + input[pos + i]!;
        pos += nbytes;
      }
      len += 1;
      if (pos + len > end) fail(`literal of ${len} bytes past the end of input`, maxForErrors);
      if (o + len > outEnd) fail("literal past the declared length", maxForErrors);
      if (len < 16) {
        for (let i = 0; i < len; i++) out[o + i] = input[pos + i]!;
      } else {
        out.set(input.subarray(pos, pos + len), o);
      }
      pos += len;
      o += len;
      continue;
    }
    let len: number;
    let offset: number;
    if (kind === 1) {
      if (pos >= end) fail("truncated copy-1", maxForErrors);
      len = ((tag >>> 2) & 7) + 4;
      offset = ((tag >>> 5) << 8) | input[pos++]!;
    } else if (kind === 2) {
      if (pos + 2 > end) fail("truncated copy-2", maxForErrors);
      len = (tag >>> 2) + 1;
      offset = input[pos]! | (input[pos + 1]! << 8);
      pos += 2;
    } else {
      if (pos + 4 > end) fail("truncated copy-4", maxForErrors);
      len = (tag >>> 2) + 1;
      offset = (input[pos]! | (input[pos + 1]! << 8) | (input[pos + 2]! << 16) | (input[pos + 3]! << 24)) >>> 0;
      pos += 4;
    }
    if (offset === 0 || offset > o - outStart) fail(`copy offset ${offset} outside the output`, maxForErrors);
    if (o + len > outEnd) fail("copy past the declared length", maxForErrors);
    let from = o - offset;
    if (offset >= len && len > 32) {
      out.copyWithin(o, from, from + len);
      o += len;
    } else {
      // Overlapping copies repeat the pattern: byte by byte is the definition.
      for (let i = 0; i < len; i++) out[o++] = out[from++]!;
    }
  }
  if (o !== outEnd) fail(`decoded ${o - outStart} bytes, expected ${expected}`, maxForErrors);
  return o - outStart;
}

/** Worst-case compressed size (the reference's MaxCompressedLength). */
export function snappyMaxCompressedLength(n: number): number {
  return 32 + n + Math.floor(n / 6);
}

const table = new Uint16Array(HASH_SIZE);

function load32(b: Uint8Array, i: number): number {
  return (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
}

function hash(v: number): number {
  return Math.imul(v, 0x1e35a7bd) >>> (32 - HASH_BITS);
}

function emitLiteral(out: Uint8Array, o: number, src: Uint8Array, from: number, len: number): number {
  const n = len - 1;
  if (n < 60) {
    out[o++] = n << 2;
  } else if (n < 0x100) {
    out[o++] = 60 << 2;
    out[o++] = n;
  } else if (n < 0x10000) {
    out[o++] = 61 << 2;
    out[o++] = n & 0xff;
    out[o++] = n >>> 8;
  } else if (n < 0x1000000) {
    out[o++] = 62 << 2;
    out[o++] = n & 0xff;
    out[o++] = (n >>> 8) & 0xff;
    out[o++] = n >>> 16;
  } else {
    out[o++] = 63 << 2;
    out[o++] = n & 0xff;
    out[o++] = (n >>> 8) & 0xff;
    out[o++] = (n >>> 16) & 0xff;
    out[o++] = n >>> 24;
  }
  if (len < 16) {
    for (let i = 0; i < len; i++) out[o + i] = src[from + i]!;
  } else {
    out.set(src.subarray(from, from + len), o);
  }
  return o + len;
}

function emitCopy(out: Uint8Array, o: number, offset: number, len: number): number {
  // Long matches are split into 64-byte copies (keeping >= 4 for the tail, as copy-1 needs 4..11).
  while (len >= 68) {
    out[o++] = (63 << 2) | 2;
    out[o++] = offset & 0xff;
    out[o++] = offset >>> 8;
    len -= 64;
  }
  if (len > 64) {
    out[o++] = (59 << 2) | 2; // 60 bytes
    out[o++] = offset & 0xff;
    out[o++] = offset >>> 8;
    len -= 60;
  }
  if (len < 12 && offset < 2048) {
    out[o++] = 1 | ((len - 4) << 2) | ((offset >>> 8) << 5);
    out[o++] = offset & 0xff;
  } else {
    out[o++] = 2 | ((len - 1) << 2);
    out[o++] = offset & 0xff;
    out[o++] = offset >>> 8;
  }
  return o;
}

/** Compress src[start, end) as one fragment (< 64 KiB) into out at o; returns the new position. */
function compressFragment(src: Uint8Array, start: number, end: number, out: Uint8Array, o: number): number {
  const len = end - start;
  if (len < MIN_NON_LITERAL_BLOCK) return len > 0 ? emitLiteral(out, o, src, start, len) : o;
  table.fill(0);
  const limit = end - 15; // leave room so 4-byte loads and the tail stay in bounds
  let lit = start; // start of pending literal bytes
  let ip = start + 1;
  // Each outer iteration advances ip by at least 1 (or emits a match), so it ends before `limit`.
  while (ip < limit) {
    // Find a match, skipping faster through incompressible data (the reference's heuristic).
    let skip = 32;
    let candidate = 0;
    let found = false;
    while (ip < limit) {
      const v = load32(src, ip);
      const h = hash(v);
      candidate = start + table[h]!;
      table[h] = ip - start;
      if (candidate < ip && load32(src, candidate) === v) {
        found = true;
        break;
      }
      ip += skip++ >>> 5;
    }
    if (!found) break;
    if (ip > lit) o = emitLiteral(out, o, src, lit, ip - lit);
    // Extend the match and emit copies while the next position matches too.
    for (;;) {
      let m = 4;
      while (ip + m < end && src[ip + m] === src[candidate + m]) m++;
      o = emitCopy(out, o, ip - candidate, m);
      ip += m;
      lit = ip;
      if (ip >= limit) break;
      const prev = ip - 1;
      table[hash(load32(src, prev))] = prev - start;
      const v = load32(src, ip);
      const h = hash(v);
      candidate = start + table[h]!;
      table[h] = ip - start;
      if (!(candidate < ip && load32(src, candidate) === v)) {
        ip++;
        break;
      }
    }
  }
  if (lit < end) o = emitLiteral(out, o, src, lit, end - lit);
  return o;
}

export function snappyRawCompressInto(src: Uint8Array, start: number, end: number, out: Uint8Array, o: number): number {
  const n = end - start;
  // uvarint uncompressed length
  let v = n;
  while (v >= 0x80) {
    out[o++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[o++] = v;
  for (let p = start; p < end; p += FRAGMENT_BYTES) {
    o = compressFragment(src, p, Math.min(end, p + FRAGMENT_BYTES), out, o);
  }
  return o;
}

export function snappyRawCompress(input: Uint8Array): Uint8Array {
  const out = new Uint8Array(snappyMaxCompressedLength(input.length));
  const n = snappyRawCompressInto(input, 0, input.length, out, 0);
  return out.slice(0, n);
}
