// Kafka's file naming: segments and snapshots are named by a 20-digit zero-padded offset, partition
// directories by `<topic>-<partition>`.
import { join } from "node:path";

export const LOG_SUFFIX = ".log";
export const INDEX_SUFFIX = ".index";
export const TIME_INDEX_SUFFIX = ".timeindex";
export const TXN_INDEX_SUFFIX = ".txnindex";
export const SNAPSHOT_SUFFIX = ".snapshot";
export const DELETED_SUFFIX = ".deleted";
export const CLEANED_SUFFIX = ".cleaned";
export const SWAP_SUFFIX = ".swap";

export function offsetFileName(offset: number): string {
  return String(offset).padStart(20, "0");
}

export function segmentFile(dir: string, baseOffset: number, suffix: string): string {
  return join(dir, offsetFileName(baseOffset) + suffix);
}

/** Offset encoded in a file name like 00000000000000000042.log, or -1 when it is not one. */
export function offsetFromFileName(name: string, suffix: string): number {
  if (!name.endsWith(suffix)) return -1;
  const stem = name.slice(0, name.length - suffix.length);
  if (!/^\d{20}$/.test(stem)) return -1;
  const n = Number(stem);
  return Number.isSafeInteger(n) ? n : -1;
}

export interface TopicPartition {
  topic: string;
  partition: number;
}

export function partitionDirName(tp: TopicPartition): string {
  return `${tp.topic}-${tp.partition}`;
}

export function tpKey(tp: TopicPartition): string {
  return `${tp.topic}-${tp.partition}`;
}

/** Parses `<topic>-<partition>`; topics may contain '-', so split at the last one. */
export function parsePartitionDirName(name: string): TopicPartition | null {
  const i = name.lastIndexOf("-");
  if (i <= 0) return null;
  const p = name.slice(i + 1);
  if (!/^\d+$/.test(p)) return null;
  return { topic: name.slice(0, i), partition: Number(p) };
}

/** A partition dir set aside for the operator (Kafka's LocalLog.StrayDirSuffix): never loaded, never deleted. */
export const STRAY_DIR_SUFFIX = "-stray";
/** A partition dir being deleted (Kafka's LocalLog.DeleteDirSuffix): removed at the next start if a stop interrupted it. */
export const DELETE_DIR_SUFFIX = "-delete";

/**
 * Kafka's LocalLog.logDirNameWithSuffixCappedLength: `<topic>-<partition>.<uuid><suffix>`, the topic
 * cut short so the name stays within 255 characters (topic names are ASCII, so characters are bytes).
 */
export function partitionDirNameWithSuffix(tp: TopicPartition, suffix: string, uniqueId: string = crypto.randomUUID().replaceAll("-", "")): string {
  const tail = `-${tp.partition}.${uniqueId}${suffix}`;
  return tp.topic.slice(0, Math.max(0, Math.min(tp.topic.length, 255 - tail.length))) + tail;
}

/** `<topic>-<partition>.<32 hex>-stray` (Kafka's StrayDirPattern). */
export function isStrayDirName(name: string): boolean {
  return /^\S+-\d+\.[0-9a-f]{32}-stray$/.test(name);
}
