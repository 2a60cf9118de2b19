// The log cleaner's broker settings (Kafka's CleanerConfig) from server.properties: log.cleaner.enable,
// log.cleaner.threads, backoff, dedupe buffer, I/O buffer, load factor and I/O throttle, with Kafka's
// defaults. Read at start-up (Kafka can change some at run time; Strand applies a change at restart).
import { DEFAULT_CLEANER_CONFIG, type LogCleanerConfig } from "../storage/cleaner/log-cleaner.ts";

function num(given: ReadonlyMap<string, string>, key: string, fallback: number, min: number): number {
  const raw = given.get(key);
  if (raw === undefined) return fallback;
  const n = Number(raw.trim());
  return Number.isFinite(n) && n >= min ? n : n === Infinity ? n : fallback;
}

/** null when log.cleaner.enable=false. */
export function cleanerConfigOf(given: ReadonlyMap<string, string>): LogCleanerConfig | null {
  if ((given.get("log.cleaner.enable") ?? "true").trim().toLowerCase() === "false") return null;
  // Kafka runs no cleaner thread with log.cleaner.threads=0.
  if (num(given, "log.cleaner.threads", 1, 0) < 1) return null;
  const d = DEFAULT_CLEANER_CONFIG;
  const maxIo = num(given, "log.cleaner.io.max.bytes.per.second", d.maxIoBytesPerSecond, 1);
  return {
    threads: Math.floor(num(given, "log.cleaner.threads", d.threads, 1)),
    backoffMs: num(given, "log.cleaner.backoff.ms", d.backoffMs, 0),
    dedupeBufferBytes: num(given, "log.cleaner.dedupe.buffer.size", d.dedupeBufferBytes, 1),
    loadFactor: num(given, "log.cleaner.io.buffer.load.factor", d.loadFactor, 0),
    ioBufferBytes: num(given, "log.cleaner.io.buffer.size", d.ioBufferBytes, 0),
    // Kafka's default is Double.MAX_VALUE: unthrottled.
    maxIoBytesPerSecond: maxIo >= Number.MAX_VALUE ? Infinity : maxIo,
    executor: process.env.STRAND_CLEANER_INLINE === "1" ? "inline" : "worker",
    threadNice: Math.floor(num(given, "strand.log.cleaner.thread.nice", 19, 0)),
  };
}
