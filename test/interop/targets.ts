// Which broker the interop suite runs against, and which client suites are switched on against Strand.
//
//   STRAND_INTEROP_TARGET=kafka   the real Apache Kafka 4.4.0 (how the suite itself is validated)
//   STRAND_INTEROP_TARGET=strand  Strand (the default, what `make test` runs)
//   STRAND_INTEROP_FORCE=1        run the suites STRAND_ENABLED switches off (to try a handler as it lands)
//
// A suite is switched on against Strand once every API it needs is served. Flip `enabled` here as
// handlers land; a disabled suite prints what it waits for instead of running.

export type TargetName = "kafka" | "strand";

export type InteropSuite =
  | "java-records"
  | "java-admin"
  | "java-restart"
  | "kcat"
  | "confluent-python"
  | "franz-go"
  | "franz-go-txn"
  | "confluent-python-txn"
  | "kafkajs"
  | "single-binary-kcat"
  | "txn-read"
  | "java-transactions"
  | "kafka-streams-eos"
  | "kafka-streams-groups"
  | "transactions-tools"
  | "kafka-connect"
  | "replication-chaos";

export interface StrandGate {
  enabled: boolean;
  /** The APIs (by key) the suite needs from Strand; printed when a suite is disabled. */
  waitingFor: string;
}

const RECORDS = "Metadata(3), CreateTopics(19), Produce(0), Fetch(1), ListOffsets(2)";
const TXN = "FindCoordinator(10) TRANSACTION, InitProducerId(22) with a transactional id, AddPartitionsToTxn(24), " +
  "AddOffsetsToTxn(25), EndTxn(26), TxnOffsetCommit(28), WriteTxnMarkers(27), DescribeTransactions(65), ListTransactions(66), " +
  "read_committed Fetch(1) (issue 11)";

export const STRAND_ENABLED: Record<InteropSuite, StrandGate> = {
  "java-records": { enabled: true, waitingFor: `${RECORDS}, InitProducerId(22) (idempotent producer)` },
  "java-admin": {
    enabled: true,
    waitingFor: "DescribeCluster(60), CreateTopics(19), DescribeTopicPartitions(75), DescribeConfigs(32), " +
      "IncrementalAlterConfigs(44), CreatePartitions(37), DeleteTopics(20), Metadata(3)",
  },
  "java-restart": { enabled: true, waitingFor: `${RECORDS}, InitProducerId(22), producer state recovery after restart` },
  kcat: { enabled: true, waitingFor: `${RECORDS}, InitProducerId(22) (kcat runs idempotent)` },
  "confluent-python": { enabled: true, waitingFor: `${RECORDS}, InitProducerId(22) (idempotent producer)` },
  "franz-go": {
    enabled: true,
    waitingFor: `${RECORDS}, InitProducerId(22), DescribeConfigs(32), IncrementalAlterConfigs(44), DeleteTopics(20)`,
  },
  "franz-go-txn": { enabled: true, waitingFor: `${RECORDS}, ${TXN}` },
  "confluent-python-txn": { enabled: true, waitingFor: `${RECORDS}, ${TXN}` },
  kafkajs: { enabled: true, waitingFor: `${RECORDS}, InitProducerId(22) (idempotent producer)` },
  "single-binary-kcat": { enabled: true, waitingFor: `${RECORDS}, InitProducerId(22) (kcat runs idempotent)` },
  "txn-read": {
    enabled: true,
    waitingFor: `${RECORDS}, FindCoordinator(10) TRANSACTION, InitProducerId(22) with a transactional id, AddPartitionsToTxn(24), ` +
      "EndTxn(26) and its markers, the log's transaction state (LSO, .txnindex), DescribeProducers(61)",
  },
  "java-transactions": { enabled: true, waitingFor: `${RECORDS}, ${TXN}, UpdateFeatures(57) (transaction.version=1)` },
  "kafka-streams-eos": { enabled: true, waitingFor: `${RECORDS}, ${TXN}, transactions across a SIGKILL restart` },
  "kafka-streams-groups": { enabled: true, waitingFor: `${RECORDS}, ${TXN}, StreamsGroupHeartbeat(88), StreamsGroupDescribe(89) (KIP-1071)` },
  "transactions-tools": {
    enabled: true,
    waitingFor: `${TXN}, DescribeProducers(61), WriteTxnMarkers(27) (abort), UpdateFeatures(57) and finalized features in ApiVersions(18)`,
  },
  // Three Strand nodes replicating partitions (issue 13).
  "replication-chaos": {
    enabled: true,
    waitingFor: "partition replication (issue 13): followers fetching (Fetch with a replica id), the leader's ISR and high " +
      "watermark, AlterPartition(56) to the controller",
  },
  "kafka-connect": {
    enabled: true,
    waitingFor: `${RECORDS}, JoinGroup(11)/SyncGroup(14) with protocol type "connect", OffsetCommit(8)/OffsetFetch(9), ` +
      "CreateTopics(19) with cleanup.policy=compact, DescribeConfigs(32), DescribeCluster(60), ListOffsets(2)",
  },
};

export function interopTarget(): TargetName {
  const t = process.env.STRAND_INTEROP_TARGET ?? "strand";
  if (t !== "kafka" && t !== "strand") {
    throw new Error(`STRAND_INTEROP_TARGET must be "kafka" or "strand", got "${t}"`);
  }
  return t;
}

/** Whether `suite` runs in this run; prints why not when it does not. */
export function suiteEnabled(suite: InteropSuite): boolean {
  if (interopTarget() === "kafka") return true;
  const gate = STRAND_ENABLED[suite];
  if (gate.enabled || process.env.STRAND_INTEROP_FORCE === "1") return true;
  console.warn(`[interop] ${suite} not run against strand (test/interop/targets.ts): waiting for ${gate.waitingFor}`);
  return false;
}
