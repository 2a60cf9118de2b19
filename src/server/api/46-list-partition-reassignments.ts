// ListPartitionReassignments (key 46), version 0 served (all Kafka 4.4.0 defines).
//
// Strand moves no replicas (one broker), so no reassignment is ever in progress: the answer lists no
// topics, for every topic or the ones named (known or not), as Kafka's controller answers when
// nothing is reassigning (it lists only partitions with adding or removing replicas).
//
// Left out: authorization (CLUSTER DESCRIBE; no authorizer yet).

import type { ListPartitionReassignmentsRequest } from "../../protocol/generated/messages/list-partition-reassignments-request.ts";
import { newListPartitionReassignmentsResponse, type ListPartitionReassignmentsResponse } from "../../protocol/generated/messages/list-partition-reassignments-response.ts";
import { defineHandler } from "../handler.ts";

export const listPartitionReassignmentsHandler = defineHandler<ListPartitionReassignmentsRequest, ListPartitionReassignmentsResponse>({
  key: 46,
  minVersion: 0,
  maxVersion: 0,
  handle() {
    const res = newListPartitionReassignmentsResponse();
    res.errorMessage = null;
    res.topics = [];
    return res;
  },
});
