// What the rest of the broker sees of metadata: the current image and the controller operations that
// change it. Every operation appends records to the metadata log (__cluster_metadata) and resolves once
// they are committed (a one-voter quorum once its own log has them on disk) and applied to the image. Partition logs are
// created and deleted by the metadata layer as the image changes, so a handler that sees a partition in
// the image finds its log with `partitionLog`.

import type { ReassignablePartition } from "../protocol/generated/messages/alter-partition-reassignments-request.ts";
import type { OngoingTopicReassignment } from "../protocol/generated/messages/list-partition-reassignments-response.ts";
import type { ReassignmentTopicResult } from "./partition-reassignment.ts";
import type { Log } from "../storage/log.ts";
import type { FeatureUpdate } from "./feature-control.ts";
import type { MetadataImage, PartitionImage, TopicImage } from "./image.ts";
import type { EntryData as AlterClientQuotasEntry } from "../protocol/generated/messages/alter-client-quotas-request.ts";
import type { EntryData as AlterClientQuotasResult } from "../protocol/generated/messages/alter-client-quotas-response.ts";
import type { AlterUserScramCredentialsRequest } from "../protocol/generated/messages/alter-user-scram-credentials-request.ts";
import type { AlterUserScramCredentialsResult } from "../protocol/generated/messages/alter-user-scram-credentials-response.ts";
import type { ElectionTopicResult } from "./leader-election.ts";
import type { AclBindingFilter, StandardAcl } from "./authorizer/acl.ts";
import type { AclDeleteResult, AclResult } from "./acl-control.ts";
import type { CreateTokenInput, CreateTokenResult, ExpiryResult } from "./delegation-token-control.ts";

export interface TopicToCreate {
  name: string;
  /** -1: num.partitions. */
  numPartitions: number;
  /** -1: default.replication.factor. */
  replicationFactor: number;
  /** Explicit replica assignment, partition index -> broker ids (empty: let the controller place them). */
  assignments: Array<{ partitionIndex: number; brokerIds: number[] }>;
  configs: Array<{ name: string; value: string | null }>;
}

export interface CreatedTopic {
  name: string;
  topicId: string;
  errorCode: number;
  errorMessage: string | null;
  numPartitions: number;
  replicationFactor: number;
}

export interface TopicDeletion {
  name: string | null;
  topicId: string | null;
  errorCode: number;
  errorMessage: string | null;
}

export interface PartitionIncrease {
  name: string;
  /** The new total count. */
  count: number;
  assignments: number[][] | null;
}

export type ConfigResourceType = "topic" | "broker" | "broker-logger" | "group" | "client-metrics";

export type ConfigOp = "set" | "delete" | "append" | "subtract";

export interface ConfigChange {
  resourceType: ConfigResourceType;
  /** Topic name, broker id as a string, or "" for the cluster-wide broker default. */
  resourceName: string;
  name: string;
  value: string | null;
  op: ConfigOp;
}

export interface OperationResult {
  errorCode: number;
  errorMessage: string | null;
}

export interface MetadataLayer {
  /** The current image; replaced (never mutated) as records apply. */
  readonly image: MetadataImage;
  /** `timeoutMs`: the request's own, passed on where the operation is forwarded to the controller. */
  createTopics(topics: TopicToCreate[], opts: { validateOnly: boolean; timeoutMs?: number }): Promise<CreatedTopic[]>;
  deleteTopics(refs: Array<{ name: string | null; topicId: string | null }>): Promise<TopicDeletion[]>;
  createPartitions(increases: PartitionIncrease[], opts: { validateOnly: boolean }): Promise<Array<OperationResult & { name: string }>>;
  /**
   * Apply config changes grouped per resource: each resource's changes succeed or fail together.
   * `incremental` false is the legacy AlterConfigs (the resource's overrides are replaced by the set given).
   */
  alterConfigs(
    resources: Array<{ resourceType: ConfigResourceType; resourceName: string; changes: ConfigChange[] }>,
    opts: { validateOnly: boolean; incremental: boolean },
  ): Promise<Array<OperationResult & { resourceType: ConfigResourceType; resourceName: string }>>;
  /** The log of a partition this broker hosts, or undefined. */
  partitionLog(topic: string, partition: number): Log | undefined;
  /** The partition's image entry, or undefined if the topic or partition does not exist. */
  partition(topic: string, partition: number): PartitionImage | undefined;
  /** Called after each batch of records is applied (e.g. to complete delayed fetches on a deleted topic). */
  onApplied(listener: (image: MetadataImage) => void): void;
  // The two below are optional only so that test fakes written before them still typecheck; the
  // broker's RaftMetadata implements both.
  /**
   * The topic, created first if missing (coordinators' __consumer_offsets, __transaction_state).
   * Throws InternalTopicError when it cannot be created.
   */
  ensureInternalTopic?(name: string, partitions: number, configs: Record<string, string>, replicationFactor?: number): Promise<TopicImage>;
  /**
   * Metadata's auto-creation (auto.create.topics.enable, num.partitions, default.replication.factor):
   * creates the topics that do not exist and returns each name's error code for the Metadata response
   * (UNKNOWN_TOPIC_OR_PARTITION for one just created, as Kafka 4.4.0 answers).
   */
  autoCreateTopics?(names: readonly string[]): Promise<Map<string, number>>;
  /**
   * UpdateFeatures (feature-control.ts): all updates commit as FeatureLevelRecords, or none does and
   * the first bad one's INVALID_UPDATE_VERSION is returned. Optional for the same reason as the two above.
   */
  updateFeatures?(updates: FeatureUpdate[], opts: { validateOnly: boolean }): Promise<OperationResult>;
  /**
   * AlterUserScramCredentials (scram-control.ts): the valid alterations commit as
   * User/RemoveUserScramCredentialRecords; per-user results in Kafka's order. Optional (test layers).
   */
  alterUserScramCredentials?(req: AlterUserScramCredentialsRequest): Promise<AlterUserScramCredentialsResult[]>;
  /**
   * AlterClientQuotas (client-quota-control.ts): the valid entities' ClientQuotaRecords commit together
   * (none with validateOnly); a result per entity. Optional (test layers).
   */
  alterClientQuotas?(entries: readonly AlterClientQuotasEntry[], validateOnly: boolean): Promise<AlterClientQuotasResult[]>;
  /**
   * Create/Renew/ExpireDelegationToken on the active controller (delegation-token-control.ts): the
   * DelegationTokenRecord / RemoveDelegationTokenRecord commits before the answer. `principal` is the
   * caller's, "Type:name". Reject with NOT_CONTROLLER off the active controller. Optional (test layers).
   */
  createDelegationToken?(principal: string, input: Omit<CreateTokenInput, "requester">): Promise<CreateTokenResult>;
  renewDelegationToken?(principal: string, hmac: Uint8Array, renewPeriodMs: bigint): Promise<ExpiryResult>;
  expireDelegationToken?(principal: string, hmac: Uint8Array, expiryTimePeriodMs: bigint): Promise<ExpiryResult>;
  /**
   * ElectLeaders (leader-election.ts): plans and commits the elections; per-partition results as Kafka's
   * controller gives them. Throws UnknownElectionTypeError for an election type other than 0 and 1.
   */
  electLeaders?(electionType: number, topicPartitions: ReadonlyArray<{ topic: string; partitions: readonly number[] }> | null): Promise<ElectionTopicResult[]>;
  /**
   * AlterPartitionReassignments (partition-reassignment.ts): the changes commit together; per-partition
   * results as Kafka's controller gives them. Rejects with NOT_CONTROLLER off the active controller.
   */
  alterPartitionReassignments?(topics: ReadonlyArray<{ name: string; partitions: readonly ReassignablePartition[] }>, allowReplicationFactorChange: boolean): Promise<ReassignmentTopicResult[]>;
  /** ListPartitionReassignments from the committed image; rejects with NOT_CONTROLLER off the active controller. */
  listPartitionReassignments?(topics: ReadonlyArray<{ name: string; partitionIndexes: readonly number[] }> | null): Promise<OngoingTopicReassignment[]>;
  /**
   * CreateAcls on the active controller (acl-control.ts): one result per ACL, in order; the new ACLs
   * commit together. Rejects with NOT_CONTROLLER off the active controller.
   */
  createAcls?(acls: readonly StandardAcl[]): Promise<AclResult[]>;
  /** DeleteAcls on the active controller: one result per filter, listing the ACLs it removed. */
  deleteAcls?(filters: readonly AclBindingFilter[]): Promise<AclDeleteResult[]>;
}
