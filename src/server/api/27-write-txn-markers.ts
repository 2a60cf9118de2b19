// WriteTxnMarkers (key 27), versions 1-2 served (Kafka 4.4.0 serves 1-2; v0 was removed in 4.0).
//
// The transaction coordinator's request to a partition leader: for each marker, one COMMIT/ABORT
// control batch per partition, written through server/txn-markers.ts (the same path the coordinator on
// this node uses), which appends it as origin coordinator with acks=-1. Each partition answers its own
// code: NONE once the marker is below the high watermark; INVALID_PRODUCER_EPOCH,
// TRANSACTION_COORDINATOR_FENCED from the producer-state checks; UNKNOWN_TOPIC_OR_PARTITION,
// NOT_LEADER_OR_FOLLOWER, KAFKA_STORAGE_ERROR, REQUEST_TIMED_OUT from the append. v2's
// TransactionVersion is passed on (2: Transactions V2's epoch rule for markers).
//
// With an authorizer, CLUSTER_ACTION on the cluster is needed (else every partition answers
// CLUSTER_AUTHORIZATION_FAILED and nothing is written).
//
// Left out: Kafka's UNSUPPORTED_FOR_MESSAGE_FORMAT check (every Strand log is magic 2).

import type { WriteTxnMarkersRequest } from "../../protocol/generated/messages/write-txn-markers-request.ts";
import {
  newWritableTxnMarkerPartitionResult,
  newWritableTxnMarkerResult,
  newWritableTxnMarkerTopicResult,
  newWriteTxnMarkersResponse,
  type WritableTxnMarkerTopicResult,
  type WriteTxnMarkersResponse,
} from "../../protocol/generated/messages/write-txn-markers-response.ts";
import { defineHandler } from "../handler.ts";
import { writeTxnMarkers, type TxnMarkerRequest } from "../txn-markers.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";
import { ErrorCode } from "../../protocol/errors.ts";

export const writeTxnMarkersHandler = defineHandler<WriteTxnMarkersRequest, WriteTxnMarkersResponse>({
  key: 27,
  minVersion: 1,
  maxVersion: 2,
  async handle(ctx, req) {
    // KafkaApis.handleWriteTxnMarkersRequest: CLUSTER_ACTION, else every marker's partitions CLUSTER_AUTHORIZATION_FAILED.
    if (!authorizeCluster(ctx, AclOperation.CLUSTER_ACTION)) {
      const res = newWriteTxnMarkersResponse();
      res.markers = req.markers.map((m) => {
        const mr = newWritableTxnMarkerResult();
        mr.producerId = m.producerId;
        mr.topics = m.topics.map((t) => {
          const tr = newWritableTxnMarkerTopicResult();
          tr.name = t.name;
          tr.partitions = t.partitionIndexes.map((p) => {
            const pr = newWritableTxnMarkerPartitionResult();
            pr.partitionIndex = p;
            pr.errorCode = ErrorCode.CLUSTER_AUTHORIZATION_FAILED;
            return pr;
          });
          return tr;
        });
        return mr;
      });
      return res;
    }
    const markers: TxnMarkerRequest[] = req.markers.map((m) => ({
      producerId: m.producerId,
      producerEpoch: m.producerEpoch,
      coordinatorEpoch: m.coordinatorEpoch,
      result: m.transactionResult ? "COMMIT" : "ABORT",
      // Bounded by the request.
      partitions: m.topics.flatMap((t) => t.partitionIndexes.map((partition) => ({ topic: t.name, partition }))),
      transactionVersion: ctx.apiVersion >= 2 ? m.transactionVersion : 0,
    }));
    const results = await writeTxnMarkers(ctx.services, markers);
    const res = newWriteTxnMarkersResponse();
    for (let i = 0; i < results.length; i++) {
      const r = results[i]!;
      const mr = newWritableTxnMarkerResult();
      mr.producerId = r.producerId;
      // Topics in the order the request named them; a topic named twice answers once, as Kafka's map does.
      const byTopic = new Map<string, WritableTxnMarkerTopicResult>();
      for (const p of r.partitions) {
        let tr = byTopic.get(p.topic);
        if (!tr) {
          tr = newWritableTxnMarkerTopicResult();
          tr.name = p.topic;
          byTopic.set(p.topic, tr);
          mr.topics.push(tr);
        }
        const pr = newWritableTxnMarkerPartitionResult();
        pr.partitionIndex = p.partition;
        pr.errorCode = p.errorCode;
        tr.partitions.push(pr);
      }
      res.markers.push(mr);
    }
    return res;
  },
});
