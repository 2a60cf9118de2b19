// The CLI's Kafka client: Kafka's AdminClient routing over Strand's outbound NetworkClient (ApiVersions
// negotiation, per-node queues, timeouts, SASL) and the plain or TLS transport.
//
// - Bootstrap from --brokers (host:port,...; ids -1, -2, ... as Kafka's bootstrap nodes) until the first
//   Metadata answer names the brokers; after that the brokers it named.
// - Where a request goes, as Kafka's AdminClient's NodeProviders: any broker ("least loaded": the first
//   that answers; one that cannot be reached is skipped), a partition's leader (from Metadata), a group
//   coordinator (FindCoordinator), the controller (in KRaft an AdminClient sends controller requests to
//   any broker, which forwards them: same as any broker).
// - Errors: a response error becomes a KafkaError carrying Kafka's error name; a retriable one (and a
//   lost connection) is retried `retries` times with a doubling backoff, after refreshing what it
//   depends on (the leader, the coordinator). Everything is bounded by the per-request timeout.
// - One process, one command: no metadata refresh loop, no background threads.

import type { FindCoordinatorResponse } from "../../protocol/generated/messages/find-coordinator-response.ts";
import type { MetadataResponse } from "../../protocol/generated/messages/metadata-response.ts";
import { ErrorCode, KafkaError } from "../../protocol/errors.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import { DEFAULT_NETWORK_CLIENT_CONFIG, NetworkClient, type ClientResponse, type Node, type SendOptions } from "../../network/network-client.ts";
import { DisconnectException } from "../../network/network-errors.ts";
import { systemClock } from "../../util/purgatory/clock.ts";
import { STRAND_VERSION } from "../../util/version.ts";
import { CliError } from "../protocol-decode.ts";
import { API } from "./api-keys.ts";
import type { ClientSecurity } from "./client-security.ts";

export interface BootstrapServer {
  host: string;
  port: number;
}

export interface KafkaCliClientConfig {
  bootstrap: readonly BootstrapServer[];
  security: ClientSecurity;
  /** request.timeout.ms of every request. */
  requestTimeoutMs: number;
  /** retries: further attempts after a retriable error. */
  retries: number;
  /** retry.backoff.ms: the first wait, doubled per attempt up to 1 s. */
  retryBackoffMs: number;
  clientId: string;
}

/** No broker of the list (or of the cluster) could be reached. */
export class BrokersUnreachableError extends Error {
  constructor(tried: readonly string[], reason: string) {
    super(
      /SASL/.test(reason)
        ? `cannot log in to ${tried.join(",")}: ${reason} (check the SASL flags or the --command-config file)`
        : `cannot reach any broker of ${tried.join(",")}: ${reason} (set --brokers or STRAND_BROKERS)`,
    );
    this.name = "BrokersUnreachableError";
  }
}

/** The most brokers `--brokers` may list (a bound on the bootstrap list). */
const MAX_BOOTSTRAP = 100;
const MAX_RETRY_BACKOFF_MS = 1_000;

/** Parse `host:port,host:port` ([v6]:port for IPv6); the error names the flag and what is allowed. */
export function parseBrokers(raw: string, flag = "--brokers"): BootstrapServer[] {
  const parts = raw.split(",").map((s) => s.trim()).filter((s) => s !== "");
  const allowed = "host:port[,host:port...] with a port from 1 to 65535";
  if (parts.length === 0 || parts.length > MAX_BOOTSTRAP) throw new CliError(flag, raw, `${allowed} (1 to ${MAX_BOOTSTRAP} brokers)`);
  return parts.map((p) => {
    const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s[\]]+)):(\d{1,5})$/.exec(p);
    const port = m ? Number(m[3]) : 0;
    if (!m || port < 1 || port > 65535) throw new CliError(flag, raw, allowed);
    return { host: m[1] ?? m[2]!, port };
  });
}

export type CoordinatorType = "GROUP" | "TRANSACTION";
const COORDINATOR_TYPE: Record<CoordinatorType, number> = { GROUP: 0, TRANSACTION: 1 };

/** Throw the KafkaError for a response error code (0: nothing). */
export function checkError(code: number, context: string, message?: string | null): void {
  if (code !== ErrorCode.NONE) throw new KafkaError(code, `${context}${message ? `: ${message}` : ""}`);
}

function retriable(e: unknown): boolean {
  // A topic that does not exist is retriable to a producer waiting for it; to a command it is the answer.
  if (e instanceof KafkaError) return e.retriable && e.code !== ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
  return e instanceof DisconnectException;
}

export class KafkaCliClient {
  private readonly cfg: KafkaCliClientConfig;
  private readonly net: NetworkClient;
  private readonly bootstrapNodes: Node[];
  /** Brokers of the last Metadata answer; empty until then (the bootstrap list stands in). */
  private brokers: Node[] = [];
  /** Coordinators found, by type and key; one command touches few groups, but a bound anyway. */
  private readonly coordinators = new Map<string, Node>();
  private static readonly MAX_COORDINATORS = 10_000;

  constructor(cfg: KafkaCliClientConfig) {
    this.cfg = cfg;
    this.bootstrapNodes = cfg.bootstrap.map((b, i) => ({ id: -(i + 1), host: b.host, port: b.port }));
    this.net = new NetworkClient(
      {
        ...DEFAULT_NETWORK_CLIENT_CONFIG,
        clientId: cfg.clientId,
        requestTimeoutMs: cfg.requestTimeoutMs,
        connectionSetupTimeoutMs: Math.min(cfg.requestTimeoutMs, 10_000),
        softwareName: "strand-cli",
        softwareVersion: STRAND_VERSION,
        ...(cfg.security.sasl ? { sasl: cfg.security.sasl } : {}),
      },
      cfg.security.transport,
      systemClock,
    );
  }

  close(): void {
    this.net.close();
  }

  /** The brokers requests can go to: the cluster's once known, else the bootstrap list. */
  knownBrokers(): readonly Node[] {
    return this.brokers.length > 0 ? this.brokers : this.bootstrapNodes;
  }

  /** Send to one node; the response body as sent back (callers check its error codes). */
  send<T>(node: Node, apiKey: number, body: Record<string, unknown>, opts: SendOptions = {}): Promise<ClientResponse<T>> {
    return this.net.send<T>(node, apiKey, body, { timeoutMs: this.cfg.requestTimeoutMs, ...opts });
  }

  /**
   * Send to any broker (Kafka's LeastLoadedNodeProvider): the first that can be reached. A broker that
   * cannot be connected to is skipped; a lost connection after the request went out is not retried here.
   */
  async sendAny<T>(apiKey: number, body: Record<string, unknown>, opts: SendOptions = {}): Promise<ClientResponse<T>> {
    const candidates = this.knownBrokers();
    let last = "";
    // Bounded by the candidate list (the bootstrap list or the cluster's brokers).
    for (const node of candidates) {
      try {
        return await this.send<T>(node, apiKey, body, { ...opts, waitForConnection: false });
      } catch (e) {
        if (!(e instanceof DisconnectException) || this.net.connectionState(node.id) === "READY") throw e;
        last = e.message;
      }
    }
    throw new BrokersUnreachableError(candidates.map((n) => `${n.host}:${n.port}`), last);
  }

  /** Send to the controller: any broker forwards it (KRaft), as Kafka's AdminClient does. */
  sendToController<T>(apiKey: number, body: Record<string, unknown>, opts: SendOptions = {}): Promise<ClientResponse<T>> {
    return this.sendAny<T>(apiKey, body, opts);
  }

  /**
   * Metadata for `topics` (null: every topic); remembers the brokers for later requests. Topic errors
   * are left in the answer for the caller (a missing topic is not an error for `topic list`).
   */
  async metadata(topics: readonly string[] | null): Promise<MetadataResponse> {
    const r = await this.sendAny<MetadataResponse>(API.Metadata, {
      topics: topics === null ? null : topics.map((name) => ({ topicId: ZERO_UUID, name })),
      allowAutoTopicCreation: false,
      includeClusterAuthorizedOperations: false,
      includeTopicAuthorizedOperations: false,
    }, { minVersion: 1 });
    checkError(r.body.errorCode, "Metadata");
    if (r.body.brokers.length > 0) this.brokers = r.body.brokers.map((b) => ({ id: b.nodeId, host: b.host, port: b.port }));
    return r.body;
  }

  /** The node of broker `id` (from the last Metadata; fetched when unknown). */
  async node(id: number): Promise<Node> {
    let n = this.brokers.find((b) => b.id === id);
    if (!n) {
      await this.metadata([]);
      n = this.brokers.find((b) => b.id === id);
    }
    if (!n) throw new KafkaError(ErrorCode.BROKER_NOT_AVAILABLE, `broker ${id} is not in the cluster's metadata`);
    return n;
  }

  /** Leaders of the topics' partitions: topic -> partition -> leader id (-1: none). Missing topics throw. */
  async leaders(topics: readonly string[]): Promise<Map<string, Map<number, number>>> {
    const md = await this.metadata(topics);
    const out = new Map<string, Map<number, number>>();
    for (const t of md.topics) {
      checkError(t.errorCode, `topic ${t.name}`);
      out.set(t.name!, new Map(t.partitions.map((p) => [p.partitionIndex, p.leaderId])));
    }
    return out;
  }

  /** Send to a broker by id, resolving its address from metadata. */
  async sendToBroker<T>(id: number, apiKey: number, body: Record<string, unknown>, opts: SendOptions = {}): Promise<ClientResponse<T>> {
    return this.send<T>(await this.node(id), apiKey, body, opts);
  }

  /** The coordinator of `key` (FindCoordinator v4+). */
  async coordinator(type: CoordinatorType, key: string, refresh = false): Promise<Node> {
    const cacheKey = `${type}:${key}`;
    const cached = this.coordinators.get(cacheKey);
    if (cached && !refresh) return cached;
    // v4+ (Kafka 3.0 and later) batches keys; the single-key form of older versions is not sent.
    const r = await this.sendAny<FindCoordinatorResponse>(API.FindCoordinator, { keyType: COORDINATOR_TYPE[type], coordinatorKeys: [key] }, { minVersion: 4 });
    const c = r.body.coordinators.find((x) => x.key === key);
    if (!c) throw new KafkaError(ErrorCode.COORDINATOR_NOT_AVAILABLE, `FindCoordinator answered no coordinator for ${type.toLowerCase()} ${key}`);
    checkError(c.errorCode, `coordinator of ${type.toLowerCase()} ${key}`, c.errorMessage);
    const node: Node = { id: c.nodeId, host: c.host, port: c.port };
    if (this.coordinators.size >= KafkaCliClient.MAX_COORDINATORS) this.coordinators.clear();
    this.coordinators.set(cacheKey, node);
    return node;
  }

  /**
   * Send to the coordinator of `key` and check the answer with `check` (which throws a KafkaError);
   * NOT_COORDINATOR / COORDINATOR_NOT_AVAILABLE find the coordinator again before the retry.
   */
  async sendToCoordinator<T, R>(type: CoordinatorType, key: string, apiKey: number, body: Record<string, unknown>, check: (r: ClientResponse<T>) => R, opts: SendOptions = {}): Promise<R> {
    let refresh = false;
    return this.retrying(`${type.toLowerCase()} ${key}`, async () => {
      const node = await this.coordinator(type, key, refresh);
      refresh = true;
      return check(await this.send<T>(node, apiKey, body, opts));
    });
  }

  /**
   * Send to the leader of `topic`-`partition` and check the answer with `check`; a retriable error
   * (NOT_LEADER_OR_FOLLOWER, LEADER_NOT_AVAILABLE, a lost connection) looks the leader up again.
   */
  async sendToLeader<T, R>(topic: string, partition: number, apiKey: number, body: Record<string, unknown>, check: (r: ClientResponse<T>) => R, opts: SendOptions = {}): Promise<R> {
    return this.retrying(`${topic}-${partition}`, async () => {
      const leader = (await this.leaders([topic])).get(topic)?.get(partition);
      if (leader === undefined) throw new KafkaError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `partition ${topic}-${partition} does not exist`);
      if (leader < 0) throw new KafkaError(ErrorCode.LEADER_NOT_AVAILABLE, `partition ${topic}-${partition} has no leader`);
      return check(await this.sendToBroker<T>(leader, apiKey, body, opts));
    });
  }

  /**
   * Run `attempt` again after a retriable failure (a retriable Kafka error, a lost connection), at most
   * `retries` more times, waiting retry.backoff.ms doubled per attempt (up to 1 s).
   */
  async retrying<R>(what: string, attempt: (n: number) => Promise<R>): Promise<R> {
    let backoffMs = this.cfg.retryBackoffMs;
    for (let n = 0; ; n++) {
      try {
        return await attempt(n);
      } catch (e) {
        if (!retriable(e) || n >= this.cfg.retries) {
          if (n > 0 && e instanceof Error && retriable(e)) e.message += ` (${what}: gave up after ${n + 1} attempts)`;
          throw e;
        }
        await Bun.sleep(backoffMs);
        backoffMs = Math.min(backoffMs * 2, MAX_RETRY_BACKOFF_MS);
      }
    }
  }
}
