// The seam between the produce / TxnOffsetCommit paths and the transaction coordinator (Kafka's
// AddPartitionsToTxnManager.addOrVerifyTransaction): before a transactional batch is appended to a
// partition the producer has not written in this transaction yet, the coordinator of its
// transactional id is asked whether the partition is part of the ongoing transaction (verify only,
// Transactions V1 with transaction.partition.verification.enable) or to add it (Transactions V2:
// Produce v12+, TxnOffsetCommit v5+). On a single node the coordinator answers in process; with several
// nodes an implementation sends AddPartitionsToTxn v4+ to the coordinator's node.

export interface TxnPartition {
  topic: string;
  partition: number;
}

export interface VerifyOrAddRequest {
  transactionalId: string;
  producerId: bigint;
  producerEpoch: number;
  partitions: readonly TxnPartition[];
  /** True: add missing partitions (Transactions V2). False: only verify (V1). */
  add: boolean;
}

export interface TxnPartitionVerifier {
  /** Resolves one Kafka error code per partition, keyed "topic-partition" (0: in the transaction now). */
  verifyOrAdd(req: VerifyOrAddRequest): Promise<Map<string, number>>;
}
