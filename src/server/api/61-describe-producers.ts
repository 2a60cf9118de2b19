// DescribeProducers (key 61), version 0 served (all Kafka 4.4.0 defines; KIP-664).
//
// The active producers of each partition's log (Kafka's KafkaApis.handleDescribeProducersRequest,
// ReplicaManager.activeProducerState, UnifiedLog.activeProducers): producer id and epoch, the last
// sequence written (-1 when its state holds no batch, e.g. only markers), the timestamp of its last
// write, the coordinator epoch of its last transaction marker, and the first offset of its open
// transaction (-1 when none). kafka-transactions.sh describe-producers and find-hanging read it.
// Any replica answers, not only the leader, as Kafka's getPartitionOrError does.
//
// Errors, per partition, as Kafka: INVALID_TOPIC_EXCEPTION for an illegal topic name (with Kafka's
// "Topic name is invalid: ..." message); UNKNOWN_TOPIC_OR_PARTITION for a topic not in the metadata
// (with Kafka's default message, as its ApiError(Errors) carries); for a known topic,
// KAFKA_STORAGE_ERROR for an offline log, NOT_LEADER_OR_FOLLOWER when this broker holds no replica of
// the partition, UNKNOWN_TOPIC_OR_PARTITION for a partition index the topic does not have (no message).
//
// With an authorizer, READ on each topic (else TOPIC_AUTHORIZATION_FAILED). Producers come in the order the
// partition's producer state holds them (Kafka's come in its HashMap's order; clients do not rely on it).

import { ErrorCode, errorMessage } from "../../protocol/errors.ts";
import type { DescribeProducersRequest } from "../../protocol/generated/messages/describe-producers-request.ts";
import {
  newDescribeProducersResponse,
  newPartitionResponse,
  newProducerState,
  newTopicResponse,
  type DescribeProducersResponse,
  type PartitionResponse,
  type ProducerState,
} from "../../protocol/generated/messages/describe-producers-response.ts";
import { topicNameError } from "../../metadata/topic-names.ts";
import type { ReplicaManager } from "../../replication/replica-manager.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { filterByAuthorized } from "../auth-helper.ts";

function partitionError(index: number, errorCode: number, message: string | null): PartitionResponse {
  const p = newPartitionResponse();
  p.partitionIndex = index;
  p.errorCode = errorCode;
  p.errorMessage = message;
  return p;
}

/** Kafka's ReplicaManager.activeProducerState for one partition of a known topic. */
function activeProducerState(rm: ReplicaManager, topic: string, index: number): PartitionResponse {
  const hosted = rm.partition(topic, index);
  // Kafka's HostedPartition.Offline, whatever the partition's leader.
  if (hosted?.isOffline) return partitionError(index, ErrorCode.KAFKA_STORAGE_ERROR, null);
  if (hosted === undefined) {
    const found = rm.getPartitionOrError(topic, index);
    // Not hosted here: `found` is an error (unknown, led elsewhere, no log, offline log).
    return partitionError(index, "errorCode" in found ? found.errorCode : ErrorCode.NOT_LEADER_OR_FOLLOWER, null);
  }
  const p = newPartitionResponse();
  p.partitionIndex = index;
  // Bounded by the partition's producer state (at most its maxProducers entries).
  for (const s of hosted.log.producers.all()) {
    const last = s.lastBatches[s.lastBatches.length - 1];
    const w: ProducerState = newProducerState();
    w.producerId = s.producerId;
    w.producerEpoch = s.epoch;
    w.lastSequence = last ? last.lastSequence : -1;
    w.lastTimestamp = BigInt(s.lastTimestamp);
    w.coordinatorEpoch = s.coordinatorEpoch;
    w.currentTxnStartOffset = BigInt(s.currentTxnFirstOffset);
    p.activeProducers.push(w);
  }
  return p;
}

export const describeProducersHandler = defineHandler<DescribeProducersRequest, DescribeProducersResponse>({
  key: 61,
  minVersion: 0,
  maxVersion: 0,
  handle(ctx, req) {
    const rm = ctx.services.replicaManager;
    const image = ctx.services.metadata.image;
    const res = newDescribeProducersResponse();
    // KafkaApis.handleDescribeProducersRequest: READ on each topic (else TOPIC_AUTHORIZATION_FAILED).
    const readable = filterByAuthorized(ctx, AclOperation.READ, ResourceType.TOPIC, req.topics.map((t) => t.name));
    // Bounded by the request's topics and partitions.
    for (const t of req.topics) {
      const tr = newTopicResponse();
      tr.name = t.name;
      res.topics.push(tr);
      const invalid = topicNameError(t.name);
      const topicError: [number, string] | null = !readable.has(t.name)
        ? [ErrorCode.TOPIC_AUTHORIZATION_FAILED, errorMessage(ErrorCode.TOPIC_AUTHORIZATION_FAILED)]
        : invalid !== null
          ? [ErrorCode.INVALID_TOPIC_EXCEPTION, `Topic name is invalid: ${invalid}`]
          : !image.topicsByName.has(t.name)
            ? [ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)]
            : null;
      for (const index of t.partitionIndexes) {
        tr.partitions.push(topicError ? partitionError(index, topicError[0], topicError[1]) : activeProducerState(rm, t.name, index));
      }
    }
    return res;
  },
});
