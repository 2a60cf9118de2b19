// LZ4 block format (one block, no framing), written from the lz4_Block_format.md description:
// sequences of token (4 bits literal length, 4 bits match length - 4), extra length bytes (255...),
// literals, 2-byte little-endian offset, extra match length bytes. The last sequence has no match;
// the last 5 bytes are always literals and the last match starts >= 12 bytes before the end.
//
//   lz4BlockDecompressInto(src, pos, end, out, o, outEnd) -> bytes written; every length is checked
//       against both the input and the output bound, so corrupt input cannot write past outEnd.
//   lz4BlockCompressInto(src, start, end, out, o)         -> new position in out
//   lz4BlockMaxCompressedLength(n)
import { DecompressionError } from "../errors.ts";

const MIN_MATCH = 4;
const LAST_LITERALS = 5;
const MF_LIMIT = 12;
const HASH_BITS = 16;

function fail(message: string, max: number): never {
  throw new DecompressionError("lz4", "corrupt", message, max);
}

export function lz4BlockMaxCompressedLength(n: number): number {
  return n + Math.floor(n / 255) + 16;
}

export function lz4BlockDecompressInto(
  src: Uint8Array,
  pos: number,
  end: number,
  out: Uint8Array,
  o: number,
  outEnd: number,
  maxForErrors: number,
): number {
  const outStart = o;
  // Each sequence consumes at least its token byte, so this ends within (end - pos) iterations.
  while (pos < end) {
    const token = src[pos++]!;
    let litLen = token >>> 4;
    if (litLen === 15) {
      let b: number;
      // Each extension byte is consumed from input: bounded by the input length.
      do {
        if (pos >= end) fail("truncated literal length", maxForErrors);
        b = src[pos++]!;
        litLen += b;
      } while (b === 255);
    }
    if (litLen > end - pos) fail("literals past the end of the block", maxForErrors);
    if (litLen > outEnd - o) fail("literals past the output bound", maxForErrors);
    if (litLen < 16) {
      for (let i = 0; i < litLen; i++) out[o + i] = src[pos + i]!;
    } else {
      out.set(src.subarray(pos, pos + litLen), o);
    }
    pos += litLen;
    o += litLen;
    if (pos >= end) break; // the last sequence has literals only
    if (pos + 2 > end) fail("truncated match offset", maxForErrors);
    const offset = src[pos]! | (src[pos + 1]! << 8);
    pos += 2;
    if (offset === 0 || offset > o - outStart) fail(`match offset ${offset} outside the output`, maxForErrors);
    let matchLen = token & 15;
    if (matchLen === 15) {
      let b: number;
      do {
        if (pos >= end) fail("truncated match length", maxForErrors);
        b = src[pos++]!;
        matchLen += b;
      } while (b === 255);
    }
    matchLen += MIN_MATCH;
    if (matchLen > outEnd - o) fail("match past the output bound", maxForErrors);
    let from = o - offset;
    if (offset >= matchLen && matchLen > 32) {
      out.copyWithin(o, from, from + matchLen);
      o += matchLen;
    } else {
      for (let i = 0; i < matchLen; i++) out[o++] = out[from++]!;
    }
  }
  return o - outStart;
}

const table = new Int32Array(1 << HASH_BITS);

function load32(b: Uint8Array, i: number): number {
  return b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24);
}

function hash(v: number): number {
  return Math.imul(v, 2654435761) >>> (32 - HASH_BITS);
}

function writeLength(out: Uint8Array, o: number, n: number): number {
  // n >= 15 already subtracted by the caller; emit 255s then the remainder.
  while (n >= 255) {
    out[o++] = 255;
    n -= 255;
  }
  out[o++] = n;
  return o;
}

function emitSequence(
  out: Uint8Array,
  o: number,
  src: Uint8Array,
  lit: number,
  litLen: number,
  offset: number,
  matchLen: number,
): number {
  const tokenPos = o++;
  let token = 0;
  if (litLen >= 15) {
    token = 15 << 4;
    o = writeLength(out, o, litLen - 15);
  } else {
    token = litLen << 4;
  }
  if (litLen < 16) {
    for (let i = 0; i < litLen; i++) out[o + i] = src[lit + i]!;
  } else {
    out.set(src.subarray(lit, lit + litLen), o);
  }
  o += litLen;
  if (matchLen > 0) {
    out[o++] = offset & 0xff;
    out[o++] = offset >>> 8;
    const m = matchLen - MIN_MATCH;
    if (m >= 15) {
      token |= 15;
      o = writeLength(out, o, m - 15);
    } else {
      token |= m;
    }
  }
  out[tokenPos] = token;
  return o;
}

/** Greedy single-pass compressor with a 64 Ki-entry hash table (independent block, 64 KiB window). */
export function lz4BlockCompressInto(src: Uint8Array, start: number, end: number, out: Uint8Array, o: number): number {
  const len = end - start;
  let lit = start;
  if (len >= MF_LIMIT + 1) {
    table.fill(-1);
    const matchLimit = end - LAST_LITERALS; // matches may not cover the last 5 bytes
    const searchLimit = end - MF_LIMIT; // no match may start in the last 12 bytes
    let ip = start;
    let skip = 64;
    // ip strictly increases every iteration, so the loop ends before searchLimit.
    while (ip < searchLimit) {
      const v = load32(src, ip);
      const h = hash(v);
      const candidate = table[h]!;
      table[h] = ip;
      if (candidate >= start && ip - candidate <= 65535 && load32(src, candidate) === v) {
        // Extend backwards over pending literals, then forwards.
        let s = ip;
        let c = candidate;
        while (s > lit && c > start && src[s - 1] === src[c - 1]) {
          s--;
          c--;
        }
        let e = ip + MIN_MATCH;
        let ce = candidate + MIN_MATCH;
        while (e < matchLimit && src[e] === src[ce]) {
          e++;
          ce++;
        }
        o = emitSequence(out, o, src, lit, s - lit, s - c, e - s);
        lit = e;
        ip = e;
        skip = 64;
        if (ip < searchLimit) table[hash(load32(src, ip - 2))] = ip - 2;
        continue;
      }
      ip += skip++ >>> 6; // move faster through data that does not compress
    }
  }
  return emitSequence(out, o, src, lit, end - lit, 0, 0);
}
