// LZ4 codec (Kafka compression id 3): the LZ4 *frame* format, as Kafka's Java client
// (Lz4BlockOutputStream) and librdkafka (LZ4F) write it.
//
// Frame: magic 0x184D2204 (LE), FLG (version 01, block independence, block checksum, content size,
// content checksum, dict id), BD (block max size id 4..7 = 64 KiB..4 MiB), optional 8-byte content
// size, optional 4-byte dict id, HC = second byte of xxhash32(descriptor). Then blocks: uint32 LE size
// (high bit set = stored uncompressed), data, optional xxhash32 block checksum; a zero size ends the
// frame, followed by an optional xxhash32 content checksum. Skippable frames (0x184D2A50..5F) and
// several concatenated frames are accepted.
//
// Reading checks the header checksum and, when their flags are set, block and content checksums.
// Writing matches Java: 64 KiB independent blocks, no checksums, no content size.
// Blocks are decoded by the TypeScript lz4-block.ts or, when lz4-native.ts installed it at start-up,
// by native/lz4.c (same bounds, same errors).
import { DecompressionError } from "../errors.ts";
import type { CompressionCodec, DecompressScratch } from "./codec.ts";
import { lz4BlockCompressInto, lz4BlockDecompressInto, lz4BlockMaxCompressedLength } from "./lz4-block.ts";
import { xxhash32 } from "./xxhash32.ts";

/**
 * Decodes one LZ4 block of src[pos, end) into out[o, outEnd); returns the bytes written. Throws
 * DecompressionError "corrupt" (its message says "output bound" when outEnd was the reason).
 */
export type Lz4BlockDecoder = (src: Uint8Array, pos: number, end: number, out: Uint8Array, o: number, outEnd: number, maxForErrors: number) => number;

let blockDecoder: Lz4BlockDecoder = lz4BlockDecompressInto;

/** Installs the block decoder used by decompression (null: the TypeScript one). Chosen once at start-up. */
export function setLz4BlockDecoder(fn: Lz4BlockDecoder | null): void {
  blockDecoder = fn ?? lz4BlockDecompressInto;
}

const MAGIC = 0x184d2204;
const BLOCK_BYTES_FOR_ID = [0, 0, 0, 0, 64 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024];
const WRITE_BLOCK_BYTES = 64 * 1024;
const WRITE_BD = 4 << 4;
const FLG_VERSION_1 = 0x40;
const FLG_BLOCK_INDEPENDENT = 0x20;
const FLG_BLOCK_CHECKSUM = 0x10;
const FLG_CONTENT_SIZE = 0x08;
const FLG_CONTENT_CHECKSUM = 0x04;
const FLG_DICT_ID = 0x01;

function read32(b: Uint8Array, i: number): number {
  return (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
}

function write32(b: Uint8Array, i: number, v: number): void {
  b[i] = v & 0xff;
  b[i + 1] = (v >>> 8) & 0xff;
  b[i + 2] = (v >>> 16) & 0xff;
  b[i + 3] = v >>> 24;
}

/**
 * Growable output that never exceeds maxOutputBytes. With a scratch it starts from the scratch's buffer
 * (no allocation, no zero-filling) and leaves any larger buffer it grew to in the scratch.
 */
class BoundedOutput {
  buf: Uint8Array;
  len = 0;
  constructor(
    initialBytes: number,
    readonly maxOutputBytes: number,
    private readonly scratch: DecompressScratch | undefined,
  ) {
    const want = Math.min(Math.max(initialBytes, 1024), Math.max(maxOutputBytes, 1));
    if (scratch && scratch.buf.length >= want) this.buf = scratch.buf;
    else {
      this.buf = new Uint8Array(want);
      if (scratch) scratch.buf = this.buf;
    }
  }
  reserve(n: number): void {
    const need = this.len + n;
    if (need > this.maxOutputBytes) {
      throw new DecompressionError("lz4", "limit", `output of ${need}+ bytes exceeds the limit of ${this.maxOutputBytes} bytes`, this.maxOutputBytes);
    }
    if (need <= this.buf.length) return;
    const next = new Uint8Array(Math.min(this.maxOutputBytes, Math.max(need, this.buf.length * 2)));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
    if (this.scratch) this.scratch.buf = next;
  }
}

function decompressFrames(input: Uint8Array, maxOutputBytes: number, scratch?: DecompressScratch): Uint8Array {
  const corrupt = (m: string): never => {
    throw new DecompressionError("lz4", "corrupt", m, maxOutputBytes);
  };
  // Start with a guess of 4x the input; grow (bounded by the limit) as blocks arrive.
  const out = new BoundedOutput(input.length * 4, maxOutputBytes, scratch);
  let pos = 0;
  let frames = 0;
  // Each frame consumes >= 7 bytes, so this loop runs at most input.length / 7 times.
  while (pos < input.length) {
    if (pos + 4 > input.length) corrupt(`truncated frame magic at byte ${pos}`);
    const magic = read32(input, pos);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      if (pos + 8 > input.length) corrupt("truncated skippable frame");
      const skip = read32(input, pos + 4);
      if (skip > input.length - pos - 8) corrupt("skippable frame past the end");
      pos += 8 + skip;
      continue;
    }
    if (magic !== MAGIC) corrupt(`bad frame magic 0x${magic.toString(16)} at byte ${pos}`);
    frames++;
    pos += 4;
    const descStart = pos;
    if (pos + 3 > input.length) corrupt("truncated frame descriptor");
    const flg = input[pos++]!;
    const bd = input[pos++]!;
    if ((flg & 0xc0) !== FLG_VERSION_1) corrupt(`unsupported frame version ${(flg >>> 6) & 3}`);
    if (flg & 0x02 || bd & 0x8f) corrupt("reserved descriptor bits set");
    const blockMaxBytes = BLOCK_BYTES_FOR_ID[(bd >>> 4) & 7]!;
    if (blockMaxBytes === 0) corrupt(`bad block max size id ${(bd >>> 4) & 7}`);
    const hasBlockChecksum = (flg & FLG_BLOCK_CHECKSUM) !== 0;
    const hasContentChecksum = (flg & FLG_CONTENT_CHECKSUM) !== 0;
    let declaredSize = -1;
    if (flg & FLG_CONTENT_SIZE) {
      if (pos + 8 > input.length) corrupt("truncated content size");
      declaredSize = read32(input, pos) + read32(input, pos + 4) * 2 ** 32;
      if (out.len + declaredSize > maxOutputBytes) {
        throw new DecompressionError("lz4", "limit", `declared content size ${declaredSize} exceeds the limit of ${maxOutputBytes} bytes`, maxOutputBytes);
      }
      pos += 8;
    }
    if (flg & FLG_DICT_ID) corrupt("frames with a dictionary id are not supported");
    if (pos >= input.length) corrupt("truncated header checksum");
    const hc = (xxhash32(input, descStart, pos) >>> 8) & 0xff;
    if (input[pos] !== hc) corrupt(`header checksum 0x${input[pos]!.toString(16)} != 0x${hc.toString(16)}`);
    pos++;
    const contentStart = out.len;
    // Each block consumes >= 4 bytes of input: bounded by the input length.
    for (;;) {
      if (pos + 4 > input.length) corrupt("truncated block size");
      const word = read32(input, pos);
      pos += 4;
      if (word === 0) break; // end mark
      const stored = (word & 0x80000000) !== 0;
      const size = word & 0x7fffffff;
      if (size > blockMaxBytes) corrupt(`block of ${size} bytes above the frame's ${blockMaxBytes}`);
      if (size > input.length - pos) corrupt("block past the end of input");
      if (hasBlockChecksum) {
        if (pos + size + 4 > input.length) corrupt("truncated block checksum");
        if (xxhash32(input, pos, pos + size) !== read32(input, pos + size)) corrupt("block checksum mismatch");
      }
      if (stored) {
        out.reserve(size);
        out.buf.set(input.subarray(pos, pos + size), out.len);
        out.len += size;
      } else {
        // A block decodes to at most blockMaxBytes; reserve that much (bounded by the limit).
        const room = Math.min(blockMaxBytes, maxOutputBytes - out.len);
        out.reserve(room);
        let n: number;
        try {
          n = blockDecoder(input, pos, pos + size, out.buf, out.len, out.len + room, maxOutputBytes);
        } catch (e) {
          // When the limit (not the block size) bounded the room, running out of it means the limit.
          if (room < blockMaxBytes && /output bound/.test((e as Error).message)) {
            throw new DecompressionError("lz4", "limit", `output exceeds the limit of ${maxOutputBytes} bytes`, maxOutputBytes);
          }
          throw e;
        }
        out.len += n;
      }
      pos += size + (hasBlockChecksum ? 4 : 0);
    }
    if (hasContentChecksum) {
      if (pos + 4 > input.length) corrupt("truncated content checksum");
      if (xxhash32(out.buf, contentStart, out.len) !== read32(input, pos)) corrupt("content checksum mismatch");
      pos += 4;
    }
    if (declaredSize >= 0 && out.len - contentStart !== declaredSize) {
      corrupt(`content size ${out.len - contentStart} != declared ${declaredSize}`);
    }
  }
  if (frames === 0) corrupt("no LZ4 frame");
  return out.buf.subarray(0, out.len);
}

function compressFrame(input: Uint8Array): Uint8Array {
  const blocks = Math.ceil(input.length / WRITE_BLOCK_BYTES);
  const out = new Uint8Array(7 + blocks * 4 + lz4BlockMaxCompressedLength(input.length) + blocks * 16 + 4);
  write32(out, 0, MAGIC);
  out[4] = FLG_VERSION_1 | FLG_BLOCK_INDEPENDENT;
  out[5] = WRITE_BD;
  out[6] = (xxhash32(out, 4, 6) >>> 8) & 0xff;
  let o = 7;
  for (let p = 0; p < input.length; p += WRITE_BLOCK_BYTES) {
    const end = Math.min(input.length, p + WRITE_BLOCK_BYTES);
    const n = lz4BlockCompressInto(input, p, end, out, o + 4) - (o + 4);
    if (n >= end - p) {
      // Did not shrink: store it (high bit marks an uncompressed block).
      write32(out, o, (end - p) | 0x80000000);
      out.set(input.subarray(p, end), o + 4);
      o += 4 + (end - p);
    } else {
      write32(out, o, n);
      o += 4 + n;
    }
  }
  write32(out, o, 0);
  o += 4;
  return out.slice(0, o);
}

export const lz4Codec: CompressionCodec = {
  id: 3,
  name: "lz4",
  compress: compressFrame,
  decompress: decompressFrames,
};
