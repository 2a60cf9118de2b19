// The replica fetchers of one broker (Kafka's ReplicaFetcherManager over AbstractFetcherManager): one
// ReplicaFetcherThread per (leader broker, fetcher id), where the fetcher id of a partition is Kafka's
// getFetcherId, abs(31 * topic.hashCode + partition) % num.replica.fetchers, so the partitions of one
// leader spread over that many fetch loops. Each fetcher has its own NetworkClient (clientId
// broker-<id>-fetcher-<n>, as Kafka names its fetcher threads' clients), closed with it.
//
// ReplicaManager.applyDelta calls removeFetcherForPartitions for partitions this broker now leads (or
// no longer hosts) and for followers whose leader epoch moved, then addFetcherForPartitions for the
// latter with the new leader's endpoint; fetchers left without partitions are shut down
// (shutdownIdleFetcherThreads). A leader that moved to another host:port gets a new fetcher.

import type { ReplicaQuota } from "./replication-quota.ts";
import type { Node, NetworkClient } from "../network/network-client.ts";
import type { TimerClock } from "../util/purgatory/clock.ts";
import type { Logger } from "../util/log.ts";
import { javaStringHash } from "../util/java-hash-order.ts";
import { RemoteLeaderEndPoint, partitionKey, type ReplicaFetchConfig } from "./remote-leader-endpoint.ts";
import { ReplicaFetcherThread, type InitialFetchState, type ReplicaFetcherHost } from "./replica-fetcher-thread.ts";

export interface ReplicaFetcherManagerOptions {
  brokerId: number;
  /** This broker's current epoch (ReplicaState.replica_epoch in Fetch v15+); -1 before registration. */
  brokerEpoch: () => bigint;
  /** num.replica.fetchers */
  numFetchers: number;
  fetch: ReplicaFetchConfig;
  /** replica.fetch.backoff.ms */
  backoffMs: number;
  /** A new NetworkClient for one fetcher (the broker's socket transport; tests: a MemoryTransport). */
  newClient: (clientId: string) => NetworkClient;
  host: ReplicaFetcherHost;
  clock: TimerClock;
  logger: Logger;
  /** Partitions one fetcher holds at most. */
  maxPartitionsPerFetcher?: number;
  /** Fetchers alive at once at most (leaders x num.replica.fetchers). */
  maxFetchers?: number;
  wallClockMs?: () => number;
  /** The follower replication quota, shared by every fetcher (Kafka's quotas.follower). */
  quota?: ReplicaQuota;
}

/** A partition to fetch from `leader` (Kafka's InitialFetchState with its BrokerEndPoint). */
export interface FollowerFetchStart extends InitialFetchState {
  leader: Node;
}

interface Fetcher {
  thread: ReplicaFetcherThread;
  client: NetworkClient;
  leader: Node;
}

const DEFAULT_MAX_PARTITIONS_PER_FETCHER = 1_000_000;
const DEFAULT_MAX_FETCHERS = 100_000;

/** Kafka's AbstractFetcherManager.getFetcherId. */
export function fetcherIdOf(topic: string, partition: number, numFetchers: number): number {
  return Math.abs((Math.imul(31, javaStringHash(topic)) + partition) | 0) % numFetchers;
}

export class ReplicaFetcherManager {
  /** "leaderId:fetcherId" -> fetcher. */
  private readonly fetchers = new Map<string, Fetcher>();
  private closed = false;

  constructor(private readonly opts: ReplicaFetcherManagerOptions) {
    if (!Number.isSafeInteger(opts.numFetchers) || opts.numFetchers < 1) throw new RangeError(`num.replica.fetchers must be at least 1, got ${opts.numFetchers}`);
  }

  /** The fetcher of (leader, fetcher id), for tests and tools. */
  fetcher(leaderId: number, fetcherId: number): ReplicaFetcherThread | undefined {
    return this.fetchers.get(`${leaderId}:${fetcherId}`)?.thread;
  }

  /** The fetcher holding this partition, if any. */
  fetcherOf(topic: string, partition: number): ReplicaFetcherThread | undefined {
    for (const f of this.fetchers.values()) if (f.thread.fetchState(topic, partition)) return f.thread;
    return undefined;
  }

  get fetcherCount(): number {
    return this.fetchers.size;
  }

  /** Kafka's addFetcherForPartitions: each partition to its (leader, fetcher id) fetcher, made on demand. */
  addFetcherForPartitions(starts: readonly FollowerFetchStart[]): void {
    if (this.closed) return;
    const byFetcher = new Map<string, { leader: Node; fetcherId: number; states: InitialFetchState[] }>();
    for (const s of starts) {
      const fetcherId = fetcherIdOf(s.topic, s.partition, this.opts.numFetchers);
      const key = `${s.leader.id}:${fetcherId}`;
      let group = byFetcher.get(key);
      if (!group) byFetcher.set(key, (group = { leader: s.leader, fetcherId, states: [] }));
      group.states.push(s);
    }
    for (const [key, group] of byFetcher) {
      let f = this.fetchers.get(key);
      // The leader registered again at another address: its old fetcher is to the wrong place.
      if (f && (f.leader.host !== group.leader.host || f.leader.port !== group.leader.port)) {
        this.stopFetcher(key, f);
        f = undefined;
      }
      if (!f) {
        if (this.fetchers.size >= (this.opts.maxFetchers ?? DEFAULT_MAX_FETCHERS)) {
          this.opts.logger.error("too many replica fetchers: partitions not fetched", { leader: group.leader.id, fetcherId: group.fetcherId, partitions: group.states.length });
          continue;
        }
        f = this.createFetcher(group.leader, group.fetcherId);
        this.fetchers.set(key, f);
        f.thread.start();
      }
      f.thread.addPartitions(group.states);
    }
  }

  /** Kafka's removeFetcherForPartitions: stops fetching these ("topic:partition" keys, or topic + partition). */
  removeFetcherForPartitions(partitions: ReadonlyArray<{ topic: string; partition: number }>): void {
    if (partitions.length === 0) return;
    const keys = partitions.map((p) => partitionKey(p.topic, p.partition));
    for (const f of this.fetchers.values()) f.thread.removePartitions(keys);
  }

  /** Kafka's shutdownIdleFetcherThreads: fetchers with no partitions left stop and close their client. */
  shutdownIdleFetcherThreads(): void {
    for (const [key, f] of [...this.fetchers]) if (f.thread.partitionCount === 0) this.stopFetcher(key, f);
  }

  /** Stops every fetcher (broker shutdown); resolves once their in-flight rounds are handled. */
  async shutdown(): Promise<void> {
    this.closed = true;
    const stopping = [...this.fetchers].map(([key, f]) => this.stopFetcher(key, f));
    await Promise.all(stopping);
  }

  private createFetcher(leader: Node, fetcherId: number): Fetcher {
    const o = this.opts;
    const client = o.newClient(`broker-${o.brokerId}-fetcher-${fetcherId}`);
    const endpoint = new RemoteLeaderEndPoint(leader, client, o.fetch, o.brokerId, o.brokerEpoch);
    const thread = new ReplicaFetcherThread({
      name: `ReplicaFetcherThread-${fetcherId}-${leader.id}`,
      endpoint,
      host: o.host,
      clock: o.clock,
      backoffMs: o.backoffMs,
      maxPartitions: o.maxPartitionsPerFetcher ?? DEFAULT_MAX_PARTITIONS_PER_FETCHER,
      logger: o.logger,
      wallClockMs: o.wallClockMs,
      quota: o.quota,
    });
    return { thread, client, leader: { ...leader } };
  }

  private stopFetcher(key: string, f: Fetcher): Promise<void> {
    this.fetchers.delete(key);
    const done = f.thread.shutdown();
    // Closing the client fails the request in flight at once, so the shutdown does not wait out max_wait.
    f.client.close();
    return done;
  }
}
