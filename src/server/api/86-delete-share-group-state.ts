// DeleteShareGroupState (key 86), version 0 served (Kafka 4.4.0 serves 0-0).
//
// The group coordinator's request to the share coordinator when a share group, or its offsets for a
// topic, are deleted: a tombstone of the share partition's ShareSnapshot key. A share partition
// without state answers NONE (nothing written). INVALID_REQUEST for a negative partition;
// UNKNOWN_TOPIC_OR_PARTITION for a topic id or partition not in the metadata; NOT_COORDINATOR when this
// node does not lead the key's __share_group_state partition. An empty group id, no topics or a topic
// without partitions gives an empty answer, as 4.4.0.
//
// With an authorizer, CLUSTER_ACTION on the cluster is needed (else CLUSTER_AUTHORIZATION_FAILED).

import type { DeleteShareGroupStateRequest } from "../../protocol/generated/messages/delete-share-group-state-request.ts";
import type { DeleteShareGroupStateResponse } from "../../protocol/generated/messages/delete-share-group-state-response.ts";
import { defineHandler } from "../handler.ts";
import { shareStateGate } from "../share/share-state-requests.ts";

export const deleteShareGroupStateHandler = defineHandler<DeleteShareGroupStateRequest, DeleteShareGroupStateResponse>({
  key: 86,
  minVersion: 0,
  maxVersion: 0,
  handle(ctx, req) {
    const gate = shareStateGate(ctx, req.topics);
    if ("refused" in gate) return { results: gate.refused };
    return gate.coordinator.deleteState(req);
  },
});
