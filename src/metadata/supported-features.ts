// The features this node supports and the levels a fresh cluster finalizes (Kafka's BrokerFeatures /
// QuorumFeatures and Feature.defaultLevel(MetadataVersion.LATEST_PRODUCTION), read from Kafka 4.4.0's
// server-common classes).
//
// Kafka 4.4.0 (fresh `kafka-storage format`, static quorum) supports and finalizes:
//   metadata.version 7-33 (finalized 33 = 4.4-IV2)   kraft.version 0-1 (0)      transaction.version 0-2 (2)
//   group.version 0-1 (1)    eligible.leader.replicas.version 0-1 (1)    share.version 0-2 (2)
//   streams.version 0-1 (1)
// Strand lists the same seven features with Kafka's ranges where it serves what the level means, and
// range 0-0 (not finalized) where it does not, so that no client or tool is told that something works
// when it does not:
//   - transaction.version 0-2, finalized 2 (KIP-890 part 2: Java 4.x and franz-go switch to TV2);
//   - group.version 0-1, finalized 1 (the KIP-848 consumer protocol is served: keys 68, 69);
//   - kraft.version 0-1 as Kafka's: a static quorum runs at 0, a dynamic one (KIP-853, formatted with
//     --standalone / --initial-controllers) at 1; a voter being added must list 1 (AddRaftVoter asks its
//     ApiVersions), but an upgrade of a static quorum from 0 to 1 is refused (feature-control.ts);
//   - share.version 0-2, finalized 2 (KIP-932 share groups: keys 76, 77 and 90-92 are served by the
//     group coordinator; ShareFetch 78, ShareAcknowledge 79 and the share-state APIs 83-87 are
//     advertised by ApiVersions exactly when their handlers are in src/server/api/index.ts, as Kafka
//     lists them whatever the level: see SHARE_API_KEYS);
//   - streams.version 0-1, finalized 1 (KIP-1071 streams groups are served: keys 88, 89);
//   - eligible.leader.replicas.version 0-1, not finalized on a fresh cluster: the controller keeps ELRs
//     as Kafka's does when it is at 1 (KIP-966, partition-change.ts), so a Kafka 4.4.0 log dir or
//     cluster (which finalize 1) can be taken over or joined; with one replica per partition until
//     replication there is nothing for it to add to a fresh Strand cluster.
// Changing a range here (and the bootstrap level) is all it takes to advertise a feature once served.

/**
 * The API keys of share groups (KIP-932) in Kafka 4.4.0: ShareGroupHeartbeat, ShareGroupDescribe,
 * ShareFetch, ShareAcknowledge, Initialize/Read/Write/Delete ShareGroupState,
 * ReadShareGroupStateSummary, Describe/Alter/Delete ShareGroupOffsets. Each is advertised once its
 * handler is registered; share.version is finalized at 2 once 76 and 77 are.
 */
export const SHARE_API_KEYS: readonly number[] = [76, 77, 78, 79, 83, 84, 85, 86, 87, 90, 91, 92];

/** metadata.version levels of Kafka 4.4.0: 7 is 3.3-IV3 (MINIMUM_VERSION), 33 is 4.4-IV2 (LATEST_PRODUCTION). */
export const METADATA_VERSION_FEATURE = "metadata.version";
export const MIN_METADATA_VERSION_LEVEL = 7;
export const LATEST_METADATA_VERSION_LEVEL = 33;
/** MetadataVersion.LATEST_PRODUCTION.version(), as kafka-storage format prints it. */
export const LATEST_METADATA_VERSION_NAME = "4.4-IV2";
export const KRAFT_VERSION_FEATURE = "kraft.version";

/**
 * metadata.version levels whose MetadataVersion.didMetadataChange() is true in Kafka 4.4.0: a downgrade
 * across one of them could lose metadata, so Kafka refuses it.
 */
export const METADATA_CHANGING_LEVELS: ReadonlySet<number> = new Set([7, 8, 11, 13, 14, 15, 17, 23, 30, 32, 33]);

export interface SupportedFeature {
  readonly name: string;
  readonly minVersion: number;
  readonly maxVersion: number;
  /** The level a fresh cluster finalizes (0: not finalized). */
  readonly bootstrapLevel: number;
}

/** In Kafka's BrokerFeatures insertion order (metadata.version, then Feature.PRODUCTION_FEATURES). */
export const SUPPORTED_FEATURES: readonly SupportedFeature[] = [
  { name: METADATA_VERSION_FEATURE, minVersion: MIN_METADATA_VERSION_LEVEL, maxVersion: LATEST_METADATA_VERSION_LEVEL, bootstrapLevel: LATEST_METADATA_VERSION_LEVEL },
  { name: KRAFT_VERSION_FEATURE, minVersion: 0, maxVersion: 1, bootstrapLevel: 0 },
  { name: "transaction.version", minVersion: 0, maxVersion: 2, bootstrapLevel: 2 },
  { name: "group.version", minVersion: 0, maxVersion: 1, bootstrapLevel: 1 },
  { name: "eligible.leader.replicas.version", minVersion: 0, maxVersion: 1, bootstrapLevel: 0 },
  { name: "share.version", minVersion: 0, maxVersion: 2, bootstrapLevel: 2 },
  { name: "streams.version", minVersion: 0, maxVersion: 1, bootstrapLevel: 1 },
];

const BY_NAME: ReadonlyMap<string, SupportedFeature> = new Map(SUPPORTED_FEATURES.map((f) => [f.name, f]));

export function supportedFeature(name: string): SupportedFeature | undefined {
  return BY_NAME.get(name);
}

/**
 * The features a fresh cluster finalizes, in the order Kafka's bootstrap writes their
 * FeatureLevelRecords: metadata.version first, then the others by name.
 */
export function bootstrapFeatureLevels(): Array<{ name: string; level: number }> {
  const others = SUPPORTED_FEATURES.filter((f) => f.name !== METADATA_VERSION_FEATURE && f.bootstrapLevel > 0)
    .map((f) => ({ name: f.name, level: f.bootstrapLevel }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return [{ name: METADATA_VERSION_FEATURE, level: LATEST_METADATA_VERSION_LEVEL }, ...others];
}
