// The StreamsGroupHeartbeat request and answer as the streams group manager sees them, and the request
// checks Kafka 4.4.0's GroupCoordinatorService.throwIfStreamsGroupHeartbeatRequestIsInvalid makes
// (INVALID_REQUEST, or STREAMS_INVALID_TOPOLOGY for a changelog topic with a partition count), with
// its messages.

import { ErrorCode } from "../../protocol/errors.ts";
import type { StreamsTopology } from "./streams-topology.ts";
import type { Endpoint, TaskSet } from "./streams-group-member.ts";
import type { InternalTopicToCreate } from "./streams-topology.ts";

export interface StreamsHeartbeatRequest {
  apiVersion: number;
  groupId: string;
  memberId: string;
  memberEpoch: number;
  endpointInformationEpoch: number;
  instanceId: string | null;
  rackId: string | null;
  rebalanceTimeoutMs: number;
  topology: StreamsTopology | null;
  activeTasks: TaskSet | null;
  standbyTasks: TaskSet | null;
  warmupTasks: TaskSet | null;
  processId: string | null;
  userEndpoint: Endpoint | null;
  clientTags: Map<string, string> | null;
  taskOffsets: Array<{ subtopologyId: string; partition: number; offset: bigint }> | null;
  taskEndOffsets: Array<{ subtopologyId: string; partition: number; offset: bigint }> | null;
  shutdownApplication: boolean;
  clientId: string;
  clientHost: string;
}

export interface TaskIdList {
  subtopologyId: string;
  partitions: number[];
}

export interface EndpointPartitions {
  userEndpoint: Endpoint;
  activePartitions: Array<{ topic: string; partitions: number[] }>;
  standbyPartitions: Array<{ topic: string; partitions: number[] }>;
}

export interface StreamsHeartbeatResult {
  errorCode: number;
  errorMessage: string | null;
  memberId: string;
  memberEpoch: number;
  heartbeatIntervalMs: number;
  taskOffsetIntervalMs: number;
  acceptableRecoveryLag: bigint;
  status: Array<{ statusCode: number; statusDetail: string }>;
  activeTasks: TaskIdList[] | null;
  standbyTasks: TaskIdList[] | null;
  warmupTasks: TaskIdList[] | null;
  endpointInformationEpoch: number;
  partitionsByUserEndpoint: EndpointPartitions[] | null;
  /** Internal topics the broker should create (Kafka's StreamsGroupHeartbeatResult.creatableTopics). */
  internalTopicsToCreate: InternalTopicToCreate[];
}

export function streamsHeartbeatError(code: number, message: string | null, memberId = ""): StreamsHeartbeatResult {
  return {
    errorCode: code,
    errorMessage: message,
    memberId,
    memberEpoch: 0,
    heartbeatIntervalMs: 0,
    taskOffsetIntervalMs: 0,
    acceptableRecoveryLag: -1n,
    status: [],
    activeTasks: null,
    standbyTasks: null,
    warmupTasks: null,
    endpointInformationEpoch: 0,
    partitionsByUserEndpoint: null,
    internalTopicsToCreate: [],
  };
}

/** Kafka's throwIfStreamsGroupHeartbeatRequestIsInvalid: the error, or null when the request is well formed. */
export function validateStreamsHeartbeat(req: StreamsHeartbeatRequest): StreamsHeartbeatResult | null {
  const bad = (m: string) => streamsHeartbeatError(ErrorCode.INVALID_REQUEST, m);
  if (req.memberId === "") return bad("MemberId can't be empty.");
  if (req.groupId === "") return bad("GroupId can't be empty.");
  if (req.instanceId !== null && req.instanceId === "") return bad("InstanceId can't be empty.");
  if (req.rackId !== null && req.rackId === "") return bad("RackId can't be empty.");
  if (req.memberEpoch === 0) {
    if (req.rebalanceTimeoutMs === -1) return bad("RebalanceTimeoutMs must be provided in first request.");
    if (req.activeTasks === null || req.activeTasks.size > 0) return bad("ActiveTasks must be empty when (re-)joining.");
    if (req.standbyTasks === null || req.standbyTasks.size > 0) return bad("StandbyTasks must be empty when (re-)joining.");
    if (req.warmupTasks === null || req.warmupTasks.size > 0) return bad("WarmupTasks must be empty when (re-)joining.");
    if (req.topology === null) return bad("Topology must be non-null when (re-)joining.");
    for (const s of req.topology.subtopologies) {
      for (const c of s.stateChangelogTopics) {
        if (c.partitions !== 0) return streamsHeartbeatError(ErrorCode.STREAMS_INVALID_TOPOLOGY, `Changelog topic ${c.name} must have an undefined partition count, but it is set to ${c.partitions}.`);
      }
    }
  } else if (req.memberEpoch === -2) {
    if (req.instanceId === null) return bad("InstanceId can't be null.");
  } else if (req.memberEpoch < -2) {
    return bad(`MemberEpoch is ${req.memberEpoch}, but must be greater than or equal to -2.`);
  }
  const nonNull = [req.activeTasks, req.standbyTasks, req.warmupTasks].filter((t) => t !== null).length;
  if (nonNull !== 0 && nonNull !== 3) return bad("If one task-type is non-null, all must be non-null.");
  if (req.memberEpoch !== 0 && req.topology !== null) return bad("Topology can only be provided when (re-)joining.");
  if (req.topology !== null && req.topology.subtopologies.some((s) => s.sourceTopicRegex.length > 0)) return bad("Regular expressions for source topics are not supported yet.");
  return null;
}
