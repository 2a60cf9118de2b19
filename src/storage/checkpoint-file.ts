// Kafka's checkpoint text files: a version line ("0"), an entry count, then one entry per line.
// Used by recovery-point-offset-checkpoint, replication-offset-checkpoint,
// log-start-offset-checkpoint ("<topic> <partition> <offset>") and leader-epoch-checkpoint
// ("<epoch> <startOffset>"). Written to `<file>.tmp`, fsynced, then renamed over the file.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { open } from "node:fs/promises";
import { dirname } from "node:path";
import { BadFileFormatError } from "./errors.ts";
import type { TopicPartition } from "./file-names.ts";

const VERSION = 0;
/** A checkpoint lists one line per partition; no broker holds more, so this only bounds bad files. */
const MAX_ENTRIES = 10_000_000;

export function writeTextFileAtomic(path: string, text: string, sync = true): void {
  const tmp = path + ".tmp";
  const fd = openSync(tmp, "w");
  try {
    const bytes = new TextEncoder().encode(text);
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off); // bounded: progresses or throws
    if (sync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  if (sync) syncDir(dirname(path));
}

export function syncDir(dir: string): void {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** fsync of a file or directory on the thread pool (does not block the event loop). */
export async function syncPathAsync(path: string): Promise<void> {
  const fh = await open(path, "r");
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

function writeCheckpoint(path: string, lines: string[], sync: boolean): void {
  writeTextFileAtomic(path, `${VERSION}\n${lines.length}\n${lines.map((l) => l + "\n").join("")}`, sync);
}

function readCheckpointLines(path: string): string[][] | null {
  if (!existsSync(path)) return null;
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  // Kafka creates checkpoint files empty at start-up and reads an empty one as no entries.
  if (lines.length === 0) return [];
  if (lines[0]?.trim() !== String(VERSION)) throw new BadFileFormatError(path, `unsupported version line "${lines[0] ?? ""}"`);
  const count = Number(lines[1]?.trim());
  if (!Number.isInteger(count) || count < 0 || count > MAX_ENTRIES) throw new BadFileFormatError(path, `bad entry count "${lines[1] ?? ""}"`);
  if (lines.length - 2 !== count) throw new BadFileFormatError(path, `expected ${count} entries, found ${lines.length - 2}`);
  return lines.slice(2).map((l) => l.trim().split(/\s+/));
}

function parseInt64(path: string, s: string | undefined): number {
  const n = Number(s);
  if (s === undefined || !/^-?\d+$/.test(s) || !Number.isSafeInteger(n)) throw new BadFileFormatError(path, `bad number "${s ?? ""}"`);
  return n;
}

/** `<topic> <partition> <offset>` entries keyed by `<topic>-<partition>`. */
export function readOffsetCheckpoint(path: string): Map<string, { tp: TopicPartition; offset: number }> {
  const out = new Map<string, { tp: TopicPartition; offset: number }>();
  const lines = readCheckpointLines(path);
  if (!lines) return out;
  for (const parts of lines) {
    if (parts.length !== 3) throw new BadFileFormatError(path, `bad entry "${parts.join(" ")}"`);
    const tp = { topic: parts[0]!, partition: parseInt64(path, parts[1]) };
    out.set(`${tp.topic}-${tp.partition}`, { tp, offset: parseInt64(path, parts[2]) });
  }
  return out;
}

export function writeOffsetCheckpoint(path: string, entries: Iterable<{ tp: TopicPartition; offset: number }>, sync = true): void {
  const lines: string[] = [];
  for (const e of entries) lines.push(`${e.tp.topic} ${e.tp.partition} ${e.offset}`);
  writeCheckpoint(path, lines, sync);
}

export interface EpochEntry {
  epoch: number;
  startOffset: number;
}

export function readEpochCheckpoint(path: string): EpochEntry[] {
  const lines = readCheckpointLines(path);
  if (!lines) return [];
  return lines.map((parts) => {
    if (parts.length !== 2) throw new BadFileFormatError(path, `bad entry "${parts.join(" ")}"`);
    return { epoch: parseInt64(path, parts[0]), startOffset: parseInt64(path, parts[1]) };
  });
}

export function writeEpochCheckpoint(path: string, entries: readonly EpochEntry[], sync = true): void {
  writeCheckpoint(path, entries.map((e) => `${e.epoch} ${e.startOffset}`), sync);
}
