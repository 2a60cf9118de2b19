import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSync } from "node:fs";
import type { Log } from "../../../src/storage/log.ts";
import { makeLogConfig, type LogConfig } from "../../../src/storage/log-config.ts";
import { loadLog } from "../../../src/storage/recovery.ts";

export function tempDir(prefix = "strand-storage-"): { path: string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** Reads a slice of the storage layer or of a fetch response (both name their file by a handle). */
export function readSlice(s: { readonly file: { readonly fd: number }; readonly position: number; readonly length: number }): Uint8Array {
  const out = new Uint8Array(s.length);
  let got = 0;
  while (got < s.length) {
    const n = readSync(s.file.fd, out, got, s.length - got, s.position + got);
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

function varint(buf: Uint8Array, p: { i: number }): number {
  let shift = 1;
  let raw = 0;
  for (let n = 0; n < 10; n++) {
    const b = buf[p.i++]!;
    raw += (b & 0x7f) * shift;
    if ((b & 0x80) === 0) break;
    shift *= 128;
  }
  return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
}

/** Values of the records of an uncompressed batch at bytes[pos]. */
export function recordValues(bytes: Uint8Array, pos: number): Uint8Array[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = v.getInt32(pos + 57);
  const p = { i: pos + 61 };
  const out: Uint8Array[] = [];
  for (let n = 0; n < count; n++) {
    const len = varint(bytes, p);
    const start = p.i;
    p.i++;
    varint(bytes, p);
    varint(bytes, p);
    const kl = varint(bytes, p);
    if (kl > 0) p.i += kl;
    const vl = varint(bytes, p);
    out.push(bytes.subarray(p.i, p.i + Math.max(0, vl)));
    p.i = start + len;
  }
  return out;
}

/**
 * Empty logs in temp dirs for one test file: `fresh(config)` opens one (clean, empty), `track(fn)` adds
 * another cleanup, and `cleanup()` (from afterEach) closes every log first, then removes the dirs.
 */
export class TempLogs {
  private cleanups: (() => void)[] = [];
  constructor(private readonly topic: string) {}

  readonly fresh = (config: Partial<LogConfig> = {}): Log => {
    const d = tempDir();
    this.cleanups.push(d.cleanup);
    const log = loadLog(d.path, { topic: this.topic, partition: 0 }, makeLogConfig(config), { recoveryPoint: 0, logStartOffset: 0, highWatermark: 0, cleanShutdown: true });
    this.cleanups.unshift(() => log.closeNow());
    return log;
  };

  track(fn: () => void): void {
    this.cleanups.push(fn);
  }

  readonly cleanup = (): void => {
    this.cleanups.forEach((c) => c());
    this.cleanups = [];
  };
}
