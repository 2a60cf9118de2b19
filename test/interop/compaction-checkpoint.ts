// Seeing from outside that a broker's log cleaner has cleaned a partition, the same way on Apache Kafka
// 4.4.0 and on Strand: both write Kafka's `cleaner-offset-checkpoint` in each log dir after every clean
// (Kafka's OffsetCheckpointFile: a version line "0", an entry count, then `topic partition offset`
// lines; the offset is the first offset NOT yet cleaned, i.e. the end of the cleaned range). The
// cleaner never cleans the active segment, so "cleaned up to the active segment's base offset" is the
// most a clean can reach; the bench (bench/lib/compaction.ts) and test/interop/compaction-kafka.test.ts
// wait for that.
//
//   parseOffsetCheckpoint(text)                   -> Map "topic partition" -> offset (throws on a bad file)
//   cleanerCheckpoint(logDir, topic, partition)   -> bigint | null (no file, empty file or no entry)
//   activeSegmentBaseOffset(logDir, topic, p)     -> the newest segment's base offset (its file name)
//   waitUntilCleaned({ ... target ... })          -> resolves once the entry reaches target; NotCleanedError
//                                                   after timeoutMs, saying what the file held
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const CLEANER_CHECKPOINT_FILE = "cleaner-offset-checkpoint";
/** A checkpoint lists one line per partition of the log dir: this only bounds a corrupt file. */
const MAX_ENTRIES = 1_000_000;

export class CheckpointFormatError extends Error {
  constructor(detail: string, readonly text: string) {
    super(`not an offset checkpoint file: ${detail}\n${text.slice(0, 500)}`);
    this.name = "CheckpointFormatError";
  }
}

/** Entries of an OffsetCheckpointFile keyed by "topic partition". An empty text is an empty file (Kafka creates them so). */
export function parseOffsetCheckpoint(text: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  if (lines.length === 0) return out;
  if (lines[0]!.trim() !== "0") throw new CheckpointFormatError(`version line "${lines[0]}"`, text);
  const count = Number(lines[1]?.trim());
  if (!Number.isInteger(count) || count < 0 || count > MAX_ENTRIES) throw new CheckpointFormatError(`entry count "${lines[1] ?? ""}"`, text);
  if (lines.length - 2 !== count) throw new CheckpointFormatError(`${count} entries announced, ${lines.length - 2} present`, text);
  for (const line of lines.slice(2)) {
    const f = line.trim().split(/\s+/);
    if (f.length !== 3 || !/^\d+$/.test(f[1]!) || !/^-?\d+$/.test(f[2]!)) throw new CheckpointFormatError(`entry "${line}"`, text);
    out.set(`${f[0]} ${Number(f[1])}`, BigInt(f[2]!));
  }
  return out;
}

/** The cleaner's checkpoint of one partition, or null when the file or the entry is absent. */
export function cleanerCheckpoint(logDir: string, topic: string, partition: number): bigint | null {
  const path = join(logDir, CLEANER_CHECKPOINT_FILE);
  if (!existsSync(path)) return null;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return null; // replaced (renamed over) between the check and the read
  }
  return parseOffsetCheckpoint(text).get(`${topic} ${partition}`) ?? null;
}

/** Base offsets of the partition's segments (`<20 digits>.log`), ascending. */
export function segmentBaseOffsets(logDir: string, topic: string, partition: number): bigint[] {
  const dir = join(logDir, `${topic}-${partition}`);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d{20}\.log$/.test(f))
    .map((f) => BigInt(f.slice(0, 20)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The active (newest) segment's base offset: the first offset a clean can never reach. */
export function activeSegmentBaseOffset(logDir: string, topic: string, partition: number): bigint {
  const bases = segmentBaseOffsets(logDir, topic, partition);
  if (bases.length === 0) throw new Error(`no segment of ${topic}-${partition} in ${logDir}`);
  return bases[bases.length - 1]!;
}

export class NotCleanedError extends Error {
  constructor(readonly what: string, readonly last: bigint | null, readonly target: bigint, readonly timeoutMs: number) {
    super(`${what}: not cleaned within ${timeoutMs} ms: ${CLEANER_CHECKPOINT_FILE} ` +
      `${last === null ? "has no entry for the partition" : `stands at ${last}`}, the cleanable end is ${target}` +
      `${last === null ? " (does the broker run a log cleaner?)" : ""}`);
    this.name = "NotCleanedError";
  }
}

export interface WaitCleanedOptions {
  logDir: string;
  topic: string;
  partition: number;
  /** The offset the checkpoint must reach (usually the active segment's base offset). */
  target: bigint;
  timeoutMs: number;
  pollMs?: number;
  /** Named in the error, e.g. "Kafka 4.4.0 cmp-0". */
  what: string;
  /** Stop early (e.g. the broker died); its message goes into the error. */
  abort?: () => string | null;
}

/** Polls the checkpoint until it reaches `target`; resolves with the offset seen and when (performance.now()). */
export async function waitUntilCleaned(o: WaitCleanedOptions): Promise<{ offset: bigint; at: number }> {
  const pollMs = o.pollMs ?? 25;
  const deadline = performance.now() + o.timeoutMs;
  let last: bigint | null = null;
  // Bounded by the deadline; one read of a small file per poll.
  for (;;) {
    last = cleanerCheckpoint(o.logDir, o.topic, o.partition);
    const at = performance.now();
    if (last !== null && last >= o.target) return { offset: last, at };
    const why = o.abort?.();
    if (why) throw new Error(`${o.what}: stopped waiting for the cleaner: ${why}`);
    if (at >= deadline) throw new NotCleanedError(o.what, last, o.target, o.timeoutMs);
    await Bun.sleep(pollMs);
  }
}
