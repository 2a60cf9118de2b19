// The metadata partition as the metadata layer sees it: partition 0 of `__cluster_metadata` in
// metadata.log.dir, read and written by the Raft client (src/raft/kafka-metadata-log.ts), on a single
// node (a one-voter quorum) as in a cluster. What the layer needs of it: its name, and the settings it
// reports when its log config is asked for.

import { METADATA_TOPIC } from "../raft/raft-records.ts";
import type { LogConfig } from "../storage/log-config.ts";

// The topic name is Raft's (src/raft/raft-records.ts).
export { METADATA_TOPIC };

/** Log settings of the metadata partition: never deleted by time or size (only snapshots may trim it). */
export function metadataLogConfig(segmentBytes?: number): Partial<LogConfig> {
  return {
    retentionMs: -1,
    retentionBytes: -1,
    maxMessageBytes: 8 * 1024 * 1024,
    ...(segmentBytes !== undefined ? { segmentBytes } : {}),
  };
}
