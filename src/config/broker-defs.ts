// Broker configuration keys Strand reads from server.properties, with Kafka's names, types and defaults
// (Kafka 4.4.0's KafkaConfig / ServerLogConfigs / SocketServerConfigs). Keys Kafka has but Strand does
// not act on yet are listed in ACCEPTED_KEYS: they are accepted so real server.properties files load.

import { atLeast, between, listOf, nonEmptyString, oneOf, type ConfigDef, type ConfigValue } from "./def.ts";
import { defFromKafkaRow } from "./kafka-broker-defs.ts";
import { KAFKA_BROKER_KEYS } from "./kafka-broker-keys.ts";
import { TOPIC_KEY_OF_BROKER_KEY } from "./topic-defs.ts";
import { ADMIN_LISTENER_DEFAULT, ADMIN_LISTENER_KEY, validateAdminListener } from "./admin-listener.ts";

const HOUR_MS = 3_600_000;
const msFrom = (key: string, v: ConfigValue): ConfigValue => {
  if (typeof v !== "number") return v;
  if (v < 0) return -1; // "unlimited" stays unlimited whatever the unit
  if (key.endsWith(".hours")) return v * HOUR_MS;
  if (key.endsWith(".minutes")) return v * 60_000;
  return v;
};

const d = (def: ConfigDef): ConfigDef => def;

/** Kafka's Long.MAX_VALUE default ("never"), printed as Kafka prints it; parsed values clamp to 2^53-1. */
const LONG_MAX = "9223372036854775807";

const OWN_DEFS: readonly ConfigDef[] = [
  // Identity and roles (KRaft).
  d({ name: "node.id", type: "int", default: "-1", validate: atLeast(-1), doc: "The node id of this server.", scope: "read-only" }),
  d({ name: "process.roles", type: "list", default: "", validate: listOf("broker", "controller"), doc: "The roles this process plays: broker, controller, or both.", scope: "read-only" }),
  d({ name: "listeners", type: "list", default: "PLAINTEXT://:9092", doc: "Listener URIs: NAME://host:port.", scope: "per-broker" }),
  // Read-only as in Kafka 4.4.0 (not among DynamicBrokerConfig's dynamic keys).
  d({ name: "advertised.listeners", type: "list", default: null, doc: "Listeners given to clients, if different from listeners.", scope: "read-only" }),
  d({ name: "listener.security.protocol.map", type: "string", default: "SASL_SSL:SASL_SSL,PLAINTEXT:PLAINTEXT,SSL:SSL,SASL_PLAINTEXT:SASL_PLAINTEXT", doc: "Listener name to security protocol.", scope: "per-broker" }),
  d({ name: "controller.listener.names", type: "list", default: null, doc: "Listener names used by the controller.", scope: "read-only" }),
  d({ name: "inter.broker.listener.name", type: "string", default: null, doc: "Listener used between brokers.", scope: "read-only" }),
  d({ name: "controller.quorum.voters", type: "list", default: "", doc: "Static quorum voters: id@host:port.", scope: "read-only" }),
  d({ name: "controller.quorum.bootstrap.servers", type: "list", default: "", doc: "Bootstrap servers of a dynamic quorum: host:port.", scope: "read-only" }),
  d({ name: "controller.quorum.auto.join.enable", type: "boolean", default: "false", doc: "An observer controller of a dynamic quorum asks the leader to add it as a voter (KIP-853).", scope: "read-only" }),
  d({ name: "broker.rack", type: "string", default: null, doc: "Rack of this broker.", scope: "read-only" }),
  // KIP-392: Strand loads no Java plugins, so only Kafka's two selectors are accepted (by class name).
  d({
    name: "replica.selector.class",
    type: "string",
    default: null,
    validate: oneOf("org.apache.kafka.common.replica.LeaderReplicaSelector", "org.apache.kafka.common.replica.RackAwareReplicaSelector"),
    doc: "The ReplicaSelector that finds a consumer's preferred read replica (KIP-392): Kafka's LeaderReplicaSelector or RackAwareReplicaSelector; unset, the leader serves every consumer.",
    scope: "read-only",
  }),
  // Storage.
  d({ name: "log.dirs", type: "list", default: null, doc: "Directories holding the log data.", scope: "read-only" }),
  d({ name: "log.dir", type: "string", default: "/tmp/kafka-logs", doc: "Directory holding the log data when log.dirs is unset.", scope: "read-only" }),
  d({ name: "metadata.log.dir", type: "string", default: null, doc: "Directory of the metadata log; the first log dir if unset.", scope: "read-only" }),
  d({ name: "log.segment.bytes", type: "int", default: "1073741824", validate: atLeast(1048576), doc: "Maximum size of one segment file (Kafka 4.4 refuses less than 1 MiB).", scope: "cluster-wide" }),
  d({ name: "log.roll.ms", type: "long", default: null, validate: atLeast(1), doc: "Maximum time before a new segment is rolled.", scope: "cluster-wide", fallbacks: ["log.roll.hours"], fromFallback: msFrom }),
  d({ name: "log.roll.hours", type: "int", default: "168", validate: atLeast(1), doc: "Maximum time before a new segment is rolled, in hours.", scope: "read-only" }),
  d({ name: "log.retention.ms", type: "long", default: null, doc: "How long to keep a segment; -1 for no limit.", scope: "cluster-wide", fallbacks: ["log.retention.minutes", "log.retention.hours"], fromFallback: msFrom }),
  d({ name: "log.retention.minutes", type: "int", default: null, doc: "How long to keep a segment, in minutes.", scope: "read-only" }),
  d({ name: "log.retention.hours", type: "int", default: "168", doc: "How long to keep a segment, in hours.", scope: "read-only" }),
  d({ name: "log.retention.bytes", type: "long", default: "-1", doc: "Maximum size of a partition's log before old segments go; -1 for no limit.", scope: "cluster-wide" }),
  d({ name: "log.retention.check.interval.ms", type: "long", default: "300000", validate: atLeast(1), doc: "How often retention is checked.", scope: "read-only" }),
  d({ name: "log.index.interval.bytes", type: "int", default: "4096", validate: atLeast(0), doc: "Bytes between offset index entries.", scope: "cluster-wide" }),
  d({ name: "log.index.size.max.bytes", type: "int", default: "10485760", validate: atLeast(4), doc: "Maximum size of an offset index.", scope: "cluster-wide" }),
  d({ name: "log.flush.interval.messages", type: "long", default: LONG_MAX, validate: atLeast(1), doc: "Messages accumulated before a flush.", scope: "cluster-wide" }),
  d({ name: "log.flush.interval.ms", type: "long", default: null, doc: "Maximum time a message stays unflushed; log.flush.scheduler.interval.ms if unset.", scope: "cluster-wide", fallbacks: ["log.flush.scheduler.interval.ms"], fromFallback: msFrom }),
  d({ name: "log.flush.scheduler.interval.ms", type: "long", default: LONG_MAX, doc: "How often logs are checked for a time-based flush; the default of log.flush.interval.ms.", scope: "read-only" }),
  d({ name: "log.roll.jitter.ms", type: "long", default: null, doc: "Largest random jitter subtracted from the roll time.", scope: "cluster-wide", fallbacks: ["log.roll.jitter.hours"], fromFallback: msFrom }),
  d({ name: "log.roll.jitter.hours", type: "int", default: "0", validate: atLeast(0), doc: "Largest random jitter subtracted from the roll time, in hours.", scope: "read-only" }),
  d({ name: "num.recovery.threads.per.data.dir", type: "int", default: "2", validate: atLeast(1), doc: "Accepted for compatibility; Strand recovers logs on its event loop.", scope: "cluster-wide" }),
  d({ name: "log.segment.delete.delay.ms", type: "long", default: "60000", validate: atLeast(0), doc: "Delay before a deleted segment's files are removed.", scope: "cluster-wide" }),
  d({ name: "log.cleanup.policy", type: "list", default: "delete", validate: listOf("delete", "compact"), doc: "Default cleanup policy.", scope: "cluster-wide" }),
  d({ name: "log.message.timestamp.type", type: "string", default: "CreateTime", validate: oneOf("CreateTime", "LogAppendTime"), doc: "Timestamp type of stored messages.", scope: "cluster-wide" }),
  d({ name: "log.message.timestamp.before.max.ms", type: "long", default: LONG_MAX, validate: atLeast(0), doc: "Largest allowed age of a CreateTime timestamp.", scope: "cluster-wide" }),
  d({ name: "log.message.timestamp.after.max.ms", type: "long", default: "3600000", validate: atLeast(0), doc: "Largest allowed lead of a CreateTime timestamp over the broker's clock.", scope: "cluster-wide" }),
  d({ name: "compression.type", type: "string", default: "producer", validate: oneOf("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer"), doc: "Final compression of a topic's data.", scope: "cluster-wide" }),
  d({ name: "message.max.bytes", type: "int", default: "1048588", validate: atLeast(0), doc: "Largest record batch size allowed.", scope: "cluster-wide" }),
  d({ name: "strand.log.fsync.before.ack", type: "boolean", default: "false", doc: "Strand: fsync every produced batch before acknowledging it (one fdatasync covers all requests that arrived meanwhile).", scope: "cluster-wide" }),
  d({ name: "strand.log.cleaner.thread.nice", type: "int", default: "19", validate: between(0, 19), doc: "Strand: the nice value of the log cleaner's worker threads (0-19), so cleaning takes the CPU that requests leave; 0 runs them at the broker's priority (as Kafka's cleaner threads).", scope: "read-only" }),
  // Topics.
  d({ name: "num.partitions", type: "int", default: "1", validate: atLeast(1), doc: "Default number of partitions of a new topic.", scope: "read-only" }),
  d({ name: "default.replication.factor", type: "int", default: "1", validate: atLeast(1), doc: "Default replication factor of a new topic.", scope: "read-only" }),
  d({ name: "auto.create.topics.enable", type: "boolean", default: "true", doc: "Create a topic when a client asks for metadata of one that does not exist.", scope: "read-only" }),
  d({ name: "delete.topic.enable", type: "boolean", default: "true", doc: "Allow topics to be deleted.", scope: "read-only" }),
  d({ name: "min.insync.replicas", type: "int", default: "1", validate: atLeast(1), doc: "Minimum in-sync replicas for acks=all.", scope: "cluster-wide" }),
  d({ name: "unclean.leader.election.enable", type: "boolean", default: "false", doc: "Allow an out-of-sync replica to become leader.", scope: "cluster-wide" }),
  d({ name: "auto.leader.rebalance.enable", type: "boolean", default: "true", doc: "The active controller moves leadership back to preferred replicas every leader.imbalance.check.interval.seconds.", scope: "read-only" }),
  // Kafka 4.4.0 defines it as an internal key (ReplicationConfigs): accepted, not in the documented table.
  d({ name: "unclean.leader.election.interval.ms", type: "long", default: "300000", validate: atLeast(1), doc: "How often the controller elects leaders for leaderless partitions of topics that allow unclean elections.", scope: "read-only", internal: true }),
  d({ name: "leader.imbalance.check.interval.seconds", type: "long", default: "300", validate: atLeast(1), doc: "How often the controller looks for partitions not led by their preferred replica.", scope: "read-only" }),
  // Network.
  d({ name: "socket.request.max.bytes", type: "int", default: "104857600", validate: atLeast(1), doc: "Largest request frame accepted.", scope: "read-only" }),
  d({ name: "socket.send.buffer.bytes", type: "int", default: "102400", doc: "SO_SNDBUF; -1 for the OS default.", scope: "read-only" }),
  d({ name: "socket.receive.buffer.bytes", type: "int", default: "102400", doc: "SO_RCVBUF; -1 for the OS default.", scope: "read-only" }),
  d({ name: "connections.max.idle.ms", type: "long", default: "600000", validate: atLeast(1), doc: "Idle connections are closed after this long.", scope: "read-only" }),
  d({ name: "max.connections", type: "int", default: String(2 ** 31 - 1), validate: atLeast(0), doc: "Connections over all broker listeners; more wait until one closes.", scope: "cluster-wide" }),
  d({ name: "max.connections.per.ip", type: "int", default: String(2 ** 31 - 1), validate: atLeast(0), doc: "Connections from one address; more are closed at once.", scope: "cluster-wide" }),
  d({ name: "max.connections.per.ip.overrides", type: "string", default: "", doc: "Per-address maxima, address:count,... (IP addresses).", scope: "cluster-wide" }),
  d({ name: "queued.max.requests", type: "int", default: "500", validate: atLeast(1), doc: "Requests queued before reading stops.", scope: "read-only" }),
  d({ name: "strand.max.inflight.requests.per.connection", type: "int", default: "100", validate: between(1, 10000), doc: "Strand: requests of one connection in progress before reading from it pauses.", scope: "read-only" }),
  d({ name: "strand.max.queued.response.bytes.per.connection", type: "int", default: "67108864", validate: atLeast(65536), doc: "Strand: response bytes waiting for a slow client before reading from it pauses.", scope: "read-only" }),
  d({ name: ADMIN_LISTENER_KEY, type: "string", default: ADMIN_LISTENER_DEFAULT, validate: validateAdminListener, doc: "Strand: host:port of the admin HTTP listener (Prometheus /metrics, /health/live, /health/ready, the web console); port 0 takes a free port; empty turns it off.", scope: "read-only" }),
  d({ name: "fetch.max.bytes", type: "int", default: "57671680", validate: atLeast(1024), doc: "Largest fetch response.", scope: "read-only" }),
  d({ name: "replica.fetch.max.bytes", type: "int", default: "1048576", validate: atLeast(0), doc: "Bytes fetched per partition by a follower.", scope: "read-only" }),
  d({ name: "replica.lag.time.max.ms", type: "long", default: "30000", validate: atLeast(1), doc: "A follower that has not caught up with the leader's log end for this long leaves the ISR.", scope: "read-only" }),
  d({ name: "num.network.threads", type: "int", default: "3", validate: atLeast(1), doc: "Accepted for compatibility; Strand runs one event loop.", scope: "cluster-wide" }),
  d({ name: "num.io.threads", type: "int", default: "8", validate: atLeast(1), doc: "Accepted for compatibility; Strand runs one event loop.", scope: "cluster-wide" }),
  // Groups and transactions.
  d({ name: "offsets.topic.num.partitions", type: "int", default: "50", validate: atLeast(1), doc: "Partitions of __consumer_offsets.", scope: "read-only" }),
  d({ name: "offsets.topic.replication.factor", type: "short", default: "3", validate: atLeast(1), doc: "Replication factor of __consumer_offsets.", scope: "read-only" }),
  d({ name: "offsets.topic.segment.bytes", type: "int", default: "104857600", validate: atLeast(1), doc: "Segment size of __consumer_offsets.", scope: "read-only" }),
  d({ name: "offsets.retention.minutes", type: "int", default: "10080", validate: atLeast(1), doc: "How long committed offsets of an empty group are kept.", scope: "read-only" }),
  d({ name: "offsets.retention.check.interval.ms", type: "long", default: "600000", validate: atLeast(1), doc: "How often expired offsets are removed.", scope: "read-only" }),
  d({ name: "group.initial.rebalance.delay.ms", type: "int", default: "3000", doc: "Delay before the first rebalance of a new group.", scope: "read-only" }),
  d({ name: "group.min.session.timeout.ms", type: "int", default: "6000", doc: "Smallest session timeout a member may ask for.", scope: "read-only" }),
  d({ name: "group.max.session.timeout.ms", type: "int", default: "1800000", doc: "Largest session timeout a member may ask for.", scope: "read-only" }),
  d({ name: "group.max.size", type: "int", default: String(2 ** 31 - 1), validate: atLeast(1), doc: "Largest number of members in a group.", scope: "read-only" }),
  d({ name: "group.coordinator.rebalance.protocols", type: "list", default: "classic,consumer,streams", validate: listOf("classic", "consumer", "share", "streams"), doc: "Group protocols served.", scope: "read-only" }),
  d({ name: "group.consumer.session.timeout.ms", type: "int", default: "45000", validate: atLeast(1), doc: "Session timeout of KIP-848 consumer group members.", scope: "read-only" }),
  d({ name: "group.consumer.assignment.interval.ms", type: "int", default: "1000", validate: atLeast(0), doc: "Least time between two target assignments of a KIP-848 consumer group.", scope: "cluster-wide" }),
  d({ name: "group.consumer.heartbeat.interval.ms", type: "int", default: "5000", validate: atLeast(1), doc: "Heartbeat interval of KIP-848 consumer group members.", scope: "read-only" }),
  d({ name: "transaction.state.log.num.partitions", type: "int", default: "50", validate: atLeast(1), doc: "Partitions of __transaction_state.", scope: "read-only" }),
  d({ name: "transaction.state.log.replication.factor", type: "short", default: "3", validate: atLeast(1), doc: "Replication factor of __transaction_state.", scope: "read-only" }),
  d({ name: "transaction.state.log.min.isr", type: "int", default: "2", validate: atLeast(1), doc: "min.insync.replicas of __transaction_state.", scope: "read-only" }),
  d({ name: "transactional.id.expiration.ms", type: "int", default: "604800000", validate: atLeast(1), doc: "Idle transactional ids expire after this long.", scope: "read-only" }),
  d({ name: "transaction.max.timeout.ms", type: "int", default: "900000", validate: atLeast(1), doc: "Largest transaction timeout a producer may ask for.", scope: "read-only" }),
  d({ name: "transaction.state.log.segment.bytes", type: "int", default: "104857600", validate: atLeast(1), doc: "Segment size of __transaction_state.", scope: "read-only" }),
  d({ name: "transaction.abort.timed.out.transaction.cleanup.interval.ms", type: "int", default: "10000", validate: atLeast(1), doc: "How often transactions past their timeout are aborted.", scope: "read-only" }),
  d({ name: "transaction.remove.expired.transaction.cleanup.interval.ms", type: "int", default: "3600000", validate: atLeast(1), doc: "How often expired transactional ids are removed.", scope: "read-only" }),
  d({ name: "transaction.partition.verification.enable", type: "boolean", default: "true", doc: "Verify with the transaction coordinator that a transactional produce's partition is in the transaction.", scope: "cluster-wide" }),
  // The share coordinator (Kafka 4.4.0 ShareCoordinatorConfig).
  d({ name: "share.coordinator.state.topic.num.partitions", type: "int", default: "50", validate: atLeast(1), doc: "Partitions of __share_group_state.", scope: "read-only" }),
  d({ name: "share.coordinator.state.topic.replication.factor", type: "short", default: "3", validate: atLeast(1), doc: "Replication factor of __share_group_state.", scope: "read-only" }),
  d({ name: "share.coordinator.state.topic.min.isr", type: "short", default: "2", validate: atLeast(1), doc: "min.insync.replicas of __share_group_state.", scope: "read-only" }),
  d({ name: "share.coordinator.state.topic.segment.bytes", type: "int", default: "104857600", validate: atLeast(1), doc: "Segment size of __share_group_state.", scope: "read-only" }),
  d({ name: "share.coordinator.snapshot.update.records.per.snapshot", type: "int", default: "500", validate: between(0, 500), doc: "ShareUpdate records the share coordinator writes between two ShareSnapshot records of a share partition.", scope: "read-only" }),
  // Kafka 4.4.0: ShareCoordinatorConfig, defineInternal(INT, 300000, atLeast(1)).
  d({ name: "share.coordinator.state.topic.prune.interval.ms", type: "int", default: "300000", validate: atLeast(1), doc: "How often the share coordinator deletes the __share_group_state records no share partition's state needs.", scope: "read-only", internal: true }),
  d({ name: "share.coordinator.cold.partition.snapshot.interval.ms", type: "int", default: "300000", validate: atLeast(1), doc: "How often the share coordinator snapshots share partitions not written for that long.", scope: "read-only", internal: true }),
  d({ name: "producer.id.expiration.ms", type: "int", default: "86400000", validate: atLeast(1), doc: "Idle producer ids expire after this long.", scope: "cluster-wide" }),
  // Kafka 4.4.0: TransactionLogConfig, defineInternal(INT, 600000, atLeast(1)).
  d({ name: "producer.id.expiration.check.interval.ms", type: "int", default: "600000", validate: atLeast(1), doc: "How often producer ids idle for producer.id.expiration.ms are removed.", scope: "read-only", internal: true }),
  // Not a Kafka broker key (Kafka takes the id from kafka-storage format): internal, so DescribeConfigs
  // does not list a key consoles would not find on Kafka.
  d({ name: "cluster.id", type: "string", default: null, validate: nonEmptyString, doc: "Strand: cluster id used when formatting an empty directory at start-up.", scope: "read-only", internal: true }),
];

const OWN_NAMES = new Set(OWN_DEFS.map((x) => x.name));

/**
 * Broker keys that are synonyms of topic keys (log.cleaner.delete.retention.ms, log.preallocate,
 * compression.gzip.level, ...) and not listed above: typed from Kafka's table so server.properties
 * values are checked at start-up and topic configs resolve through them.
 */
export const TOPIC_SYNONYM_BROKER_DEFS: readonly ConfigDef[] = KAFKA_BROKER_KEYS.filter((r) => TOPIC_KEY_OF_BROKER_KEY.has(r[0]) && !OWN_NAMES.has(r[0])).map(defFromKafkaRow);

/**
 * The log cleaner's own broker keys (log.cleaner.threads, .backoff.ms, .dedupe.buffer.size, ...), typed
 * from Kafka's table so a bad value stops the start naming the key (src/server/cleaner-config.ts reads them).
 */
const CLEANER_BROKER_DEFS: readonly ConfigDef[] = KAFKA_BROKER_KEYS.filter((r) => r[0].startsWith("log.cleaner.") && !TOPIC_KEY_OF_BROKER_KEY.has(r[0]) && !OWN_NAMES.has(r[0])).map(defFromKafkaRow);

/**
 * The KRaft quorum and broker-lifecycle timings (controller.quorum.*, broker.heartbeat/session,
 * initial.broker.registration.timeout.ms), typed from Kafka's table: the Raft client, the controller's
 * session fencing and the BrokerLifecycleManager read them.
 */
const KRAFT_TIMING_KEYS: ReadonlySet<string> = new Set([
  "controller.quorum.election.timeout.ms",
  "controller.quorum.fetch.timeout.ms",
  "controller.quorum.election.backoff.max.ms",
  "controller.quorum.append.linger.ms",
  "controller.quorum.request.timeout.ms",
  "controller.quorum.retry.backoff.ms",
  "controller.quorum.fetch.max.bytes",
  "broker.heartbeat.interval.ms",
  "broker.session.timeout.ms",
  "initial.broker.registration.timeout.ms",
  "metadata.log.max.record.bytes.between.snapshots",
  "metadata.log.max.snapshot.interval.ms",
  "metadata.log.segment.ms",
  "metadata.max.retention.bytes",
  "metadata.max.retention.ms",
]);
const KRAFT_TIMING_DEFS: readonly ConfigDef[] = KAFKA_BROKER_KEYS.filter((r) => KRAFT_TIMING_KEYS.has(r[0]) && !OWN_NAMES.has(r[0])).map(defFromKafkaRow);

/**
 * The follower's replica fetcher keys (ReplicaFetcherManager, RemoteLeaderEndPoint), how it picks the
 * leader's listener, and the replication quotas' sample windows (src/server/replication-quotas.ts), typed
 * from Kafka's table (replica.fetch.max.bytes is among OWN_DEFS).
 */
const REPLICA_FETCHER_KEYS: ReadonlySet<string> = new Set([
  "num.replica.fetchers",
  "replica.fetch.min.bytes",
  "replica.fetch.wait.max.ms",
  "replica.fetch.backoff.ms",
  "replica.fetch.response.max.bytes",
  "replica.socket.timeout.ms",
  "security.inter.broker.protocol",
  "replication.quota.window.num",
  "replication.quota.window.size.seconds",
  // The client quotas' sample windows (src/server/quota/quota-managers.ts).
  "quota.window.num",
  "quota.window.size.seconds",
  "controller.quota.window.num",
  "controller.quota.window.size.seconds",
]);
const REPLICA_FETCHER_DEFS: readonly ConfigDef[] = KAFKA_BROKER_KEYS.filter((r) => REPLICA_FETCHER_KEYS.has(r[0]) && !OWN_NAMES.has(r[0])).map(defFromKafkaRow);

/** The SASL authenticator's keys (src/config/sasl-config.ts reads them, listener-prefixed ones too). */
const SASL_KEYS: ReadonlySet<string> = new Set([
  "sasl.enabled.mechanisms",
  "sasl.mechanism.inter.broker.protocol",
  "sasl.mechanism.controller.protocol",
  "sasl.server.max.receive.size",
  "connections.max.reauth.ms",
  "connection.failed.authentication.delay.ms",
]);
const SASL_DEFS: readonly ConfigDef[] = KAFKA_BROKER_KEYS.filter((r) => SASL_KEYS.has(r[0]) && !OWN_NAMES.has(r[0])).map(defFromKafkaRow);

/** Delegation tokens' keys (the controller's DelegationTokenControlManager, the broker's SCRAM tokenauth). */
const DELEGATION_TOKEN_KEYS: ReadonlySet<string> = new Set(["delegation.token.secret.key", "delegation.token.max.lifetime.ms", "delegation.token.expiry.time.ms", "delegation.token.expiry.check.interval.ms"]);
const DELEGATION_TOKEN_DEFS: readonly ConfigDef[] = KAFKA_BROKER_KEYS.filter((r) => DELEGATION_TOKEN_KEYS.has(r[0]) && !OWN_NAMES.has(r[0])).map(defFromKafkaRow);

/** Streams groups' keys (KIP-1071, src/coordinator/group/streams-config.ts reads them). */
const STREAMS_GROUP_KEYS: ReadonlySet<string> = new Set([
  "group.streams.session.timeout.ms",
  "group.streams.heartbeat.interval.ms",
  "group.streams.max.size",
  "group.streams.num.standby.replicas",
  "group.streams.initial.rebalance.delay.ms",
  "group.streams.assignment.interval.ms",
  "group.streams.assignors",
]);
const STREAMS_GROUP_DEFS: readonly ConfigDef[] = KAFKA_BROKER_KEYS.filter((r) => STREAMS_GROUP_KEYS.has(r[0]) && !OWN_NAMES.has(r[0])).map(defFromKafkaRow);

/** Every broker key Strand parses and validates at start-up. */
export const BROKER_CONFIG_DEFS: readonly ConfigDef[] = [...OWN_DEFS, ...TOPIC_SYNONYM_BROKER_DEFS, ...CLEANER_BROKER_DEFS, ...KRAFT_TIMING_DEFS, ...REPLICA_FETCHER_DEFS, ...SASL_DEFS, ...DELEGATION_TOKEN_DEFS, ...STREAMS_GROUP_DEFS];
const TYPED_NAMES = new Set(BROKER_CONFIG_DEFS.map((x) => x.name));

/** Kafka keys accepted in server.properties though Strand does not act on them (yet): every Kafka 4.4.0 broker key, and these. */
export const ACCEPTED_KEYS: ReadonlySet<string> = new Set([
  ...KAFKA_BROKER_KEYS.map((r) => r[0]).filter((k) => !TYPED_NAMES.has(k)),
  "broker.id", // ZooKeeper-era alias; KRaft uses node.id
  "metadata.log.segment.bytes",
  "socket.listen.backlog.size",
  "group.share.enable",
  "background.threads",
  "controlled.shutdown.enable",
  "kafka.metrics.reporters",
  "metric.reporters",
  "unstable.api.versions.enable",
  "unstable.feature.versions.enable",
  // StandardAuthorizer's own keys (read by authorizer-config.ts when authorizer.class.name names it).
  "super.users",
  "allow.everyone.if.no.acl.found",
]);
