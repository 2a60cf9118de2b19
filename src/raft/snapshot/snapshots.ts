// Snapshot file names beside the log (Kafka's Snapshots): `<20-digit end offset>-<10-digit epoch>.checkpoint`,
// written as `<name>-<random>.checkpoint.part` and renamed when frozen, renamed `.checkpoint.deleted` when
// marked for deletion and removed later. Parsing takes the id from the name's first 31 characters, as
// Kafka does, so a `.part` file's random middle does not matter.

import { join } from "node:path";
import type { SnapshotId } from "../types.ts";

export const SNAPSHOT_SUFFIX = ".checkpoint";
export const PARTIAL_SUFFIX = `${SNAPSHOT_SUFFIX}.part`;
export const DELETE_SUFFIX = `${SNAPSHOT_SUFFIX}.deleted`;

const OFFSET_WIDTH = 20;
const EPOCH_WIDTH = 10;

/** Kafka's BOOTSTRAP_SNAPSHOT_ID: the snapshot `kafka-storage format` writes (0-0). */
export const BOOTSTRAP_SNAPSHOT_ID: SnapshotId = Object.freeze({ offset: 0, epoch: 0 });

export function filenameFromSnapshotId(id: SnapshotId): string {
  return `${String(id.offset).padStart(OFFSET_WIDTH, "0")}-${String(id.epoch).padStart(EPOCH_WIDTH, "0")}`;
}

export function snapshotPath(logDir: string, id: SnapshotId): string {
  return join(logDir, filenameFromSnapshotId(id) + SNAPSHOT_SUFFIX);
}

export function deletedSnapshotPath(logDir: string, id: SnapshotId): string {
  return join(logDir, filenameFromSnapshotId(id) + DELETE_SUFFIX);
}

export interface SnapshotPath {
  readonly name: string;
  readonly snapshotId: SnapshotId;
  readonly partial: boolean;
  readonly deleted: boolean;
}

/** The snapshot a file name stands for, or null when it is not a snapshot file. */
export function parseSnapshotFileName(name: string): SnapshotPath | null {
  let partial = false;
  let deleted = false;
  if (name.endsWith(PARTIAL_SUFFIX)) partial = true;
  else if (name.endsWith(DELETE_SUFFIX)) deleted = true;
  else if (!name.endsWith(SNAPSHOT_SUFFIX)) return null;
  const offsetText = name.slice(0, OFFSET_WIDTH);
  const epochText = name.slice(OFFSET_WIDTH + 1, OFFSET_WIDTH + 1 + EPOCH_WIDTH);
  if (!/^\d{20}$/.test(offsetText) || name[OFFSET_WIDTH] !== "-" || !/^\d{10}$/.test(epochText)) return null;
  const offset = Number(offsetText);
  const epoch = Number(epochText);
  if (!Number.isSafeInteger(offset) || epoch > 0x7fffffff) return null;
  return { name, snapshotId: { offset, epoch }, partial, deleted };
}

/** Kafka's OffsetAndEpoch ordering: by offset, then epoch. */
export function compareSnapshotIds(a: SnapshotId, b: SnapshotId): number {
  return a.offset !== b.offset ? a.offset - b.offset : a.epoch - b.epoch;
}

export function snapshotIdString(id: SnapshotId): string {
  return `OffsetAndEpoch(offset=${id.offset}, epoch=${id.epoch})`;
}
