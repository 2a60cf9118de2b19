// Kafka's KafkaRaftManager: the metadata quorum's pieces of one node, opened from server.properties —
// the replicated log (__cluster_metadata-0 in metadata.log.dir, KafkaMetadataLog), the quorum-state file
// beside it, an outbound NetworkClient to the other voters' controller listener, and the KafkaRaftClient
// over them with the controller.quorum.* timings.
//
// Every node runs it: a single node is a one-voter quorum (static controller.quorum.voters, or dynamic
// after `format --standalone`), a broker-only node an observer, and a node with no
// controller.quorum.voters a member of a dynamic quorum (KIP-853: the voters from the bootstrap
// snapshot and the log).

import { brokerSaslClient } from "./security/sasl-client.ts";
import { join } from "node:path";
import type { BrokerConfig } from "../config/broker-config.ts";
import { DEFAULT_NETWORK_CLIENT_CONFIG, NetworkClient } from "../network/network-client.ts";
import { clientTransportFor } from "./client-transport.ts";
import { FileQuorumStateStore } from "../raft/file-quorum-state-store.ts";
import { KafkaMetadataLog } from "../raft/kafka-metadata-log.ts";
import { DEFAULT_RAFT_CONFIG, KafkaRaftClient } from "../raft/kafka-raft-client.ts";
import { VoterSet } from "../raft/voter-set.ts";
import type { VoterEndpoint } from "../raft/types.ts";
import { KRAFT_VERSION_1, readBootstrapVoters } from "../raft/bootstrap-snapshot.ts";
import { parseBootstrapServers } from "../config/kraft-config.ts";
import { NO_DIRECTORY_ID } from "../raft/raft-records.ts";
import type { LogManager } from "../storage/log-manager.ts";
import { readMetaProperties } from "../storage/meta-properties.ts";
import type { Logger } from "../util/log.ts";
import type { TimerClock } from "../util/purgatory/clock.ts";
import { STRAND_VERSION } from "../util/version.ts";

/**
 * This controller's listeners as auto-join names them (Kafka's effective advertised controller
 * listeners): advertised.listeners, else listeners; ones without a fixed host and port (0.0.0.0, port 0)
 * are left out, since the other voters could not reach them.
 */
function localControllerListeners(config: BrokerConfig): VoterEndpoint[] {
  const out: VoterEndpoint[] = [];
  for (const name of config.controllerListenerNames) {
    const l = config.advertisedListeners.find((x) => x.name === name) ?? config.listeners.find((x) => x.name === name);
    if (l && l.port > 0 && l.host !== "" && l.host !== "0.0.0.0") out.push({ name, host: l.host, port: l.port });
  }
  return out;
}

export interface KafkaRaftManagerOptions {
  config: BrokerConfig;
  clusterId: string;
  logs: LogManager;
  logger: Logger;
  /** The Raft client's own logger (org.apache.kafka.raft.KafkaRaftClient). */
  raftLogger?: Logger;
  clock: TimerClock;
  random?: () => number;
}

export class KafkaRaftManager {
  private constructor(
    readonly client: KafkaRaftClient,
    readonly log: KafkaMetadataLog,
    readonly network: NetworkClient,
    readonly voters: VoterSet,
    readonly listenerName: string,
  ) {}

  static open(opts: KafkaRaftManagerOptions): KafkaRaftManager {
    const { config, logger } = opts;
    const listenerName = config.controllerListenerNames[0] ?? "CONTROLLER";
    const votersRaw = config.given.get("controller.quorum.voters") ?? "";
    const dir = config.metadataLogDir;
    // KIP-853: without controller.quorum.voters the quorum is dynamic: kraft.version and the initial
    // voters come from the bootstrap snapshot `storage format` wrote (none for --no-initial-controllers
    // and brokers), later voters from the log, and the leader is found through the bootstrap servers.
    const dynamic = votersRaw.trim() === "";
    const voters = dynamic ? VoterSet.empty() : VoterSet.parseStatic(votersRaw, listenerName);
    const kraftVersion = dynamic ? (readBootstrapVoters(dir)?.kraftVersion ?? KRAFT_VERSION_1) : DEFAULT_RAFT_CONFIG.kraftVersion;
    const bootstrapServers = parseBootstrapServers(config.given.get("controller.quorum.bootstrap.servers"));
    if (dynamic && bootstrapServers.length === 0) throw new RangeError("controller.quorum.bootstrap.servers: required when controller.quorum.voters is empty (a KIP-853 dynamic quorum)");
    const segmentBytes = config.given.has("metadata.log.segment.bytes") ? config.int("metadata.log.segment.bytes") : undefined;
    const mlog = KafkaMetadataLog.open({
      dir,
      logs: opts.logs,
      logger: logger.child({ component: "metadata-log" }),
      config: {
        ...(segmentBytes !== undefined ? { logSegmentBytes: segmentBytes } : {}),
        logSegmentMillis: config.long("metadata.log.segment.ms"),
        retentionMaxBytes: config.long("metadata.max.retention.bytes"),
        retentionMillis: config.long("metadata.max.retention.ms"),
      },
    });
    const directoryId = readMetaProperties(dir)?.directoryId ?? NO_DIRECTORY_ID;
    const random = opts.random ?? Math.random;
    const requestTimeoutMs = config.int("controller.quorum.request.timeout.ms");
    const raftSasl = brokerSaslClient(config, config.controllerListenerNames[0] ?? "", "sasl.mechanism.controller.protocol");
    const network = new NetworkClient(
      {
        ...DEFAULT_NETWORK_CLIENT_CONFIG,
        clientId: `raft-client-${config.nodeId}`,
        requestTimeoutMs,
        connectionSetupTimeoutMs: requestTimeoutMs,
        reconnectBackoffMs: config.int("controller.quorum.retry.backoff.ms"),
        reconnectBackoffMaxMs: Math.max(config.int("controller.quorum.retry.backoff.ms"), 1_000),
        softwareVersion: STRAND_VERSION,
        // Raft goes to the controller listener: on SASL_PLAINTEXT, log in as Kafka's raft client does.
        ...(raftSasl ? { sasl: raftSasl } : {}),
      },
      clientTransportFor(config, listenerName),
      opts.clock,
      random,
    );
    const raftLog = opts.raftLogger ?? logger.child({ component: "raft" });
    const client = new KafkaRaftClient(
      {
        ...DEFAULT_RAFT_CONFIG,
        nodeId: config.nodeId,
        directoryId,
        clusterId: opts.clusterId,
        listenerName,
        voters,
        kraftVersion,
        bootstrapServers,
        autoJoin: config.bool("controller.quorum.auto.join.enable"),
        localListeners: config.roles.has("controller") ? localControllerListeners(config) : [],
        electionTimeoutMs: config.int("controller.quorum.election.timeout.ms"),
        electionBackoffMaxMs: config.int("controller.quorum.election.backoff.max.ms"),
        fetchTimeoutMs: config.int("controller.quorum.fetch.timeout.ms"),
        appendLingerMs: config.int("controller.quorum.append.linger.ms"),
        requestTimeoutMs,
        retryBackoffMs: config.int("controller.quorum.retry.backoff.ms"),
        maxFetchBytes: config.int("controller.quorum.fetch.max.bytes"),
      },
      mlog,
      new FileQuorumStateStore(join(dir, "__cluster_metadata-0", "quorum-state")),
      network,
      opts.clock,
      random,
      { info: (m) => raftLog.info(m), debug: (m) => raftLog.debug(m) },
    );
    return new KafkaRaftManager(client, mlog, network, voters, listenerName);
  }

  /** The controller listener endpoint of voter `id` (a dynamic quorum's voters are the log's), or null. */
  voterNode(id: number): { id: number; host: string; port: number } | null {
    return this.client.nodeEndpoint(id);
  }

  /** Resign if leading (bounded), stop, close the log and the connections. */
  async shutdown(timeoutMs: number): Promise<void> {
    try {
      await this.client.shutdown(timeoutMs);
    } finally {
      this.network.close();
    }
  }
}
