// `strand consume --group G`: a member of a KIP-848 consumer group. The coordinator assigns partitions
// (ConsumerGroupHeartbeat, served by Strand and Kafka 4.x), so the client runs no assignor: it joins
// with epoch 0 and a member id of its own (v1), heartbeats every heartbeatIntervalMs, reports the
// partitions it owns once it has taken (or given up) what it was assigned, commits offsets with its
// member epoch (OffsetCommit v9) and leaves with epoch -1.
//
// Fenced or unknown (FENCED_MEMBER_EPOCH, UNKNOWN_MEMBER_ID): it rejoins with epoch 0, as Kafka's
// consumer does, and starts its partitions again from the committed offsets.
import type { ConsumerGroupHeartbeatResponse } from "../../protocol/generated/messages/consumer-group-heartbeat-response.ts";
import type { OffsetCommitResponse } from "../../protocol/generated/messages/offset-commit-response.ts";
import type { OffsetFetchResponse } from "../../protocol/generated/messages/offset-fetch-response.ts";
import { ErrorCode, KafkaError } from "../../protocol/errors.ts";
import { randomKafkaUuid } from "../../storage/meta-properties.ts";
import { API } from "../client/api-keys.ts";
import { checkError, type KafkaCliClient } from "../client/kafka-cli-client.ts";

/** OffsetCommit/OffsetFetch v9: the member epoch of KIP-848, and topic names (v10 sends ids). */
const OFFSETS_VERSION = 9;
const REBALANCE_TIMEOUT_MS = 30_000;

export interface HeartbeatResult {
  /** The partitions of our topic now assigned (null: unchanged since the last heartbeat). */
  assigned: number[] | null;
  /** True after a fence: every partition must start again from the committed offsets. */
  rejoined: boolean;
}

export class GroupMember {
  readonly memberId = randomKafkaUuid();
  private epoch = 0;
  private intervalMs = 1_000;
  private nextHeartbeatMs = 0;
  /** Partitions owned, to report; null when the last report is current. */
  private toReport: number[] | null = [];

  constructor(
    private readonly client: KafkaCliClient,
    readonly groupId: string,
    readonly topic: string,
    private readonly topicId: string,
  ) {}

  get memberEpoch(): number {
    return this.epoch;
  }

  heartbeatDue(nowMs: number): boolean {
    return this.toReport !== null || nowMs >= this.nextHeartbeatMs;
  }

  /** Say which partitions are now owned (sent with the next heartbeat). */
  owned(parts: readonly number[]): void {
    this.toReport = [...parts];
  }

  async heartbeat(): Promise<HeartbeatResult> {
    const joining = this.epoch === 0;
    const r = await this.client.sendToCoordinator<ConsumerGroupHeartbeatResponse, ConsumerGroupHeartbeatResponse>(
      "GROUP",
      this.groupId,
      API.ConsumerGroupHeartbeat,
      {
        groupId: this.groupId,
        memberId: this.memberId,
        memberEpoch: this.epoch,
        instanceId: null,
        rackId: null,
        rebalanceTimeoutMs: REBALANCE_TIMEOUT_MS,
        subscribedTopicNames: joining ? [this.topic] : null,
        subscribedTopicRegex: null,
        serverAssignor: null,
        // Joining must send an empty list (Kafka refuses owned partitions with epoch 0).
        topicPartitions: this.toReport === null ? null : this.toReport.length === 0 ? [] : [{ topicId: this.topicId, partitions: this.toReport }],
      },
      (res) => {
        if (res.body.errorCode === ErrorCode.FENCED_MEMBER_EPOCH || res.body.errorCode === ErrorCode.UNKNOWN_MEMBER_ID) return res.body;
        checkError(res.body.errorCode, `ConsumerGroupHeartbeat of group ${this.groupId}`, res.body.errorMessage);
        return res.body;
      },
      { minVersion: 1 },
    );
    if (r.errorCode === ErrorCode.FENCED_MEMBER_EPOCH || r.errorCode === ErrorCode.UNKNOWN_MEMBER_ID) {
      this.epoch = 0;
      this.toReport = [];
      this.nextHeartbeatMs = 0;
      return { assigned: [], rejoined: true };
    }
    this.toReport = null;
    this.epoch = r.memberEpoch;
    if (r.heartbeatIntervalMs > 0) this.intervalMs = r.heartbeatIntervalMs;
    this.nextHeartbeatMs = Date.now() + this.intervalMs;
    if (!r.assignment) return { assigned: null, rejoined: false };
    const mine = r.assignment.topicPartitions.filter((t) => t.topicId === this.topicId).flatMap((t) => t.partitions);
    return { assigned: mine.sort((a, b) => a - b), rejoined: false };
  }

  /** Committed offsets of `parts` (-1: none). */
  async committed(parts: readonly number[]): Promise<Map<number, bigint>> {
    const body = await this.client.sendToCoordinator<OffsetFetchResponse, OffsetFetchResponse>(
      "GROUP",
      this.groupId,
      API.OffsetFetch,
      {
        groups: [{ groupId: this.groupId, memberId: this.memberId, memberEpoch: this.epoch, topics: [{ name: this.topic, partitionIndexes: [...parts] }] }],
        requireStable: true,
      },
      (res) => {
        const g = res.body.groups[0];
        if (!g) throw new KafkaError(ErrorCode.UNKNOWN_SERVER_ERROR, `OffsetFetch answered no group ${this.groupId}`);
        checkError(g.errorCode, `OffsetFetch of group ${this.groupId}`);
        for (const p of g.topics.flatMap((t) => t.partitions)) checkError(p.errorCode, `OffsetFetch ${this.topic}-${p.partitionIndex}`);
        return res.body;
      },
      { minVersion: 8, maxVersion: OFFSETS_VERSION },
    );
    const out = new Map<number, bigint>(parts.map((p) => [p, -1n]));
    for (const p of body.groups[0]!.topics.flatMap((t) => t.partitions)) out.set(p.partitionIndex, p.committedOffset);
    return out;
  }

  async commit(offsets: ReadonlyMap<number, bigint>): Promise<void> {
    if (offsets.size === 0) return;
    await this.client.sendToCoordinator<OffsetCommitResponse, void>(
      "GROUP",
      this.groupId,
      API.OffsetCommit,
      {
        groupId: this.groupId,
        generationIdOrMemberEpoch: this.epoch,
        memberId: this.memberId,
        groupInstanceId: null,
        retentionTimeMs: -1n,
        topics: [{ name: this.topic, partitions: [...offsets].map(([p, o]) => ({ partitionIndex: p, committedOffset: o, committedLeaderEpoch: -1, committedMetadata: "" })) }],
      },
      (res) => {
        for (const p of res.body.topics.flatMap((t) => t.partitions)) checkError(p.errorCode, `OffsetCommit ${this.topic}-${p.partitionIndex} for group ${this.groupId}`);
      },
      { maxVersion: OFFSETS_VERSION },
    );
  }

  /** Leave the group (epoch -1): the coordinator gives our partitions to others at once. */
  async leave(): Promise<void> {
    if (this.epoch <= 0) return;
    await this.client.sendToCoordinator<ConsumerGroupHeartbeatResponse, void>(
      "GROUP",
      this.groupId,
      API.ConsumerGroupHeartbeat,
      { groupId: this.groupId, memberId: this.memberId, memberEpoch: -1, instanceId: null, rackId: null, rebalanceTimeoutMs: REBALANCE_TIMEOUT_MS, subscribedTopicNames: null, subscribedTopicRegex: null, serverAssignor: null, topicPartitions: null },
      () => undefined,
      { minVersion: 1 },
    );
    this.epoch = -1;
  }
}
