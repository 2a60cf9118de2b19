// A Raft cluster in one process, in the style of Kafka's RaftEventSimulationTest: KafkaRaftClients over
// MemoryTransport + FakeClock (real NetworkClients, real request/response encoding), each node's state
// in a MockLog and a MemoryQuorumStateStore that outlive a kill, random message loss and latency,
// kills/restarts and partitions. check() asserts the Raft invariants after every step. A node's log
// can be on disk instead (SimOptions.logFor); onRequest sees every request frame (test/support/raft-
// capture.ts records them for the fuzzer, test/support/raft-fuzz.ts).

import { API_TABLE } from "../../src/protocol/generated/api-table.ts";
import { API_CODECS } from "../../src/protocol/generated/apis.ts";
import { decodeRequest, encodeResponse } from "../../src/protocol/frame.ts";
import { FrameAssembler } from "../../src/network/frame-assembler.ts";
import { MemoryTransport } from "../../src/network/memory-transport.ts";
import { DEFAULT_NETWORK_CLIENT_CONFIG, NetworkClient } from "../../src/network/network-client.ts";
import { FakeClock } from "../../src/util/purgatory/fake-clock.ts";
import { DEFAULT_RAFT_CONFIG, KafkaRaftClient } from "../../src/raft/kafka-raft-client.ts";
import { LeaderState } from "../../src/raft/leader-state.ts";
import { MockLog } from "../../src/raft/mock-log.ts";
import { batchesOf } from "../../src/raft/raft-records.ts";
import type { ReplicatedLog } from "../../src/raft/replicated-log.ts";
import { MemoryQuorumStateStore } from "../../src/raft/quorum-state-store.ts";
import type { Batch, RaftListener, SnapshotReader } from "../../src/raft/raft-client.ts";
import { NotLeaderException } from "../../src/raft/raft-client.ts";
import { VoterSet } from "../../src/raft/voter-set.ts";
import type { LeaderAndEpoch, Voter } from "../../src/raft/types.ts";
import { RecordsSnapshotWriter } from "../../src/raft/snapshot/records-snapshot-writer.ts";
import { seededRandom } from "./seeded-random.ts";

export const PORT = 9093;
const enc = new TextEncoder();
const dec = new TextDecoder();

class RecordingListener implements RaftListener {
  /** offset -> record value, of every committed data record delivered. */
  readonly delivered: { offset: number; value: string }[] = [];
  leaders: LeaderAndEpoch[] = [];
  handleCommit(batches: readonly Batch[]): void {
    for (const b of batches) b.records.forEach((r, i) => this.delivered.push({ offset: b.baseOffset + i, value: dec.decode(r) }));
  }
  handleLoadSnapshot(_reader: SnapshotReader): void {}
  handleLeaderChange(leader: LeaderAndEpoch): void {
    this.leaders.push(leader);
  }
}

/** A batch as the invariant checks compare them: where it sits, its epoch and its exact bytes. */
export interface SimBatch {
  baseOffset: number;
  lastOffset: number;
  epoch: number;
  bytes: Uint8Array;
}

/** Every batch of `log`, in order: MockLog's own list, or (another ReplicatedLog, on disk) read back. */
export function logBatches(log: ReplicatedLog): readonly SimBatch[] {
  if (log instanceof MockLog) return log.allBatches();
  const out: SimBatch[] = [];
  let offset = log.startOffset();
  const end = log.endOffset().offset;
  // Bounded: each read returns at least one batch past `offset` until the end.
  for (let round = 0; round < 1_000_000 && offset < end; round++) {
    const read = log.read(offset, "UNCOMMITTED", 1 << 20);
    if (read.records.length === 0) break;
    const before = offset;
    for (const b of batchesOf(read.records)) {
      if (Number(b.lastOffset) < offset) continue;
      out.push({ baseOffset: Number(b.baseOffset), lastOffset: Number(b.lastOffset), epoch: b.partitionLeaderEpoch, bytes: b.bytes.slice() });
      offset = Number(b.lastOffset) + 1;
    }
    if (offset === before) break;
  }
  return out;
}

/**
 * What the controller listener does with a decoded Raft request: the KafkaRaftClient handler for its
 * API (Fetch answers with a promise; it may be held until data or its maxWaitMs). Throws for an API
 * that is not Raft's, as no controller handler would take it.
 */
export function serveRaftRequest(c: KafkaRaftClient, apiKey: number, apiVersion: number, body: never): unknown {
  switch (apiKey) {
    case 52:
      return c.handleVoteRequest(body, apiVersion);
    case 53:
      return c.handleBeginQuorumEpochRequest(body, apiVersion);
    case 54:
      return c.handleEndQuorumEpochRequest(body, apiVersion);
    case 1:
      return c.handleFetchRequest(body, apiVersion);
    case 59:
      return c.handleFetchSnapshotRequest(body, apiVersion);
    case 55:
      return c.handleDescribeQuorumRequest(body, apiVersion);
    case 80:
      return c.handleAddRaftVoterRequest(body, apiVersion);
    case 81:
      return c.handleRemoveRaftVoterRequest(body, apiVersion);
    case 82:
      return c.handleUpdateRaftVoterRequest(body, apiVersion);
    default:
      throw new Error(`api ${apiKey} is not a Raft api`);
  }
}

export const RAFT_API_KEYS: readonly number[] = [1, 52, 53, 54, 55, 59];

export interface SimNode {
  id: number;
  voter: boolean;
  /** A MockLog, or (SimOptions.logFor) a log on disk, which kill() does not handle. */
  log: ReplicatedLog;
  store: MemoryQuorumStateStore;
  client: KafkaRaftClient | null;
  net: NetworkClient | null;
  listener: RecordingListener | null;
  /** The high watermark seen in this incarnation (committed offsets never go back). */
  lastHw: number;
  alive: boolean;
}

export interface SimOptions {
  voters: number;
  observers: number;
  seed: number;
  /** Probability a request is dropped on arrival. */
  dropRate?: number;
  maxLatencyMs?: number;
  /** Called when a node (re)starts, after its client exists and before it is initialized: register more listeners. */
  onStart?: (node: SimNode, sim: RaftSimulation) => void;
  /** The log of node `id` (default: a MockLog). */
  logFor?: (id: number) => ReplicatedLog;
  /**
   * KIP-853: a dynamic quorum. Every node's log starts with the bootstrap snapshot 0-0 at kraft.version 1
   * (`storage format`): nodes 1..`voters` with them as the initial voters (--standalone /
   * --initial-controllers), the others without (--no-initial-controllers); no static voters, and
   * controller.quorum.bootstrap.servers name every node.
   */
  dynamic?: boolean;
  /** With `dynamic`: controller.quorum.auto.join.enable on every node (observers ask to be added). */
  autoJoin?: boolean;
}

/** A node's directory id in a dynamic simulation (16 bytes of its id, as a Kafka Uuid). */
export function simDirectoryId(id: number): string {
  return Buffer.alloc(16, id).toString("base64url");
}

/** The voter `id` as `storage format` writes it (one CONTROLLER endpoint, kraft.version 0-1). */
export function simVoter(id: number): Voter {
  return { key: { id, directoryId: simDirectoryId(id) }, endpoints: [{ name: "CONTROLLER", host: `n${id}`, port: PORT }], kraftVersion: { min: 0, max: 1 } };
}

export class RaftSimulation {
  readonly clock = new FakeClock(1_000);
  readonly transport = new MemoryTransport(this.clock);
  readonly random: () => number;
  readonly nodes = new Map<number, SimNode>();
  readonly voterSet: VoterSet;
  dropRate: number;
  maxLatencyMs: number;
  /** epoch -> leader id, from every node that ever was Leader (election safety). */
  private readonly leaders = new Map<number, number>();
  /**
   * offset -> batch bytes (as a string key) committed anywhere, and the lowest epoch a node was in when
   * it saw it committed: Raft's leader completeness says leaders of every later epoch hold it.
   */
  private readonly committed = new Map<number, { key: string; epoch: number }>();
  private appendCounter = 0;
  readonly appended: string[] = [];
  steps = 0;
  /** Sees every request frame a node receives (header and body, no size prefix), before it is served. */
  onRequest: ((toNodeId: number, frame: Uint8Array) => void) | null = null;

  constructor(readonly opts: SimOptions) {
    this.random = seededRandom(opts.seed);
    this.dropRate = opts.dropRate ?? 0;
    this.maxLatencyMs = opts.maxLatencyMs ?? 0;
    const ids = Array.from({ length: opts.voters }, (_, i) => i + 1);
    this.voterSet = opts.dynamic ? VoterSet.empty() : VoterSet.parseStatic(ids.map((id) => `${id}@n${id}:${PORT}`).join(","), "CONTROLLER");
    for (let i = 0; i < opts.voters + opts.observers; i++) {
      const id = i + 1;
      const log = opts.logFor?.(id) ?? new MockLog();
      if (opts.dynamic) writeSimBootstrapSnapshot(log, id <= opts.voters ? ids.map(simVoter) : null);
      this.nodes.set(id, { id, voter: id <= opts.voters, log, store: new MemoryQuorumStateStore(), client: null, net: null, listener: null, lastHw: -1, alive: false });
    }
    for (const n of this.nodes.values()) this.start(n.id);
  }

  start(id: number): void {
    const n = this.nodes.get(id)!;
    if (n.alive) return;
    const rnd = seededRandom(Math.floor(this.random() * 2 ** 31));
    n.net = new NetworkClient({ ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId: `raft-${id}`, requestTimeoutMs: 2_000, reconnectBackoffMs: 20, reconnectBackoffMaxMs: 200 }, this.transport.forNode(`n${id}`), this.clock, rnd);
    const dynamic = this.opts.dynamic ? { kraftVersion: 1, directoryId: simDirectoryId(id), bootstrapServers: [...this.nodes.keys()].map((i) => ({ host: `n${i}`, port: PORT })), autoJoin: this.opts.autoJoin ?? false, localListeners: [{ name: "CONTROLLER", host: `n${id}`, port: PORT }] } : {};
    n.client = new KafkaRaftClient({ ...DEFAULT_RAFT_CONFIG, nodeId: id, clusterId: "sim-cluster", listenerName: "CONTROLLER", voters: this.voterSet, ...dynamic }, n.log, n.store, n.net, this.clock, rnd, { info: (m) => process.env.RAFT_SIM_DEBUG && console.log(`[${this.clock.nowMs()}] ${m}`), debug: (m) => process.env.RAFT_SIM_DEBUG && console.log(`[${this.clock.nowMs()}] ${m}`) });
    n.listener = new RecordingListener();
    n.lastHw = -1;
    n.alive = true;
    this.listen(n);
    this.opts.onStart?.(n, this);
    n.client.initialize();
    n.client.register(n.listener);
  }

  kill(id: number): void {
    const n = this.nodes.get(id)!;
    if (!n.alive) return;
    n.alive = false;
    n.client!.halt();
    n.net!.close();
    this.transport.unlisten(`n${id}`, PORT);
    // A log on disk is closed and re-opened by its test; a MockLog loses what was not flushed.
    if (n.log instanceof MockLog) n.log.crash();
    n.client = null;
    n.net = null;
  }

  /** Cut node `id` off from every other node (both directions). */
  isolate(id: number): void {
    for (const o of this.nodes.keys()) if (o !== id) this.cut(id, o);
  }

  cut(a: number, b: number): void {
    this.transport.partition(`n${a}`, `n${b}:${PORT}`);
    this.transport.partition(`n${b}`, `n${a}:${PORT}`);
  }

  healAll(): void {
    for (const a of this.nodes.keys()) for (const b of this.nodes.keys()) if (a !== b) this.transport.heal(`n${a}`, `n${b}:${PORT}`);
  }

  private listen(n: SimNode): void {
    const assemblers = new Map<unknown, FrameAssembler>();
    // A Kafka server answers one connection's requests in order (it mutes the channel meanwhile): the
    // answers wait in this queue until every earlier one went out.
    const queues = new Map<unknown, { bytes: Uint8Array | null; dropped: boolean }[]>();
    this.transport.listen(`n${n.id}`, PORT, {
      onData: (conn, chunk) => {
        let a = assemblers.get(conn);
        if (!a) assemblers.set(conn, (a = new FrameAssembler(1 << 26)));
        let q = queues.get(conn);
        if (!q) queues.set(conn, (q = []));
        const queue = q;
        const flush = () => {
          while (queue.length > 0 && (queue[0]!.bytes !== null || queue[0]!.dropped)) {
            const head = queue.shift()!;
            if (head.bytes) conn.write(head.bytes);
          }
        };
        for (const frame of a.push(chunk)) {
          this.onRequest?.(n.id, frame);
          const d = decodeRequest(frame);
          if (!d.ok) throw new Error(`sim node ${n.id}: undecodable request: ${d.reason}`);
          const apiKey = d.header.requestApiKey;
          const version = d.header.requestApiVersion;
          const slot: { bytes: Uint8Array | null; dropped: boolean } = { bytes: null, dropped: false };
          queue.push(slot);
          const reply = (body: unknown) => {
            const bytes = encodeResponse(apiKey, version, d.header.correlationId, { ...(API_CODECS.get(apiKey)!.newResponse() as object), ...(body as object) });
            const delay = this.maxLatencyMs > 0 ? Math.floor(this.random() * this.maxLatencyMs) : 0;
            const ready = () => {
              slot.bytes = bytes;
              flush();
            };
            if (delay === 0) ready();
            else this.clock.schedule(ready, delay);
          };
          if (apiKey === 18) {
            // kraft.version 0-1, as a Strand controller lists it (AddRaftVoter's leader checks it).
            reply({ errorCode: 0, apiKeys: API_TABLE.map((x) => ({ apiKey: x.key, minVersion: x.minVersion, maxVersion: x.maxVersion })), supportedFeatures: [{ name: "kraft.version", minVersion: 0, maxVersion: 1 }] });
            continue;
          }
          // Lost on the way in: the sender times out (and reconnects), as on a real network.
          // A lost request leaves the connection stuck behind it until the client's timeout closes it.
          if (this.dropRate > 0 && this.random() < this.dropRate) continue;
          const c = n.client;
          if (!c || !n.alive) continue;
          const served = serveRaftRequest(c, apiKey, version, d.body as never);
          if (served instanceof Promise) {
            void served.then((r) => {
              if (n.client === c) reply(r);
            });
          } else reply(served);
        }
      },
    });
  }

  /** Advance simulated time by `ms` in 1-5 ms steps, letting promises run, checking invariants. */
  async run(ms: number, opts: { appendEveryMs?: number } = {}): Promise<void> {
    const end = this.clock.nowMs() + ms;
    let nextAppend = this.clock.nowMs();
    while (this.clock.nowMs() < end) {
      const step = Math.min(end - this.clock.nowMs(), 1 + Math.floor(this.random() * 5));
      this.clock.advance(step);
      await new Promise((r) => setImmediate(r));
      this.clock.advance(0);
      await new Promise((r) => setImmediate(r));
      this.steps++;
      if (opts.appendEveryMs && this.clock.nowMs() >= nextAppend) {
        nextAppend = this.clock.nowMs() + opts.appendEveryMs;
        this.appendOnLeader();
      }
      this.check();
    }
  }

  appendOnLeader(): string | null {
    for (const n of this.nodes.values()) {
      if (!n.alive || !(n.client!.quorum.current instanceof LeaderState)) continue;
      const value = `v${++this.appendCounter}-n${n.id}-e${n.client!.quorum.epoch}`;
      try {
        n.client!.scheduleAtomicAppend(n.client!.quorum.epoch, [enc.encode(value)]);
        this.appended.push(value);
        return value;
      } catch (e) {
        if (!(e instanceof NotLeaderException)) throw e;
      }
    }
    return null;
  }

  liveLeader(): SimNode | null {
    let best: SimNode | null = null;
    for (const n of this.nodes.values()) {
      if (n.alive && n.client!.quorum.current instanceof LeaderState && (!best || n.client!.quorum.epoch > best.client!.quorum.epoch)) best = n;
    }
    return best;
  }

  private fail(msg: string): never {
    throw new Error(`raft simulation (seed ${this.opts.seed}, t=${this.clock.nowMs()}, step ${this.steps}): ${msg}`);
  }

  check(): void {
    for (const n of this.nodes.values()) {
      if (!n.alive) continue;
      const q = n.client!.quorum;
      const s = q.current;
      // Election safety: at most one leader per epoch.
      if (s instanceof LeaderState) {
        const prev = this.leaders.get(s.epoch);
        if (prev !== undefined && prev !== n.id) this.fail(`two leaders in epoch ${s.epoch}: ${prev} and ${n.id}`);
        this.leaders.set(s.epoch, n.id);
        // With a dynamic quorum a removed leader leads (and resigns) outside the voter set it appended.
        if (!n.voter && !this.opts.dynamic) this.fail(`observer ${n.id} became leader`);
      }
      if (!n.voter && !this.opts.dynamic && s.name !== "Follower" && s.name !== "Unattached") this.fail(`observer ${n.id} is ${s.name}`);
      // A committed offset never goes back on a node.
      const hw = n.log.highWatermark();
      if (hw < n.lastHw) this.fail(`node ${n.id}: high watermark went back from ${n.lastHw} to ${hw}`);
      n.lastHw = hw;
      // Committed prefixes agree: the same batch bytes at the same offsets on every node.
      for (const b of logBatches(n.log)) {
        if (b.lastOffset >= hw) break;
        const key = Buffer.from(b.bytes).toString("base64");
        const seen = this.committed.get(b.baseOffset);
        if (seen === undefined) this.committed.set(b.baseOffset, { key, epoch: q.epoch });
        else if (seen.key === key) seen.epoch = Math.min(seen.epoch, q.epoch);
        else this.fail(`node ${n.id}: committed batch at ${b.baseOffset} differs from another node's`);
      }
      // Listeners saw only committed records, in order, once.
      const d = n.listener!.delivered;
      for (let i = 1; i < d.length; i++) if (d[i]!.offset <= d[i - 1]!.offset) this.fail(`node ${n.id}: delivery out of order or twice at ${d[i]!.offset}`);
      const last = d[d.length - 1];
      if (last && last.offset >= hw) this.fail(`node ${n.id}: delivered offset ${last.offset} at or past the high watermark ${hw}`);
    }
    // Leader completeness: a leader's log holds every committed batch.
    for (const n of this.nodes.values()) {
      if (!n.alive || !(n.client!.quorum.current instanceof LeaderState)) continue;
      const held = new Map(logBatches(n.log).map((b) => [b.baseOffset, Buffer.from(b.bytes).toString("base64")]));
      for (const [offset, c] of this.committed) {
        if (offset < n.log.startOffset() || c.epoch >= n.client!.quorum.epoch) continue;
        if (held.get(offset) !== c.key) this.fail(`leader ${n.id} (epoch ${n.client!.quorum.epoch}) lacks the committed batch at ${offset}`);
      }
    }
  }

  /** Committed data records, by the first node that committed each offset, in offset order. */
  committedOffsets(): number[] {
    return [...this.committed.keys()].sort((a, b) => a - b);
  }

  /** One line per node, for failure messages. */
  describe(): string {
    return [...this.nodes.values()]
      .map((n) => `node ${n.id} ${n.alive ? `${n.client!.quorum.current.name} e${n.client!.quorum.epoch} leader=${n.client!.quorum.leaderIdOrSentinel()}` : "dead"} leo=${n.log.endOffset().offset}@${n.log.endOffset().epoch} hw=${n.log.highWatermark()} delivered=${n.listener?.delivered.length ?? 0}`)
      .join("\n");
  }

  close(): void {
    for (const n of this.nodes.values()) if (n.alive) this.kill(n.id);
  }
}

/** `storage format`'s bootstrap snapshot 0-0 at kraft.version 1, with the initial voters or none. */
function writeSimBootstrapSnapshot(log: ReplicatedLog, voters: readonly Voter[] | null): void {
  const raw = log.createNewSnapshotUnchecked({ offset: 0, epoch: 0 });
  if (!raw) return;
  const w = new RecordsSnapshotWriter(raw, { lastContainedLogTimestampMs: 0, kraftVersion: 1, voters, nowMs: () => 0 });
  // A MockLog's snapshot is visible once freeze() is called (it has nothing to wait for).
  void w.freeze();
}
