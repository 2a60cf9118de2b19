// The streams groups of one group coordinator shard (Kafka keeps them in GroupMetadataManager next to
// the other group types): the map of groups, the heartbeat manager, and what the shard's common
// operations need from them: the group-id namespace shared with classic and consumer groups, offset
// commit checks, ListGroups, DeleteGroups, offset expiry, replay of the records at load, and the live
// records of a partition. GroupCoordinator calls these through small hooks.

import { ErrorCode } from "../../protocol/errors.ts";
import type { SnapshotRegistry } from "../runtime/snapshot-registry.ts";
import { TimelineMap } from "../runtime/snapshot-registry.ts";
import type { CoordinatorLogger } from "../runtime/logger.ts";
import type { TopicInfo } from "./consumer-manager.ts";
import { GroupError } from "./errors.ts";
import type { KeyValue } from "./records.ts";
import type { GroupTimers } from "./timer.ts";
import { StreamsGroup } from "./streams-group.ts";
import { StreamsGroupManager, type StreamsGroupConfig, type StreamsGroupSettings } from "./streams-manager.ts";
import { isStreamsRecordType, replayStreamsRecord, streamsGroupSnapshot, streamsGroupTombstones } from "./streams-records.ts";
import { validateStreamsCommit, validateStreamsFetch } from "./streams-offsets.ts";
import { BUILTIN_TASK_ASSIGNORS } from "./streams-task-assignor.ts";
import { describeStreamsGroup } from "./streams-describe.ts";
import type { DescribedGroup } from "../../protocol/generated/messages/streams-group-describe-response.ts";

export const DEFAULT_STREAMS_GROUP_CONFIG: StreamsGroupConfig = {
  sessionTimeoutMs: 45_000,
  heartbeatIntervalMs: 5_000,
  maxSize: 2 ** 31 - 1,
  numStandbyReplicas: 0,
  initialRebalanceDelayMs: 3_000,
  assignmentIntervalMs: 1_000,
  assignors: [BUILTIN_TASK_ASSIGNORS.get("sticky")!],
  taskOffsetIntervalMs: 60_000,
  acceptableRecoveryLag: 10_000n,
};

export interface StreamsShardHost {
  /** Another group type holds the id: "empty" (a classic group with no members: it gives way), "busy", or null. */
  otherGroup(groupId: string): "empty" | "busy" | null;
  /** Drop the empty classic group holding the id (the streams group takes it). */
  dropEmptyGroup(groupId: string): void;
  append(groupId: string, records: KeyValue[]): Promise<void>;
  topics(): ReadonlyMap<string, TopicInfo>;
  /** A group's settings now (GROUP config overrides); absent: the static config. */
  groupConfig?(groupId: string): StreamsGroupSettings;
}

export class StreamsGroupShard {
  readonly groups: TimelineMap<string, StreamsGroup>;
  readonly manager: StreamsGroupManager;

  constructor(
    registry: SnapshotRegistry | null,
    private readonly timers: GroupTimers,
    config: StreamsGroupConfig,
    logger: CoordinatorLogger,
    private readonly host: StreamsShardHost,
  ) {
    this.groups = new TimelineMap(registry);
    this.manager = new StreamsGroupManager({ streamsGroup: (id, create) => this.streamsGroup(id, create), append: (id, r) => host.append(id, r), topics: () => host.topics(), groupConfig: host.groupConfig && ((id) => host.groupConfig!(id)) }, timers, config, logger);
  }

  /** The streams group; created when `create` (over an empty classic group); another live type is GROUP_ID_NOT_FOUND. */
  streamsGroup(groupId: string, create: boolean): StreamsGroup | undefined {
    const g = this.groups.get(groupId);
    if (g) return g;
    const other = this.host.otherGroup(groupId);
    if (other === "busy" || (other === "empty" && !create)) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, groupId, `Group ${groupId} is not a streams group.`);
    if (!create) return undefined;
    if (other === "empty") this.host.dropEmptyGroup(groupId);
    const n = new StreamsGroup(groupId, this.timers.nowMs());
    this.groups.set(groupId, n);
    return n;
  }

  /** StreamsGroupDescribe: the group, or null when the id is not a streams group. */
  describe(groupId: string): DescribedGroup | null {
    const g = this.groups.get(groupId);
    return g ? describeStreamsGroup(g, this.manager.config.assignors[0]!.name, this.host.topics()) : null;
  }

  has(groupId: string): boolean {
    return this.groups.has(groupId);
  }

  /** OffsetCommit / TxnOffsetCommit check, or null when the id is not a streams group. */
  commitCheck(groupId: string, memberId: string, memberEpoch: number, partitions: ReadonlyArray<{ topic: string; partition: number }>): number | null {
    const g = this.groups.get(groupId);
    return g ? validateStreamsCommit(g, memberId, memberEpoch, partitions).errorCode : null;
  }

  fetchCheck(groupId: string, memberId: string | null, memberEpoch: number): number | null {
    const g = this.groups.get(groupId);
    return g ? validateStreamsFetch(g, memberId, memberEpoch).errorCode : null;
  }

  list(states: ReadonlySet<string>, types: ReadonlySet<string>): Array<{ groupId: string; protocolType: string; state: string; type: string }> {
    const out = [];
    for (const g of this.groups.values()) {
      if (states.size > 0 && !states.has(g.state.toLowerCase())) continue;
      if (types.size > 0 && !types.has(g.type)) continue;
      out.push({ groupId: g.groupId, protocolType: g.protocolType, state: g.state, type: g.type });
    }
    return out;
  }

  /** DeleteGroups: NON_EMPTY_GROUP while members remain; else the group's tombstones (after `offsetTombstones`). */
  delete(groupId: string, offsetTombstones: () => KeyValue[]): { errorCode: number; written: Promise<void> } | null {
    const g = this.groups.get(groupId);
    if (!g) return null;
    if (!g.isEmpty()) return { errorCode: ErrorCode.NON_EMPTY_GROUP, written: Promise.resolve() };
    return { errorCode: ErrorCode.NONE, written: this.remove(g, offsetTombstones()) };
  }

  private remove(g: StreamsGroup, records: KeyValue[]): Promise<void> {
    records.push(...streamsGroupTombstones(g));
    this.manager.cancelGroupTimers(g);
    g.dead = true;
    this.groups.delete(g.groupId);
    return this.host.append(g.groupId, records);
  }

  /** Offset expiry: an empty streams group left without offsets is removed. */
  expireIfEmpty(groupId: string, hasOffsets: boolean): Promise<void> | null {
    const g = this.groups.get(groupId);
    if (!g || !g.isEmpty() || hasOffsets) return null;
    return this.remove(g, []);
  }

  isSubscribed(groupId: string, topic: string): boolean | null {
    const g = this.groups.get(groupId);
    return g ? g.isSubscribedToTopic(topic) : null;
  }

  /** Apply a streams record read back at load; false when the type is not a streams one. */
  replay(type: number, key: Uint8Array, value: Uint8Array | null): boolean {
    if (!isStreamsRecordType(type)) return false;
    replayStreamsRecord(
      type,
      key,
      value,
      (id, create) => {
        const existing = this.groups.get(id);
        if (existing || !create) return existing;
        // An empty classic placeholder made by replayed offsets gives way to the streams group.
        if (this.host.otherGroup(id) === "empty") this.host.dropEmptyGroup(id);
        const n = new StreamsGroup(id, this.timers.nowMs());
        this.groups.set(id, n);
        return n;
      },
      (id) => void this.groups.delete(id),
      this.timers.nowMs(),
    );
    return true;
  }

  loaded(): void {
    for (const g of this.groups.values()) {
      g.rebuildOwnership();
      this.manager.scheduleLoadedMembers(g);
    }
  }

  snapshot(groupId: string): KeyValue[] {
    const g = this.groups.get(groupId);
    return g ? streamsGroupSnapshot(g) : [];
  }

  groupIds(): IterableIterator<string> {
    return this.groups.keys();
  }
}
