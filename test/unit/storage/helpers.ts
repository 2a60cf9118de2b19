import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSync } from "node:fs";
import type { FileSlice } from "../../../src/storage/log.ts";

export function tempDir(prefix = "strand-storage-"): { path: string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

export function readSlice(s: FileSlice): Uint8Array {
  const out = new Uint8Array(s.length);
  let got = 0;
  while (got < s.length) {
    const n = readSync(s.fd, out, got, s.length - got, s.position + got);
    if (n <= 0) break;
    got += n;
  }
  return out.subarray(0, got);
}

/** Walks whole batches in bytes: (baseOffset, lastOffset, size) of each; a partial tail is ignored. */
export function batchesIn(bytes: Uint8Array): { baseOffset: number; lastOffset: number; position: number; size: number }[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = [];
  let p = 0;
  while (p + 61 <= bytes.length) {
    const size = v.getInt32(p + 8) + 12;
    if (p + size > bytes.length) break;
    const base = Number(v.getBigInt64(p));
    out.push({ baseOffset: base, lastOffset: base + v.getInt32(p + 23), position: p, size });
    p += size;
  }
  return out;
}
