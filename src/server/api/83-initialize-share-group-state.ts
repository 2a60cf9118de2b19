// InitializeShareGroupState (key 83), version 0 served (Kafka 4.4.0 serves 0-0).
//
// The group coordinator's request to the share coordinator (an inter-broker API): set a share
// partition's state epoch and start offset, clearing its in-flight batches (a ShareSnapshot record in
// __share_group_state). Each partition runs on the shard of its key's __share_group_state partition
// (coordinator/share/service.ts): NOT_COORDINATOR when this node does not lead it; FENCED_STATE_EPOCH
// for a state epoch below the recorded one; INVALID_REQUEST for a negative partition or state epoch;
// UNKNOWN_TOPIC_OR_PARTITION for a topic id or partition not in the metadata. An empty group id, no
// topics or a topic without partitions gives an empty answer, as 4.4.0.
//
// With an authorizer, CLUSTER_ACTION on the cluster is needed (else every partition answers
// CLUSTER_AUTHORIZATION_FAILED).

import type { InitializeShareGroupStateRequest } from "../../protocol/generated/messages/initialize-share-group-state-request.ts";
import type { InitializeShareGroupStateResponse } from "../../protocol/generated/messages/initialize-share-group-state-response.ts";
import { defineHandler } from "../handler.ts";
import { shareStateGate } from "../share/share-state-requests.ts";

export const initializeShareGroupStateHandler = defineHandler<InitializeShareGroupStateRequest, InitializeShareGroupStateResponse>({
  key: 83,
  minVersion: 0,
  maxVersion: 0,
  handle(ctx, req) {
    const gate = shareStateGate(ctx, req.topics);
    if ("refused" in gate) return { results: gate.refused };
    return gate.coordinator.initializeState(req);
  },
});
