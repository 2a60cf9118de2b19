// Builds the MetadataImage by applying metadata records in log order, as Kafka's MetadataDelta does
// for the record types a single broker needs: TopicRecord, PartitionRecord, PartitionChangeRecord,
// RemoveTopicRecord (which also drops the topic's configs), ConfigRecord, FeatureLevelRecord,
// RegisterBrokerRecord, UnregisterBrokerRecord, BrokerRegistrationChangeRecord and the older
// Fence/UnfenceBrokerRecord, Register/UnregisterControllerRecord, ProducerIdsRecord and
// User/RemoveUserScramCredentialRecord, (Remove)DelegationTokenRecord, ClientQuotaRecord. Other types are
// reported to the caller as not applied.
//
// The builder's maps are mutable; build() returns an image over copies, and every object an image
// holds (TopicImage, PartitionImage, a resource's config map) is replaced, never changed, afterwards.

import type { BrokerRegistrationChangeRecord } from "../protocol/generated/metadata/broker-registration-change-record.ts";
import type { ConfigRecord } from "../protocol/generated/metadata/config-record.ts";
import type { FeatureLevelRecord } from "../protocol/generated/metadata/feature-level-record.ts";
import type { FenceBrokerRecord } from "../protocol/generated/metadata/fence-broker-record.ts";
import type { PartitionChangeRecord } from "../protocol/generated/metadata/partition-change-record.ts";
import type { PartitionRecord } from "../protocol/generated/metadata/partition-record.ts";
import type { RegisterBrokerRecord } from "../protocol/generated/metadata/register-broker-record.ts";
import type { RemoveTopicRecord } from "../protocol/generated/metadata/remove-topic-record.ts";
import type { TopicRecord } from "../protocol/generated/metadata/topic-record.ts";
import type { UnfenceBrokerRecord } from "../protocol/generated/metadata/unfence-broker-record.ts";
import type { UnregisterBrokerRecord } from "../protocol/generated/metadata/unregister-broker-record.ts";
import type { ProducerIdsRecord } from "../protocol/generated/metadata/producer-ids-record.ts";
import type { RegisterControllerRecord } from "../protocol/generated/metadata/register-controller-record.ts";
import type { UnregisterControllerRecord } from "../protocol/generated/metadata/unregister-controller-record.ts";
import type { UserScramCredentialRecord } from "../protocol/generated/metadata/user-scram-credential-record.ts";
import type { RemoveUserScramCredentialRecord } from "../protocol/generated/metadata/remove-user-scram-credential-record.ts";
import type { AccessControlEntryRecord } from "../protocol/generated/metadata/access-control-entry-record.ts";
import type { RemoveAccessControlEntryRecord } from "../protocol/generated/metadata/remove-access-control-entry-record.ts";
import type { StandardAclWithId } from "./authorizer/acl.ts";
import { configKey } from "./image.ts";
import type { ClientQuotaImage, ScramCredentialImage } from "./image.ts";
import type { ClientQuotaRecord } from "../protocol/generated/metadata/client-quota-record.ts";
import { entityKey } from "./client-quota-control.ts";
import type { DelegationTokenRecord } from "../protocol/generated/metadata/delegation-token-record.ts";
import type { RemoveDelegationTokenRecord } from "../protocol/generated/metadata/remove-delegation-token-record.ts";
import type { DelegationTokenImage } from "./delegation-token-control.ts";
import type { BrokerRegistrationImage, ControllerRegistrationImage, MetadataImage, PartitionImage, TopicImage } from "./image.ts";
import { MetadataRecordError, RecordType } from "./record-serde.ts";

/** Kafka's ConfigResource.Type ids as written in ConfigRecord.ResourceType. */
export const ConfigResourceTypeId = { TOPIC: 2, BROKER: 4, BROKER_LOGGER: 8, CLIENT_METRICS: 16, GROUP: 32 } as const;

/** PartitionChangeRecord.Leader: the leader did not change. */
export const NO_LEADER_CHANGE = -2;

export class ImageBuilder {
  offset = -1n;
  private readonly topicsById = new Map<string, TopicImage>();
  private readonly brokers = new Map<number, BrokerRegistrationImage>();
  private readonly configs = new Map<string, ReadonlyMap<string, string>>();
  private readonly features = new Map<string, number>();
  private readonly controllers = new Map<number, ControllerRegistrationImage>();
  private nextProducerId = -1n;
  /** User -> mechanism type -> credential; each user's map is replaced, never changed, once built. */
  private readonly scram = new Map<string, ReadonlyMap<number, ScramCredentialImage>>();
  /** Shared with the last built image until an ACL record applies (copied on the first change). */
  private acls: ReadonlyMap<string, StandardAclWithId> = new Map();
  /** Token id -> token (DelegationTokenRecord). */
  private readonly tokens = new Map<string, DelegationTokenImage>();
  private aclsCopied = false;
  /** Shared with the last built image until a ClientQuotaRecord applies (copied on the first change). */
  private quotas: ReadonlyMap<string, ClientQuotaImage> = new Map();
  private quotasCopied = false;

  constructor(
    readonly clusterId: string,
    readonly controllerId: number,
    from?: MetadataImage,
  ) {
    if (from) {
      this.offset = from.offset;
      for (const [k, v] of from.topicsById) this.topicsById.set(k, v);
      for (const [k, v] of from.brokers) this.brokers.set(k, v);
      for (const [k, v] of from.configs) this.configs.set(k, v);
      for (const [k, v] of from.features) this.features.set(k, v);
      for (const [k, v] of from.controllers ?? []) this.controllers.set(k, v);
      this.nextProducerId = from.producerIds?.nextProducerId ?? -1n;
      for (const [k, v] of from.scramCredentials ?? []) this.scram.set(k, v);
      for (const [k, v] of from.delegationTokens ?? []) this.tokens.set(k, v);
      if (from.acls) this.acls = from.acls;
      if (from.clientQuotas) this.quotas = from.clientQuotas;
    }
  }

  /** Applies one record; returns false when its type is not one the image keeps. */
  apply(apiKey: number, message: unknown, offset: bigint): boolean {
    this.offset = offset;
    switch (apiKey) {
      case RecordType.TOPIC:
        this.topic(message as TopicRecord, offset);
        return true;
      case RecordType.PARTITION:
        this.partition(message as PartitionRecord, offset);
        return true;
      case RecordType.PARTITION_CHANGE:
        this.partitionChange(message as PartitionChangeRecord, offset);
        return true;
      case RecordType.REMOVE_TOPIC:
        this.removeTopic(message as RemoveTopicRecord, offset);
        return true;
      case RecordType.CONFIG:
        return this.config(message as ConfigRecord);
      case RecordType.FEATURE_LEVEL: {
        const f = message as FeatureLevelRecord;
        if (f.featureLevel === 0) this.features.delete(f.name);
        else this.features.set(f.name, f.featureLevel);
        return true;
      }
      case RecordType.REGISTER_BROKER:
        this.registerBroker(message as RegisterBrokerRecord, offset);
        return true;
      case RecordType.UNREGISTER_BROKER:
        this.brokers.delete((message as UnregisterBrokerRecord).brokerId);
        return true;
      case RecordType.BROKER_REGISTRATION_CHANGE:
        this.brokerChange(message as BrokerRegistrationChangeRecord);
        return true;
      case RecordType.FENCE_BROKER:
      case RecordType.UNFENCE_BROKER: {
        const m = message as FenceBrokerRecord | UnfenceBrokerRecord;
        const b = this.brokers.get(m.id);
        if (b && b.brokerEpoch === m.epoch) this.brokers.set(m.id, { ...b, fenced: apiKey === RecordType.FENCE_BROKER });
        return true;
      }
      case RecordType.REGISTER_CONTROLLER: {
        const m = message as RegisterControllerRecord;
        this.controllers.set(m.controllerId, {
          nodeId: m.controllerId,
          incarnationId: m.incarnationId,
          zkMigrationReady: m.zkMigrationReady,
          endpoints: m.endPoints.map((e) => ({ name: e.name, host: e.host, port: e.port, securityProtocol: e.securityProtocol })),
          supportedFeatures: m.features.map((f) => ({ name: f.name, minVersion: f.minSupportedVersion, maxVersion: f.maxSupportedVersion })),
        });
        return true;
      }
      case RecordType.UNREGISTER_CONTROLLER:
        this.controllers.delete((message as UnregisterControllerRecord).controllerId);
        return true;
      case RecordType.PRODUCER_IDS: {
        const m = message as ProducerIdsRecord;
        // Kafka's controller refuses a record that does not move the next id forward (its log is corrupt).
        if (this.nextProducerId >= 0n && m.nextProducerId <= this.nextProducerId) {
          throw new MetadataRecordError(offset, `ProducerIdsRecord next producer id ${m.nextProducerId} is not greater than the current ${this.nextProducerId}`);
        }
        this.nextProducerId = m.nextProducerId;
        return true;
      }
      case RecordType.USER_SCRAM_CREDENTIAL: {
        const m = message as UserScramCredentialRecord;
        const per = new Map(this.scram.get(m.name) ?? []);
        per.set(m.mechanism, { salt: m.salt, storedKey: m.storedKey, serverKey: m.serverKey, iterations: m.iterations });
        this.scram.set(m.name, per);
        return true;
      }
      case RecordType.REMOVE_USER_SCRAM_CREDENTIAL: {
        const m = message as RemoveUserScramCredentialRecord;
        const per = new Map(this.scram.get(m.name) ?? []);
        per.delete(m.mechanism);
        if (per.size === 0) this.scram.delete(m.name);
        else this.scram.set(m.name, per);
        return true;
      }
      case RecordType.DELEGATION_TOKEN: {
        const m = message as DelegationTokenRecord;
        this.tokens.set(m.tokenId, {
          tokenId: m.tokenId, owner: m.owner, requester: m.requester, renewers: [...m.renewers],
          issueTimestampMs: m.issueTimestamp, maxTimestampMs: m.maxTimestamp, expiryTimestampMs: m.expirationTimestamp,
        });
        return true;
      }
      case RecordType.REMOVE_DELEGATION_TOKEN: {
        this.tokens.delete((message as RemoveDelegationTokenRecord).tokenId);
        return true;
      }
      case RecordType.ACCESS_CONTROL_ENTRY: {
        const m = message as AccessControlEntryRecord;
        this.mutableAcls().set(m.id, {
          id: m.id,
          resourceType: m.resourceType,
          resourceName: m.resourceName,
          patternType: m.patternType,
          principal: m.principal,
          host: m.host,
          operation: m.operation,
          permissionType: m.permissionType,
        });
        return true;
      }
      case RecordType.REMOVE_ACCESS_CONTROL_ENTRY: {
        const m = message as RemoveAccessControlEntryRecord;
        // Kafka's AclControlManager.replay refuses to remove an ACL it does not have (a corrupt log).
        if (!this.acls.has(m.id)) throw new MetadataRecordError(offset, `RemoveAccessControlEntryRecord for unknown ACL id ${m.id}`);
        this.mutableAcls().delete(m.id);
        return true;
      }
      case RecordType.CLIENT_QUOTA:
        this.clientQuota(message as ClientQuotaRecord);
        return true;
      // Kafka's controller writes NoOpRecords to advance the high watermark; they change nothing.
      case RecordType.NO_OP:
        return true;
      default:
        return false;
    }
  }

  private topic(m: TopicRecord, offset: bigint): void {
    for (const t of this.topicsById.values()) {
      if (t.name === m.name) throw new MetadataRecordError(offset, `TopicRecord for ${m.name}, which exists with id ${t.topicId}`);
    }
    this.topicsById.set(m.topicId, { name: m.name, topicId: m.topicId, partitions: [] });
  }

  private partition(m: PartitionRecord, offset: bigint): void {
    const t = this.topicsById.get(m.topicId);
    if (!t) throw new MetadataRecordError(offset, `PartitionRecord for unknown topic id ${m.topicId}`);
    if (m.partitionId < 0 || m.partitionId > t.partitions.length) {
      throw new MetadataRecordError(offset, `PartitionRecord ${m.partitionId} of ${t.name}, which has ${t.partitions.length} partitions (they are created in order)`);
    }
    const p: PartitionImage = {
      topicId: t.topicId,
      topic: t.name,
      partition: m.partitionId,
      replicas: [...m.replicas],
      isr: [...m.isr],
      leader: m.leader,
      leaderEpoch: m.leaderEpoch,
      partitionEpoch: m.partitionEpoch,
      directories: [...m.directories],
      ...(m.eligibleLeaderReplicas?.length ? { elr: [...m.eligibleLeaderReplicas] } : {}),
      ...(m.lastKnownElr?.length ? { lastKnownElr: [...m.lastKnownElr] } : {}),
      ...(m.addingReplicas.length ? { addingReplicas: [...m.addingReplicas] } : {}),
      ...(m.removingReplicas.length ? { removingReplicas: [...m.removingReplicas] } : {}),
      ...(m.leaderRecoveryState === 1 ? { leaderRecoveryState: 1 } : {}),
    };
    const parts = [...t.partitions];
    parts[m.partitionId] = p;
    this.topicsById.set(t.topicId, { ...t, partitions: parts });
  }

  private partitionChange(m: PartitionChangeRecord, offset: bigint): void {
    const t = this.topicsById.get(m.topicId);
    const old = t?.partitions[m.partitionId];
    if (!t || !old) throw new MetadataRecordError(offset, `PartitionChangeRecord for unknown partition ${m.topicId}:${m.partitionId}`);
    const leaderChanged = m.leader !== NO_LEADER_CHANGE;
    // null: unchanged (Kafka's PartitionRegistration.merge); an empty list clears them.
    const elr = m.eligibleLeaderReplicas ? [...m.eligibleLeaderReplicas] : old.elr;
    const lastKnownElr = m.lastKnownElr ? [...m.lastKnownElr] : old.lastKnownElr;
    const adding = m.addingReplicas ? [...m.addingReplicas] : old.addingReplicas;
    const removing = m.removingReplicas ? [...m.removingReplicas] : old.removingReplicas;
    // -1: no change (PartitionChangeRecord.LeaderRecoveryState).
    const recovery = m.leaderRecoveryState === -1 ? (old.leaderRecoveryState ?? 0) : m.leaderRecoveryState;
    const { elr: _elr, lastKnownElr: _lastKnownElr, addingReplicas: _a, removingReplicas: _r, leaderRecoveryState: _s, ...rest } = old;
    const p: PartitionImage = {
      ...rest,
      replicas: m.replicas ? [...m.replicas] : old.replicas,
      isr: m.isr ? [...m.isr] : old.isr,
      leader: leaderChanged ? m.leader : old.leader,
      leaderEpoch: leaderChanged ? old.leaderEpoch + 1 : old.leaderEpoch,
      partitionEpoch: old.partitionEpoch + 1,
      directories: m.directories ? [...m.directories] : old.directories,
      ...(elr?.length ? { elr } : {}),
      ...(lastKnownElr?.length ? { lastKnownElr } : {}),
      ...(adding?.length ? { addingReplicas: adding } : {}),
      ...(removing?.length ? { removingReplicas: removing } : {}),
      ...(recovery === 1 ? { leaderRecoveryState: 1 } : {}),
    };
    const parts = [...t.partitions];
    parts[m.partitionId] = p;
    this.topicsById.set(t.topicId, { ...t, partitions: parts });
  }

  private removeTopic(m: RemoveTopicRecord, offset: bigint): void {
    const t = this.topicsById.get(m.topicId);
    if (!t) throw new MetadataRecordError(offset, `RemoveTopicRecord for unknown topic id ${m.topicId}`);
    this.topicsById.delete(m.topicId);
    this.configs.delete(configKey("topic", t.name));
  }

  private config(m: ConfigRecord): boolean {
    let key: string;
    if (m.resourceType === ConfigResourceTypeId.TOPIC) key = configKey("topic", m.resourceName);
    else if (m.resourceType === ConfigResourceTypeId.BROKER) key = configKey("broker", m.resourceName);
    else if (m.resourceType === ConfigResourceTypeId.GROUP) key = configKey("group", m.resourceName);
    else if (m.resourceType === ConfigResourceTypeId.CLIENT_METRICS) key = configKey("client-metrics", m.resourceName);
    else return false;
    const next = new Map(this.configs.get(key) ?? []);
    if (m.value === null) next.delete(m.name);
    else next.set(m.name, m.value);
    if (next.size === 0) this.configs.delete(key);
    else this.configs.set(key, next);
    return true;
  }

  private registerBroker(m: RegisterBrokerRecord, offset: bigint): void {
    this.brokers.set(m.brokerId, {
      nodeId: m.brokerId,
      incarnationId: m.incarnationId,
      brokerEpoch: m.brokerEpoch,
      endpoints: m.endPoints.map((e) => ({ name: e.name, host: e.host, port: e.port })),
      rack: m.rack,
      fenced: m.fenced,
      inControlledShutdown: m.inControlledShutdown,
      registrationOffset: offset,
      logDirs: [...m.logDirs],
      supportedFeatures: m.features.map((f) => ({ name: f.name, minVersion: f.minSupportedVersion, maxVersion: f.maxSupportedVersion })),
    });
  }

  private brokerChange(m: BrokerRegistrationChangeRecord): void {
    const b = this.brokers.get(m.brokerId);
    // Kafka ignores a change for another incarnation of the broker.
    if (!b || b.brokerEpoch !== m.brokerEpoch) return;
    const fenced = m.fenced === 1 ? true : m.fenced === -1 ? false : b.fenced;
    const inControlledShutdown = m.inControlledShutdown === 1 ? true : b.inControlledShutdown;
    // v2+ LogDirs: an empty list (the default, and every v0/v1 record) leaves them as registered.
    const logDirs = m.logDirs.length > 0 ? [...m.logDirs] : b.logDirs;
    this.brokers.set(m.brokerId, { ...b, fenced, inControlledShutdown, ...(logDirs ? { logDirs } : {}) });
  }

  /** Kafka's ClientQuotaControlManager.replay / ClientQuotasDelta: a key set or removed; an entity without keys goes. */
  private clientQuota(m: ClientQuotaRecord): void {
    if (!this.quotasCopied) {
      this.quotas = new Map(this.quotas);
      this.quotasCopied = true;
    }
    const all = this.quotas as Map<string, ClientQuotaImage>;
    const entity = new Map<string, string | null>();
    for (const e of m.entity) entity.set(e.entityType, e.entityName);
    const key = entityKey(entity);
    const quotas = new Map(all.get(key)?.quotas ?? []);
    if (m.remove) quotas.delete(m.key);
    else quotas.set(m.key, m.value);
    if (quotas.size === 0) all.delete(key);
    else all.set(key, { entity, quotas });
  }

  private mutableAcls(): Map<string, StandardAclWithId> {
    if (!this.aclsCopied) {
      this.acls = new Map(this.acls);
      this.aclsCopied = true;
    }
    return this.acls as Map<string, StandardAclWithId>;
  }

  build(): MetadataImage {
    // The built image keeps this map; the next ACL change copies it again.
    this.aclsCopied = false;
    this.quotasCopied = false;
    const byId = new Map(this.topicsById);
    const byName = new Map<string, TopicImage>();
    for (const t of byId.values()) byName.set(t.name, t);
    return {
      clusterId: this.clusterId,
      controllerId: this.controllerId,
      offset: this.offset,
      topicsByName: byName,
      topicsById: byId,
      brokers: new Map(this.brokers),
      configs: new Map(this.configs),
      features: new Map(this.features),
      controllers: new Map(this.controllers),
      producerIds: { nextProducerId: this.nextProducerId },
      ...(this.scram.size > 0 ? { scramCredentials: new Map(this.scram) } : {}),
      ...(this.tokens.size > 0 ? { delegationTokens: new Map(this.tokens) } : {}),
      acls: this.acls,
      ...(this.quotas.size > 0 ? { clientQuotas: this.quotas } : {}),
    };
  }
}

/** An empty image (before any record). */
export function emptyImage(clusterId: string, controllerId: number): MetadataImage {
  return new ImageBuilder(clusterId, controllerId).build();
}
