// The partition side of broker lifecycle changes, as Kafka 4.4.0's ReplicationControlManager
// plans them (generateLeaderAndIsrUpdates and its callers): fencing, unfencing, controlled shutdown,
// unregistration and a new incarnation after an unclean shutdown each become PartitionChangeRecords
// (partition-change.ts) over the partitions the broker is in, planned against the image as it is
// before any of them applies.
//
// Partitions are visited in the image's topic order then partition order (Kafka walks its
// BrokersToIsrs hash maps; the set of records is the same, their order may differ).

import type { BrokerRegistrationImage, MetadataImage, PartitionImage, TopicImage } from "./image.ts";
import { configKey } from "./image.ts";
import { NO_LEADER } from "./leader-recovery.ts";
import { buildPartitionChange } from "./partition-change.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";

export const ELR_FEATURE = "eligible.leader.replicas.version";

/** FeatureControlManager.isElrFeatureEnabled: eligible.leader.replicas.version >= 1. */
export function elrEnabled(image: Pick<MetadataImage, "features">): boolean {
  return (image.features.get(ELR_FEATURE) ?? 0) >= 1;
}

/** ClusterControlManager.isActive: registered, unfenced and not in controlled shutdown. */
export function isActiveBroker(image: MetadataImage, brokerId: number): boolean {
  const b = image.brokers.get(brokerId);
  return b !== undefined && !b.fenced && !b.inControlledShutdown;
}

/** Kafka's DirectoryId.UNASSIGNED, MIGRATING and LOST. */
const UNASSIGNED_DIR = "AAAAAAAAAAAAAAAAAAAAAQ";
const MIGRATING_DIR = "AAAAAAAAAAAAAAAAAAAAAA";
const LOST_DIR = "AAAAAAAAAAAAAAAAAAAAAg";

/**
 * BrokerRegistration.hasOnlineDir: a replica's recorded dir is online unless the broker no longer
 * lists it (UNASSIGNED and MIGRATING always are; a registration built by hand lists none: online).
 */
export function hasOnlineDir(b: BrokerRegistrationImage, dir: string | undefined): boolean {
  if (dir === undefined || b.logDirs === undefined || dir === UNASSIGNED_DIR || dir === MIGRATING_DIR) return true;
  return dir !== LOST_DIR && b.logDirs.includes(dir);
}

/** ReplicationControlManager.LeaderAcceptor: an active broker whose replica's log dir is online. */
export function leaderAcceptor(image: MetadataImage, p: PartitionImage): (brokerId: number) => boolean {
  return (brokerId) => {
    const b = image.brokers.get(brokerId);
    return b !== undefined && !b.fenced && !b.inControlledShutdown && hasOnlineDir(b, p.directories[p.replicas.indexOf(brokerId)]);
  };
}

export function hasLeaderships(image: MetadataImage, brokerId: number): boolean {
  for (const t of image.topicsById.values()) for (const p of t.partitions) if (p.leader === brokerId) return true;
  return false;
}

function topicConfig(image: MetadataImage, topic: string, name: string): string | undefined {
  return image.configs.get(configKey("topic", topic))?.get(name) ?? image.configs.get(configKey("broker", ""))?.get(name);
}

/** getTopicEffectiveMinIsr: the topic's (or the cluster's) min.insync.replicas, at most its replication factor. */
export function effectiveMinIsr(image: MetadataImage, t: TopicImage, defaultMinIsr: number): number {
  const raw = topicConfig(image, t.name, "min.insync.replicas");
  const minIsr = raw !== undefined && /^-?\d+$/.test(raw) ? Number(raw) : defaultMinIsr;
  return Math.min(minIsr, t.partitions[0]?.replicas.length ?? minIsr);
}

export interface ReplicationEnv {
  /** The controller's static min.insync.replicas (server.properties), below topic and cluster overrides. */
  readonly defaultMinIsr: number;
  /** The controller's static unclean.leader.election.enable. */
  readonly defaultUncleanLeaderElection: boolean;
}

export const DEFAULT_REPLICATION_ENV: ReplicationEnv = { defaultMinIsr: 1, defaultUncleanLeaderElection: false };

/** ConfigurationControlManager.uncleanLeaderElectionEnabledForTopic: the topic's, the cluster's, or the static value. */
export function uncleanLeaderElectionEnabled(image: MetadataImage, env: ReplicationEnv, topic: string): boolean {
  const raw = topicConfig(image, topic, "unclean.leader.election.enable");
  return raw !== undefined ? raw.toLowerCase() === "true" : env.defaultUncleanLeaderElection;
}

/**
 * generateLeaderAndIsrUpdates: `brokerToRemove` leaves the ISR and cannot lead; `brokerToAdd` may lead
 * although the image still shows it fenced; `uncleanBroker` leaves ISR and ELR and cannot lead.
 */
export function generateLeaderAndIsrUpdates(
  image: MetadataImage,
  env: ReplicationEnv,
  brokerToRemove: number,
  brokerToAdd: number,
  uncleanBroker: number,
  which: (p: PartitionImage) => boolean,
  records: MetadataRecordOut[],
): void {
  const accept = (p: PartitionImage) => {
    const acceptor = leaderAcceptor(image, p);
    return (r: number): boolean => r !== brokerToRemove && r !== uncleanBroker && (r === brokerToAdd || acceptor(r));
  };
  const elr = elrEnabled(image);
  // Bounded by the image's partitions.
  for (const t of image.topicsById.values()) {
    const minIsr = effectiveMinIsr(image, t, env.defaultMinIsr);
    const unclean = uncleanLeaderElectionEnabled(image, env, t.name);
    for (const p of t.partitions) {
      if (!which(p)) continue;
      const r = buildPartitionChange(
        {
          partition: p,
          targetIsr: p.isr.filter((b) => b !== brokerToRemove && b !== uncleanBroker),
          isAcceptableLeader: accept(p),
          elrEnabled: elr,
          minIsr,
          uncleanElection: unclean,
          ...(uncleanBroker !== NO_LEADER ? { uncleanShutdownReplicas: [uncleanBroker] } : {}),
        },
        t.topicId,
      );
      if (r) records.push(metadataRecord(RecordType.PARTITION_CHANGE, r));
    }
  }
}

const inIsr = (brokerId: number) => (p: PartitionImage) => p.isr.includes(brokerId);
const inElr = (brokerId: number) => (p: PartitionImage) => (p.elr ?? []).includes(brokerId);
const leaderless = (p: PartitionImage) => p.leader === NO_LEADER;

/** BrokerRegistrationChangeRecord fencing values (BrokerRegistrationFencingChange). */
export const FencingChange = { UNFENCE: -1, NONE: 0, FENCE: 1 } as const;

function registrationChange(brokerId: number, brokerEpoch: bigint, change: { fenced?: number; inControlledShutdown?: number }): MetadataRecordOut {
  // Kafka 4.4.0 writes a fencing change at v0 and an in-controlled-shutdown change at v1.
  const version = change.inControlledShutdown !== undefined ? 1 : 0;
  return {
    apiKey: RecordType.BROKER_REGISTRATION_CHANGE,
    version,
    message: { brokerId, brokerEpoch, fenced: change.fenced ?? 0, inControlledShutdown: change.inControlledShutdown ?? 0, logDirs: [], cordonedLogDirs: null },
  };
}

/** handleBrokerFenced: out of every ISR (new leaders where it led), then the fencing change. */
export function handleBrokerFenced(image: MetadataImage, env: ReplicationEnv, brokerId: number, records: MetadataRecordOut[]): void {
  const b = image.brokers.get(brokerId);
  if (!b) throw new Error(`Can't find broker registration for broker ${brokerId}`);
  generateLeaderAndIsrUpdates(image, env, brokerId, NO_LEADER, NO_LEADER, inIsr(brokerId), records);
  records.push(registrationChange(brokerId, b.brokerEpoch, { fenced: FencingChange.FENCE }));
}

/** handleBrokerUnfenced: the unfencing change, then leaders for leaderless partitions it may lead. */
export function handleBrokerUnfenced(image: MetadataImage, env: ReplicationEnv, brokerId: number, brokerEpoch: bigint, records: MetadataRecordOut[]): void {
  records.push(registrationChange(brokerId, brokerEpoch, { fenced: FencingChange.UNFENCE }));
  generateLeaderAndIsrUpdates(image, env, NO_LEADER, brokerId, NO_LEADER, leaderless, records);
}

/** handleBrokerInControlledShutdown: the state change (once), then out of every ISR, leaders moved off it. */
export function handleBrokerInControlledShutdown(image: MetadataImage, env: ReplicationEnv, brokerId: number, brokerEpoch: bigint, records: MetadataRecordOut[]): void {
  if (!image.brokers.get(brokerId)?.inControlledShutdown) records.push(registrationChange(brokerId, brokerEpoch, { inControlledShutdown: 1 }));
  generateLeaderAndIsrUpdates(image, env, brokerId, NO_LEADER, NO_LEADER, inIsr(brokerId), records);
}

/** handleBrokerUnregistered: out of every ISR and ELR, then UnregisterBrokerRecord. */
export function handleBrokerUnregistered(image: MetadataImage, env: ReplicationEnv, brokerId: number, brokerEpoch: bigint, records: MetadataRecordOut[]): void {
  generateLeaderAndIsrUpdates(image, env, brokerId, NO_LEADER, NO_LEADER, inIsr(brokerId), records);
  generateLeaderAndIsrUpdates(image, env, brokerId, NO_LEADER, NO_LEADER, inElr(brokerId), records);
  records.push(metadataRecord(RecordType.UNREGISTER_BROKER, { brokerId, brokerEpoch }));
}

/**
 * handleBrokerShutdown, for a new incarnation of a registered broker: after an unclean shutdown (with
 * ELR on) it leaves ISR and ELR for good; otherwise it leaves the ISRs as if fenced.
 */
export function handleBrokerShutdown(image: MetadataImage, env: ReplicationEnv, brokerId: number, cleanShutdown: boolean, records: MetadataRecordOut[]): void {
  if (elrEnabled(image) && !cleanShutdown) {
    generateLeaderAndIsrUpdates(image, env, NO_LEADER, NO_LEADER, brokerId, inIsr(brokerId), records);
    generateLeaderAndIsrUpdates(image, env, NO_LEADER, NO_LEADER, brokerId, inElr(brokerId), records);
  } else {
    generateLeaderAndIsrUpdates(image, env, brokerId, NO_LEADER, NO_LEADER, inIsr(brokerId), records);
  }
}

/**
 * handleDirectoriesOffline: log dirs a broker's heartbeat reports offline that its registration still
 * lists. The broker leaves the ISR (and leadership) of every partition whose replica on it lives in
 * such a dir, then a BrokerRegistrationChangeRecord (v2) lists only its remaining dirs, so Metadata
 * reports those replicas offline (describe.ts). Dirs already gone from the registration change nothing.
 */
export function handleDirectoriesOffline(image: MetadataImage, env: ReplicationEnv, brokerId: number, brokerEpoch: bigint, offlineDirs: readonly string[], records: MetadataRecordOut[]): void {
  const dirs = image.brokers.get(brokerId)?.logDirs ?? [];
  const newlyOffline = new Set(dirs.filter((d) => offlineDirs.includes(d)));
  if (newlyOffline.size === 0) return;
  const onDir = (p: PartitionImage): boolean => {
    const i = p.replicas.indexOf(brokerId);
    return i >= 0 && newlyOffline.has(p.directories[i] ?? "");
  };
  generateLeaderAndIsrUpdates(image, env, brokerId, NO_LEADER, NO_LEADER, (p) => onDir(p) && p.isr.includes(brokerId), records);
  records.push({
    apiKey: RecordType.BROKER_REGISTRATION_CHANGE,
    version: 2,
    message: { brokerId, brokerEpoch, fenced: FencingChange.NONE, inControlledShutdown: 0, logDirs: dirs.filter((d) => !newlyOffline.has(d)), cordonedLogDirs: null },
  });
}
