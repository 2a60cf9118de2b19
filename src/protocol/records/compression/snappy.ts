// Snappy codec (Kafka compression id 2): reads xerial-framed and raw snappy, writes xerial.
//
// Kafka's Java client writes through snappy-java's SnappyOutputStream, the "xerial" framing:
//   magic 0x82 'S' 'N' 'A' 'P' 'P' 'Y' 0x00, int32 BE version (1), int32 BE compatible version (1),
//   then blocks of int32 BE compressed length + one raw snappy block (32 KiB of input each).
// librdkafka reads both that and a bare raw snappy block (and can write either), so decompress
// accepts both: input that starts with the 8 magic bytes is xerial, anything else is raw.
import { DecompressionError } from "../errors.ts";
import type { CompressionCodec, DecompressScratch } from "./codec.ts";
import {
  snappyMaxCompressedLength,
  snappyRawCompressInto,
  snappyRawDecompress,
  snappyRawDecompressInto,
  snappyRawUncompressedLength,
} from "./snappy-raw.ts";

const XERIAL_MAGIC = [0x82, 0x53, 0x4e, 0x41, 0x50, 0x50, 0x59, 0x00];
const XERIAL_HEADER_BYTES = 16;
/** Input bytes per xerial block, as snappy-java's default block size. */
export const XERIAL_BLOCK_BYTES = 32 * 1024;

export function isXerial(input: Uint8Array): boolean {
  if (input.length < XERIAL_HEADER_BYTES) return false;
  for (let i = 0; i < 8; i++) if (input[i] !== XERIAL_MAGIC[i]) return false;
  return true;
}

function readInt32BE(b: Uint8Array, i: number): number {
  return ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
}

function writeInt32BE(b: Uint8Array, i: number, v: number): void {
  b[i] = v >>> 24;
  b[i + 1] = (v >>> 16) & 0xff;
  b[i + 2] = (v >>> 8) & 0xff;
  b[i + 3] = v & 0xff;
}

function limitError(total: number, max: number): DecompressionError {
  return new DecompressionError("snappy", "limit", `output of ${total}+ bytes exceeds the limit of ${max} bytes`, max);
}

/** Decode xerial framing: two passes, the first sums declared block lengths so we allocate once. */
function xerialDecompress(input: Uint8Array, maxOutputBytes: number, scratch?: DecompressScratch): Uint8Array {
  const corrupt = (m: string) => new DecompressionError("snappy", "corrupt", `xerial: ${m}`, maxOutputBytes);
  let total = 0;
  let pos = XERIAL_HEADER_BYTES;
  // Each block consumes >= 4 bytes of input, so this loop runs at most input.length / 4 times.
  while (pos < input.length) {
    if (pos + 4 > input.length) throw corrupt(`truncated block length at byte ${pos}`);
    const len = readInt32BE(input, pos);
    pos += 4;
    if (len > input.length - pos) throw corrupt(`block of ${len} bytes past the end at byte ${pos}`);
    const n = snappyRawUncompressedLength(input, pos, pos + len);
    if (n < 0) throw corrupt(`bad block length varint at byte ${pos}`);
    total += n;
    if (total > maxOutputBytes) throw limitError(total, maxOutputBytes);
    pos += len;
  }
  let out: Uint8Array;
  if (scratch && scratch.buf.length >= total) out = scratch.buf.subarray(0, total);
  else {
    out = new Uint8Array(total);
    if (scratch) scratch.buf = out;
  }
  let o = 0;
  pos = XERIAL_HEADER_BYTES;
  while (pos < input.length) {
    const len = readInt32BE(input, pos);
    pos += 4;
    const n = snappyRawUncompressedLength(input, pos, pos + len);
    let p = pos;
    while (input[p]! & 0x80) p++;
    o += snappyRawDecompressInto(input, p + 1, pos + len, out, o, n, maxOutputBytes);
    pos += len;
  }
  return out;
}

function xerialCompress(input: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(input.length / XERIAL_BLOCK_BYTES));
  const out = new Uint8Array(XERIAL_HEADER_BYTES + blocks * 4 + snappyMaxCompressedLength(input.length) + blocks * 32);
  out.set(XERIAL_MAGIC, 0);
  writeInt32BE(out, 8, 1);
  writeInt32BE(out, 12, 1);
  let o = XERIAL_HEADER_BYTES;
  for (let p = 0; p < input.length; p += XERIAL_BLOCK_BYTES) {
    const end = Math.min(input.length, p + XERIAL_BLOCK_BYTES);
    const n = snappyRawCompressInto(input, p, end, out, o + 4) - (o + 4);
    writeInt32BE(out, o, n);
    o += 4 + n;
  }
  return out.slice(0, o);
}

export const snappyCodec: CompressionCodec = {
  id: 2,
  name: "snappy",
  compress: xerialCompress,
  decompress: (input, maxOutputBytes, scratch) =>
    isXerial(input) ? xerialDecompress(input, maxOutputBytes, scratch) : snappyRawDecompress(input, maxOutputBytes),
};
