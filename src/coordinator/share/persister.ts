// Kafka's Persister (server-common org.apache.kafka.server.share.persister.Persister): how the share
// partitions on a partition leader (SharePartitionManager) and the group coordinator (share groups)
// reach the durable share-group state kept by the share coordinator on `__share_group_state`.
//
// The requests and answers are the share-state APIs' own messages (InitializeShareGroupState 83,
// ReadShareGroupState 84, WriteShareGroupState 85, DeleteShareGroupState 86,
// ReadShareGroupStateSummary 87), so the broker's persister can batch them into those requests to the
// share coordinator's node unchanged, and a local share coordinator can answer them in-process.
// Errors come back per partition in the answers (Kafka's codes), as on the wire; a promise rejects
// only on a bug or a stopped broker.
//
// Implementations: the broker's DefaultStatePersister (server/share/), and an in-memory one for tests.

import type { InitializeShareGroupStateRequest } from "../../protocol/generated/messages/initialize-share-group-state-request.ts";
import type { InitializeShareGroupStateResponse } from "../../protocol/generated/messages/initialize-share-group-state-response.ts";
import type { ReadShareGroupStateRequest } from "../../protocol/generated/messages/read-share-group-state-request.ts";
import type { ReadShareGroupStateResponse } from "../../protocol/generated/messages/read-share-group-state-response.ts";
import type { WriteShareGroupStateRequest } from "../../protocol/generated/messages/write-share-group-state-request.ts";
import type { WriteShareGroupStateResponse } from "../../protocol/generated/messages/write-share-group-state-response.ts";
import type { DeleteShareGroupStateRequest } from "../../protocol/generated/messages/delete-share-group-state-request.ts";
import type { DeleteShareGroupStateResponse } from "../../protocol/generated/messages/delete-share-group-state-response.ts";
import type { ReadShareGroupStateSummaryRequest } from "../../protocol/generated/messages/read-share-group-state-summary-request.ts";
import type { ReadShareGroupStateSummaryResponse } from "../../protocol/generated/messages/read-share-group-state-summary-response.ts";

export interface Persister {
  /** The group coordinator, when it first assigns a share partition (or resets its offsets). */
  initializeState(request: InitializeShareGroupStateRequest): Promise<InitializeShareGroupStateResponse>;
  /** A share partition when it is first used on its leader: start offset, state epoch, in-flight batches. */
  readState(request: ReadShareGroupStateRequest): Promise<ReadShareGroupStateResponse>;
  /** A share partition after acknowledgements, releases and lock expiries change its state. */
  writeState(request: WriteShareGroupStateRequest): Promise<WriteShareGroupStateResponse>;
  /** The group coordinator, when a share group or its offsets for a topic are deleted. */
  deleteState(request: DeleteShareGroupStateRequest): Promise<DeleteShareGroupStateResponse>;
  /** DescribeShareGroupOffsets: the start offset (and leader epoch) without the batches. */
  readSummary(request: ReadShareGroupStateSummaryRequest): Promise<ReadShareGroupStateSummaryResponse>;
}
