// ReadShareGroupState (key 84), version 0 served (Kafka 4.4.0 serves 0-0).
//
// A partition leader's request to the share coordinator when a share partition is first used: its
// state epoch, start offset and in-flight state batches. A leader epoch above the recorded one is
// recorded (a ShareUpdate or ShareSnapshot record, Kafka's readStateAndMaybeUpdateLeaderEpoch); one
// below answers FENCED_LEADER_EPOCH. INVALID_REQUEST for a negative partition or leader epoch and for a
// share partition never initialized; UNKNOWN_TOPIC_OR_PARTITION for a topic id or partition not in the
// metadata; NOT_COORDINATOR when this node does not lead the key's __share_group_state partition. An
// empty group id, no topics or a topic without partitions gives an empty answer, as 4.4.0.
//
// With an authorizer, CLUSTER_ACTION on the cluster is needed (else CLUSTER_AUTHORIZATION_FAILED).

import type { ReadShareGroupStateRequest } from "../../protocol/generated/messages/read-share-group-state-request.ts";
import type { ReadShareGroupStateResponse } from "../../protocol/generated/messages/read-share-group-state-response.ts";
import { defineHandler } from "../handler.ts";
import { shareStateGate } from "../share/share-state-requests.ts";

export const readShareGroupStateHandler = defineHandler<ReadShareGroupStateRequest, ReadShareGroupStateResponse>({
  key: 84,
  minVersion: 0,
  maxVersion: 0,
  handle(ctx, req) {
    const gate = shareStateGate(ctx, req.topics);
    if ("refused" in gate) return { results: gate.refused.map((t) => ({ topicId: t.topicId, partitions: t.partitions.map((p) => ({ ...p, stateEpoch: 0, startOffset: 0n, stateBatches: [] })) })) };
    return gate.coordinator.readState(req);
  },
});
