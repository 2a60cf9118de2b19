// WriteShareGroupState (key 85), versions 0-1 served (Kafka 4.4.0 serves 0-1; v1 adds
// DeliveryCompleteCount).
//
// A partition leader's request to the share coordinator after acknowledgements, releases and lock
// expiries: the new start offset and the changed state batches, combined with the recorded ones as
// Kafka's PersisterStateBatchCombiner (a ShareUpdate record, or a ShareSnapshot once
// share.coordinator.snapshot.update.records.per.snapshot updates were written). FENCED_LEADER_EPOCH /
// FENCED_STATE_EPOCH for an epoch below the recorded one; INVALID_REQUEST for a negative partition,
// leader or state epoch and for a share partition never initialized; UNKNOWN_TOPIC_OR_PARTITION for a
// topic id or partition not in the metadata; NOT_COORDINATOR when this node does not lead the key's
// __share_group_state partition. An empty group id, no topics or a topic without partitions gives an
// empty answer, as 4.4.0.
//
// With an authorizer, CLUSTER_ACTION on the cluster is needed (else CLUSTER_AUTHORIZATION_FAILED).

import type { WriteShareGroupStateRequest } from "../../protocol/generated/messages/write-share-group-state-request.ts";
import type { WriteShareGroupStateResponse } from "../../protocol/generated/messages/write-share-group-state-response.ts";
import { defineHandler } from "../handler.ts";
import { shareStateGate } from "../share/share-state-requests.ts";

export const writeShareGroupStateHandler = defineHandler<WriteShareGroupStateRequest, WriteShareGroupStateResponse>({
  key: 85,
  minVersion: 0,
  maxVersion: 1,
  handle(ctx, req) {
    const gate = shareStateGate(ctx, req.topics);
    if ("refused" in gate) return { results: gate.refused };
    return gate.coordinator.writeState(req);
  },
});
