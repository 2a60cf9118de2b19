// Helpers shared by the share coordinator and the persister: every share-state request is a list of
// topics, each with partitions, and every answer the same shape with a result per partition.

/** What every share-state request's partition entry has. */
export interface PartitionRequest {
  partition: number;
}

/** The same answer for every partition of `topics`, grouped as the request (a request-level error). */
export function gatherByTopic<A>(topics: ReadonlyArray<{ topicId: string; partitions: readonly PartitionRequest[] }>, answer: (partition: number) => A): Array<{ topicId: string; partitions: Array<A & { partition: number }> }> {
  return topics.map((t) => ({ topicId: t.topicId, partitions: t.partitions.map((p) => ({ ...answer(p.partition), partition: p.partition })) }));
}
