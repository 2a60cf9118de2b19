// The named loggers a broker logs through, by Kafka 4.4.0's logger names, so an operator changes
// Strand's log levels with the names they use on Kafka (kafka-configs --entity-type broker-loggers).
//
// Kafka lists every log4j logger its classes created (about 170 on a fresh single-node broker, one per
// class that logs). Strand has fewer, larger components: each takes the name of the Kafka class that
// does that work, and one name covers what in Kafka is spread over several classes. The names are all
// in the list a fresh Kafka 4.4.0 answers (compared in test/integration/broker-loggers-kafka.test.ts).
// Kafka's loggers for what Strand does not have (share groups, KRaft quorum, client quotas, remote
// storage, ...), or has inside one of these components, are not listed: they would take a level and
// change nothing.

import { namedLogger, type Logger } from "../util/log.ts";

export const BROKER_LOGGER_NAMES = {
  /** Start-up and shutdown of the broker (Kafka's BrokerServer). */
  broker: "kafka.server.BrokerServer",
  /** Log dirs, partition logs, recovery and retention (src/storage: LogManager, LogLoader, UnifiedLog). */
  logManager: "org.apache.kafka.storage.internals.log.LogManager",
  /** Log compaction (src/storage/cleaner: LogCleaner, LogCleanerManager, Cleaner). */
  logCleaner: "org.apache.kafka.storage.internals.log.LogCleaner",
  /** Hosted partitions, their logs' creation and deletion, stray logs (src/replication). */
  replicaManager: "kafka.server.ReplicaManager",
  /** The metadata log, image and controller operations (src/metadata: QuorumController and its managers). */
  metadata: "org.apache.kafka.controller.QuorumController",
  /** The metadata quorum's Raft client, its log and snapshots (src/raft, src/server/raft-manager.ts). */
  raft: "org.apache.kafka.raft.KafkaRaftClient",
  /** Consumer groups and __consumer_offsets (src/coordinator/group). */
  groupCoordinator: "org.apache.kafka.coordinator.group.GroupCoordinatorService",
  /** Transactions and __transaction_state (src/coordinator/transaction). */
  transactionCoordinator: "kafka.coordinator.transaction.TransactionCoordinator",
  /** Request handling: refused requests, handler failures (src/server/dispatch.ts, handlers). */
  apis: "kafka.server.KafkaApis",
  /** Listeners and connections (src/network). */
  socketServer: "kafka.network.SocketServer",
  /** One DEBUG line per completed request, as Kafka's request logger writes at DEBUG. */
  requestLogger: "kafka.request.logger",
  /** Dynamic config changes, among them these log levels' own changes. */
  configAdmin: "kafka.server.ConfigAdminManager",
} as const;

export type BrokerLoggers = { readonly [K in keyof typeof BROKER_LOGGER_NAMES]: Logger };

/** Every named logger of a broker under `root`'s levels; registered at once, so all are listed from the start. */
export function brokerLoggers(root: Logger): BrokerLoggers {
  const out = {} as Record<keyof typeof BROKER_LOGGER_NAMES, Logger>;
  for (const [k, name] of Object.entries(BROKER_LOGGER_NAMES) as Array<[keyof typeof BROKER_LOGGER_NAMES, string]>) out[k] = namedLogger(root, name);
  return out;
}
