// ReadShareGroupStateSummary (key 87), versions 0-1 served (Kafka 4.4.0 serves 0-1; v1 adds
// DeliveryCompleteCount).
//
// The group coordinator's request to the share coordinator for DescribeShareGroupOffsets: a share
// partition's start offset, leader epoch and state epoch without its batches. A share partition
// without state answers NONE with start offset -1 (and epochs 0), as 4.4.0. INVALID_REQUEST for a
// negative partition; UNKNOWN_TOPIC_OR_PARTITION for a topic id or partition not in the metadata;
// NOT_COORDINATOR when this node does not lead the key's __share_group_state partition. An empty group
// id, no topics or a topic without partitions gives an empty answer.
//
// With an authorizer, CLUSTER_ACTION on the cluster is needed (else CLUSTER_AUTHORIZATION_FAILED).

import type { ReadShareGroupStateSummaryRequest } from "../../protocol/generated/messages/read-share-group-state-summary-request.ts";
import type { ReadShareGroupStateSummaryResponse } from "../../protocol/generated/messages/read-share-group-state-summary-response.ts";
import { defineHandler } from "../handler.ts";
import { shareStateGate } from "../share/share-state-requests.ts";

export const readShareGroupStateSummaryHandler = defineHandler<ReadShareGroupStateSummaryRequest, ReadShareGroupStateSummaryResponse>({
  key: 87,
  minVersion: 0,
  maxVersion: 1,
  handle(ctx, req) {
    const gate = shareStateGate(ctx, req.topics);
    if ("refused" in gate) return { results: gate.refused.map((t) => ({ topicId: t.topicId, partitions: t.partitions.map((p) => ({ ...p, stateEpoch: 0, leaderEpoch: 0, startOffset: 0n, deliveryCompleteCount: -1 })) })) };
    return gate.coordinator.readSummary(req);
  },
});
