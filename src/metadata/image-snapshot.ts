// A snapshot of the metadata image (KIP-630): the records that rebuild it from nothing, in the order
// Kafka's MetadataImage.write(ImageWriter) writes them — features (FeatureLevelRecord
// metadata.version first, so a reader knows the version before any other record), the cluster
// (RegisterBrokerRecord per broker, then RegisterControllerRecord per controller), topics (TopicRecord
// then its PartitionRecords), configs (ConfigRecord per key), producer ids (one ProducerIdsRecord once
// a block was handed out), then ACLs (one AccessControlEntryRecord each), SCRAM credentials
// (UserScramCredentialRecord per user and mechanism), delegation tokens (DelegationTokenRecord, last as
// in Kafka); client quotas (ClientQuotaRecord per entity and key) come after the configs, as in Kafka. Loading runs a snapshot's records through an ImageBuilder
// from empty, as Kafka's MetadataLoader applies a snapshot to an empty delta.
//
// What the image does not keep is not in the snapshot either: a broker's listeners' security protocols
// (taken from the listener name when it is one of Kafka's protocols, else PLAINTEXT). A Kafka node that
// loads a Strand snapshot sees them so until the broker registers again (it does on every start).

import type { SnapshotReader, SnapshotWriter } from "../raft/raft-client.ts";
import type { BrokerRegistrationImage, ControllerRegistrationImage, MetadataImage, PartitionImage } from "./image.ts";
import { ConfigResourceTypeId, ImageBuilder } from "./image-builder.ts";
import { decodeMetadataRecord, encodeMetadataRecord, metadataRecord, RecordType } from "./record-serde.ts";
import type { MetadataRecordOut } from "./record-serde.ts";
import { clientQuotaRecords } from "./client-quota-control.ts";
import { SECURITY_PROTOCOL_ID } from "./registration.ts";
import { METADATA_VERSION_FEATURE } from "./supported-features.ts";

/** Records handed to the snapshot writer per append (it packs them into batches by bytes). */
const RECORDS_PER_APPEND = 1000;

const CONFIG_RESOURCE_TYPES: Readonly<Record<string, number>> = {
  topic: ConfigResourceTypeId.TOPIC,
  broker: ConfigResourceTypeId.BROKER,
  group: ConfigResourceTypeId.GROUP,
  "client-metrics": ConfigResourceTypeId.CLIENT_METRICS,
};

function partitionRecord(p: PartitionImage): MetadataRecordOut {
  return metadataRecord(RecordType.PARTITION, {
    partitionId: p.partition,
    topicId: p.topicId,
    replicas: [...p.replicas],
    isr: [...p.isr],
    removingReplicas: p.removingReplicas ? [...p.removingReplicas] : [],
    addingReplicas: p.addingReplicas ? [...p.addingReplicas] : [],
    leader: p.leader,
    leaderRecoveryState: p.leaderRecoveryState ?? 0,
    leaderEpoch: p.leaderEpoch,
    partitionEpoch: p.partitionEpoch,
    directories: [...p.directories],
    eligibleLeaderReplicas: p.elr ? [...p.elr] : [],
    lastKnownElr: p.lastKnownElr ? [...p.lastKnownElr] : [],
  });
}

function brokerRecord(b: BrokerRegistrationImage): MetadataRecordOut {
  return metadataRecord(RecordType.REGISTER_BROKER, {
    brokerId: b.nodeId,
    isMigratingZkBroker: false,
    incarnationId: b.incarnationId,
    brokerEpoch: b.brokerEpoch,
    endPoints: b.endpoints.map((e) => ({ name: e.name, host: e.host, port: e.port, securityProtocol: SECURITY_PROTOCOL_ID[e.name.toUpperCase()] ?? 0 })),
    features: (b.supportedFeatures ?? []).map((f) => ({ name: f.name, minSupportedVersion: f.minVersion, maxSupportedVersion: f.maxVersion })),
    rack: b.rack,
    fenced: b.fenced,
    inControlledShutdown: b.inControlledShutdown,
    logDirs: [...(b.logDirs ?? [])],
    cordonedLogDirs: null,
  });
}

function controllerRecord(c: ControllerRegistrationImage): MetadataRecordOut {
  return metadataRecord(RecordType.REGISTER_CONTROLLER, {
    controllerId: c.nodeId,
    incarnationId: c.incarnationId,
    zkMigrationReady: c.zkMigrationReady,
    endPoints: c.endpoints.map((e) => ({ name: e.name, host: e.host, port: e.port, securityProtocol: e.securityProtocol })),
    features: c.supportedFeatures.map((f) => ({ name: f.name, minSupportedVersion: f.minVersion, maxSupportedVersion: f.maxVersion })),
  });
}

/** The records that rebuild `image`, in Kafka's MetadataImage.write order. */
export function imageRecords(image: MetadataImage): MetadataRecordOut[] {
  const out: MetadataRecordOut[] = [];
  // Features: metadata.version first (Kafka's FeaturesImage.writeFeatureLevels), the rest by name.
  const mv = image.features.get(METADATA_VERSION_FEATURE);
  if (mv !== undefined) out.push(metadataRecord(RecordType.FEATURE_LEVEL, { name: METADATA_VERSION_FEATURE, featureLevel: mv }));
  for (const [name, level] of [...image.features].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (name !== METADATA_VERSION_FEATURE) out.push(metadataRecord(RecordType.FEATURE_LEVEL, { name, featureLevel: level }));
  }
  for (const b of [...image.brokers.values()].sort((x, y) => x.nodeId - y.nodeId)) out.push(brokerRecord(b));
  for (const c of [...(image.controllers?.values() ?? [])].sort((x, y) => x.nodeId - y.nodeId)) out.push(controllerRecord(c));
  for (const t of image.topicsById.values()) {
    out.push(metadataRecord(RecordType.TOPIC, { name: t.name, topicId: t.topicId }));
    for (const p of t.partitions) out.push(partitionRecord(p));
  }
  for (const [key, entries] of image.configs) {
    const colon = key.indexOf(":");
    const resourceType = CONFIG_RESOURCE_TYPES[key.slice(0, colon)];
    if (resourceType === undefined) throw new Error(`config resource key ${key} has no ConfigRecord resource type`);
    const resourceName = key.slice(colon + 1);
    for (const [name, value] of entries) out.push(metadataRecord(RecordType.CONFIG, { resourceType, resourceName, name, value }));
  }
  // Kafka's ClientQuotasImage.write, between the configs and the producer ids.
  for (const r of clientQuotaRecords(image)) out.push(r);
  // Kafka's ProducerIdsImage.write: the next block's first id, with no broker (-1) once one was handed out.
  const nextProducerId = image.producerIds?.nextProducerId ?? -1n;
  if (nextProducerId >= 0n) out.push(metadataRecord(RecordType.PRODUCER_IDS, { brokerId: -1, brokerEpoch: -1n, nextProducerId }));
  // Kafka's ScramImage.write: one UserScramCredentialRecord per mechanism and user.
  for (const [name, per] of image.scramCredentials ?? []) {
    for (const [mechanism, c] of per) {
      out.push(metadataRecord(RecordType.USER_SCRAM_CREDENTIAL, { name, mechanism, salt: c.salt, storedKey: c.storedKey, serverKey: c.serverKey, iterations: c.iterations }));
    }
  }
  // Kafka's AclsImage.write: one AccessControlEntryRecord per ACL, with its id.
  for (const a of image.acls?.values() ?? []) {
    out.push(
      metadataRecord(RecordType.ACCESS_CONTROL_ENTRY, {
        id: a.id,
        resourceType: a.resourceType,
        resourceName: a.resourceName,
        patternType: a.patternType,
        principal: a.principal,
        host: a.host,
        operation: a.operation,
        permissionType: a.permissionType,
      }),
    );
  }
  // Kafka's DelegationTokenImage.write (last in MetadataImage.write): one DelegationTokenRecord per token.
  for (const t of image.delegationTokens?.values() ?? []) {
    out.push(metadataRecord(RecordType.DELEGATION_TOKEN, { owner: t.owner, requester: t.requester, renewers: [...t.renewers], issueTimestamp: t.issueTimestampMs, maxTimestamp: t.maxTimestampMs, expirationTimestamp: t.expiryTimestampMs, tokenId: t.tokenId }));
  }
  return out;
}

/** Writes the image's records to `writer` (call freeze() after). */
export function writeImageSnapshot(image: MetadataImage, writer: Pick<SnapshotWriter, "append">): number {
  const records = imageRecords(image).map(encodeMetadataRecord);
  // Bounded by the image: RECORDS_PER_APPEND records a step.
  for (let i = 0; i < records.length; i += RECORDS_PER_APPEND) writer.append(records.slice(i, i + RECORDS_PER_APPEND));
  return records.length;
}

export interface LoadedSnapshot {
  readonly image: MetadataImage;
  readonly records: number;
  /** Records of types the image does not keep (client quotas, ACLs, ... written by Kafka), by type. */
  readonly skipped: ReadonlyMap<number, number>;
}

/**
 * Builds the image a snapshot holds, from empty. Its offset is the snapshot's last contained offset.
 * Throws MetadataRecordError on a record that cannot be read or applied.
 */
export function loadImageSnapshot(reader: SnapshotReader, clusterId: string, controllerId: number): LoadedSnapshot {
  const builder = new ImageBuilder(clusterId, controllerId);
  const skipped = new Map<number, number>();
  let records = 0;
  // Every record of a snapshot is replayed at the snapshot's last contained offset, as Kafka's
  // controller replays them: that is the offset a registration taken from a snapshot dates from.
  const lastContained = BigInt(reader.snapshotId.offset - 1);
  for (const batch of reader.batches()) {
    let offset = batch.baseOffset;
    for (const value of batch.records) {
      const rec = decodeMetadataRecord(value, BigInt(offset));
      const applied = rec.schema !== null && builder.apply(rec.apiKey, rec.message, lastContained);
      if (!applied) skipped.set(rec.apiKey, (skipped.get(rec.apiKey) ?? 0) + 1);
      records++;
      offset++;
    }
  }
  builder.offset = lastContained;
  return { image: builder.build(), records, skipped };
}
