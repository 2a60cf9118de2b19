// The bootstrap snapshot `kafka-storage format` writes into a controller's metadata.log.dir (Kafka
// 4.4.0's Formatter.writeBoostrapSnapshot): `__cluster_metadata-0/00000000000000000000-0000000000.checkpoint`,
// snapshot 0-0, written with the ordinary snapshot writer:
//   - a control batch: SnapshotHeaderRecord, then at kraft.version 1 the KRaftVersionRecord and, when
//     initial voters were given (--standalone, --initial-controllers), the VotersRecord;
//   - one data batch with the bootstrap metadata records (FeatureLevelRecords: metadata.version first);
//   - a control batch with the SnapshotFooterRecord.
// Kafka 4.4.0 writes no bootstrap.checkpoint any more: this snapshot is where a new controller finds the
// feature levels and (KIP-853) the initial voter set. A static quorum (controller.quorum.voters) gets the
// same file at kraft.version 0, with neither KRaft record.
//
// readBootstrapVoters() reads it back for the Raft layer: the kraft.version and voter set, or null when
// the directory has no bootstrap snapshot.

import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { METADATA_TOPIC, METADATA_PARTITION } from "./raft-records.ts";
import { FileRawSnapshotReader, FileRawSnapshotWriter } from "./snapshot/file-raw-snapshot.ts";
import { RecordsSnapshotReader } from "./snapshot/records-snapshot-reader.ts";
import { RecordsSnapshotWriter } from "./snapshot/records-snapshot-writer.ts";
import { BOOTSTRAP_SNAPSHOT_ID, snapshotPath } from "./snapshot/snapshots.ts";
import type { Voter } from "./types.ts";
import { VoterSet } from "./voter-set.ts";

/** Kafka's KRaftVersion feature levels: 0 static voters (KIP-595), 1 dynamic voters (KIP-853). */
export const KRAFT_VERSION_0 = 0;
export const KRAFT_VERSION_1 = 1;

/** `<metadata.log.dir>/__cluster_metadata-0`. */
export function metadataPartitionDir(metadataLogDir: string): string {
  return join(metadataLogDir, `${METADATA_TOPIC}-${METADATA_PARTITION}`);
}

/** Where the bootstrap snapshot of `metadataLogDir` is. */
export function bootstrapSnapshotPath(metadataLogDir: string): string {
  return snapshotPath(metadataPartitionDir(metadataLogDir), BOOTSTRAP_SNAPSHOT_ID);
}

export interface BootstrapSnapshotContent {
  /** kraft.version: 1 when the quorum is dynamic (no controller.quorum.voters), else 0. */
  readonly kraftVersion: number;
  /** The initial voters (only at kraft.version 1; null: --no-initial-controllers or a static quorum). */
  readonly voters: readonly Voter[] | null;
  /** The bootstrap metadata records, each an encoded metadata record (record-serde's frame). */
  readonly records: readonly Uint8Array[];
  readonly nowMs?: () => number;
}

/** Writes snapshot 0-0 into `<metadataLogDir>/__cluster_metadata-0` (created if needed); returns its path. */
export async function writeBootstrapSnapshot(metadataLogDir: string, content: BootstrapSnapshotContent): Promise<string> {
  const dir = metadataPartitionDir(metadataLogDir);
  mkdirSync(dir, { recursive: true });
  const now = content.nowMs ?? Date.now;
  const writer = new RecordsSnapshotWriter(FileRawSnapshotWriter.create(dir, BOOTSTRAP_SNAPSHOT_ID), {
    lastContainedLogTimestampMs: now(),
    kraftVersion: content.kraftVersion,
    voters: content.voters,
    nowMs: now,
  });
  try {
    writer.append(content.records);
    await writer.freeze();
  } finally {
    writer.close();
  }
  return bootstrapSnapshotPath(metadataLogDir);
}

export interface BootstrapVoters {
  readonly kraftVersion: number;
  /** The VotersRecord's voters; null when the snapshot has none (kraft.version 0, or no initial voters). */
  readonly voters: VoterSet | null;
}

/**
 * kraft.version and the voter set of the bootstrap snapshot in `metadataLogDir`, or null when there is
 * none. Reads the whole snapshot, so one cut short (no footer) or with a bad batch throws
 * CorruptSnapshotError rather than passing for a bootstrap.
 */
export function readBootstrapVoters(metadataLogDir: string): BootstrapVoters | null {
  const dir = metadataPartitionDir(metadataLogDir);
  if (!existsSync(snapshotPath(dir, BOOTSTRAP_SNAPSHOT_ID))) return null;
  const raw = FileRawSnapshotReader.open(dir, BOOTSTRAP_SNAPSHOT_ID);
  try {
    const reader = RecordsSnapshotReader.of(raw);
    // Bounded by the file: the batches are only walked to find the footer.
    for (const _ of reader.batches());
    return { kraftVersion: reader.kraftVersion, voters: reader.voters ? new VoterSet(reader.voters) : null };
  } finally {
    raw.close();
  }
}

/**
 * The encoded metadata records of the bootstrap snapshot's data batches (feature levels, and the
 * UserScramCredentialRecords of `format --add-scram`), or [] when there is no bootstrap snapshot.
 * Bounded by the file, which format writes small.
 */
export function readBootstrapRecords(metadataLogDir: string): Uint8Array[] {
  const dir = metadataPartitionDir(metadataLogDir);
  if (!existsSync(snapshotPath(dir, BOOTSTRAP_SNAPSHOT_ID))) return [];
  const raw = FileRawSnapshotReader.open(dir, BOOTSTRAP_SNAPSHOT_ID);
  try {
    const out: Uint8Array[] = [];
    for (const b of RecordsSnapshotReader.of(raw).batches()) for (const r of b.records) out.push(r.slice());
    return out;
  } finally {
    raw.close();
  }
}
