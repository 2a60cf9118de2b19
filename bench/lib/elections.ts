// The elections workload (issue 12): a session of its own per system and round, after the others of the
// same slot. Three nodes, each broker and controller (process.roles=broker,controller), one KRaft
// quorum over loopback: Strand (test/support/strand-cluster.ts, the binary the run uses) or Apache
// Kafka 4.4.0 (three JVMs, log dirs formatted before anything is timed). Both keep Kafka's defaults for
// controller.quorum.election.timeout.ms (1 s), controller.quorum.fetch.timeout.ms (2 s),
// broker.heartbeat.interval.ms and broker.session.timeout.ms; COMMON_OVERRIDES otherwise.
//
// Then --election-kills times over (default 5; quick 2):
//   leader   DescribeQuorum on every controller listener until one leader has committed (its high
//            watermark is known: a majority fetched past its epoch's start); that node is the victim.
//   wait     a seeded random 0-999 ms (the same sequence for both systems: seed 12_000 + round), so
//            the kill lands at a random point of the followers' 500 ms fetch cycle. Without it the
//            settle phase (1 s, a multiple of the cycle, after the registration that restarted the
//            cycle) put every Strand kill just after a fetch answer: always the full 2 s timeout.
//   kill     t0, SIGKILL of the victim. In parallel:
//              elections.leader  t0 until a survivor answers DescribeQuorum as leader of a later epoch
//                                with a high watermark (so the other survivor fetches from it: the two
//                                agree); survivors polled every 10 ms, a fresh connection each time.
//              elections.create  t0 until a CreateTopics (1 partition, RF 1) sent to the survivor with
//                                the lowest node id is acknowledged (an error or no answer: retried 20 ms
//                                later on a fresh connection; TOPIC_ALREADY_EXISTS of a retry counts).
//   rejoin   the victim restarted on its data: spawn until the leader's DescribeQuorum shows its log end
//            offset at or past the high watermark (elections.rejoin; Kafka's includes the JVM's start).
//   settle   untimed: every node's Metadata lists the three brokers again, then 1 s.
// The same probe (test/support/quorum-probe.ts) is used for both systems: Kafka 4.4.0 brokers answer
// Metadata's controllerId with a random broker, so Metadata cannot tell the active controller there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { KAFKA_MAIN, runKafkaClass } from "../../test/support/kafka-dist.ts";
import { newClusterId, startKafka, type KafkaHandle } from "../../test/support/kafka-broker.ts";
import { freePorts } from "../../test/support/ports.ts";
import { committedLeader, describeQuorum, metadataOf, until, type QuorumView } from "../../test/support/quorum-probe.ts";
import { StrandCluster } from "../../test/support/strand-cluster.ts";
import { COMMON_OVERRIDES, STRAND_ONLY_OVERRIDES, type BrokerSettings } from "./brokers.ts";
import { addSample, type BenchResult, type Slot } from "./metrics.ts";
import type { BenchOptions, SystemName } from "./options.ts";
import { onExit } from "./procs.ts";
import { log, recordError } from "./session.ts";
import { BenchClient } from "./wire.ts";

const NODES = [1, 2, 3] as const;
/** Longest wait for any one phase (election, CreateTopics, catch-up, settling): a failure beyond it. */
const PHASE_TIMEOUT_MS = 120_000;
const POLL_MS = 10;
const CREATE_RETRY_MS = 20;
const SETTLE_MS = 1_000;
/** The kill comes a random 0..KILL_JITTER_MS-1 after the leader is found (see "wait" above). */
const KILL_JITTER_MS = 1_000;

/** A seeded linear congruential sequence in [0, 1): the same kill delays for both systems. */
export function killDelays(seed: number): () => number {
  let s = seed >>> 0;
  return () => Math.floor(((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296) * KILL_JITTER_MS);
}

/** The three nodes of one system, as the workload drives them. */
export interface ElectionCluster {
  system: SystemName;
  controllerPort(id: number): number;
  /** The client listener of a running node. */
  clientPort(id: number): number;
  live(): number[];
  kill(id: number): Promise<void>;
  /** Starts a killed node again on its data; resolves once it listens. */
  restart(id: number): Promise<void>;
  logTail(id: number): string;
  close(): Promise<void>;
}

async function startStrandCluster(s: BrokerSettings): Promise<ElectionCluster> {
  const root = mkdtempSync(join(s.dataRoot, "bench-elect-strand-"));
  const offRoot = onExit(() => rmSync(root, { recursive: true, force: true }));
  const c = await StrandCluster.start({
    binary: s.strandBinary ?? undefined,
    dataRoot: root,
    startTimeoutMs: s.startTimeoutMs,
    overrides: { ...COMMON_OVERRIDES, ...STRAND_ONLY_OVERRIDES },
  }).catch((e: unknown) => {
    rmSync(root, { recursive: true, force: true });
    offRoot();
    throw e;
  });
  return {
    system: "strand",
    controllerPort: (id) => c.controllerPorts.get(id)!,
    clientPort: (id) => c.portOf(id),
    live: () => c.live(),
    kill: (id) => c.kill(id),
    restart: async (id) => void (await c.startNode(id)),
    logTail: (id) => c.output(id).slice(-4_000),
    async close() {
      await c.close();
      rmSync(root, { recursive: true, force: true });
      offRoot();
    },
  };
}

async function formatKafkaNode(workDir: string, id: number, logDir: string, clientPort: number, controllerPort: number, voters: string, clusterId: string): Promise<void> {
  const propsFile = join(workDir, `format-${id}.properties`);
  writeFileSync(propsFile, [
    "process.roles=broker,controller", `node.id=${id}`, `controller.quorum.voters=${voters}`,
    "controller.listener.names=CONTROLLER", `listeners=PLAINTEXT://127.0.0.1:${clientPort},CONTROLLER://127.0.0.1:${controllerPort}`,
    "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT", `log.dirs=${logDir}`, "",
  ].join("\n"));
  const r = await runKafkaClass(KAFKA_MAIN.storage, ["format", "-t", clusterId, "-c", propsFile, "--ignore-formatted"], { timeoutMs: 120_000 });
  if (r.exitCode !== 0) throw new Error(`kafka-storage format of node ${id} exited ${r.exitCode}\n${r.stdout}\n${r.stderr}`);
}

async function startKafkaCluster(s: BrokerSettings): Promise<ElectionCluster> {
  const workDir = mkdtempSync(join(s.dataRoot, "bench-elect-kafka-"));
  const handles = new Map<number, KafkaHandle>();
  const tails = new Map<number, string>();
  const offDir = onExit(() => rmSync(workDir, { recursive: true, force: true }));
  const ports = await freePorts(6);
  const clientPort = (id: number) => ports[id - 1]!;
  const controllerPort = (id: number) => ports[3 + id - 1]!;
  const voters = NODES.map((id) => `${id}@127.0.0.1:${controllerPort(id)}`).join(",");
  const clusterId = newClusterId();
  const logDir = (id: number) => join(workDir, `node-${id}`);
  const start = async (id: number) => {
    const h = await startKafka({
      logDir: logDir(id), port: clientPort(id), controllerPort: controllerPort(id), heapMb: s.kafkaHeapMb,
      startTimeoutMs: s.startTimeoutMs,
      overrides: { ...COMMON_OVERRIDES, "node.id": id, "controller.quorum.voters": voters },
    });
    handles.set(id, h);
  };
  const close = async () => {
    for (const h of handles.values()) await h.remove().catch(() => {});
    handles.clear();
    rmSync(workDir, { recursive: true, force: true });
    offDir();
  };
  try {
    for (const id of NODES) mkdirSync(logDir(id));
    await Promise.all(NODES.map((id) => formatKafkaNode(workDir, id, logDir(id), clientPort(id), controllerPort(id), voters, clusterId)));
    // Together: none answers its readiness probe before a quorum has formed.
    await Promise.all(NODES.map(start));
  } catch (e) {
    await close();
    throw e;
  }
  return {
    system: "kafka",
    controllerPort,
    clientPort: (id) => {
      if (!handles.has(id)) throw new Error(`node ${id} is not running`);
      return clientPort(id);
    },
    live: () => NODES.filter((id) => handles.has(id)),
    async kill(id) {
      const h = handles.get(id);
      if (!h) return;
      await h.kill();
      tails.set(id, h.logTail(4_000));
      handles.delete(id);
      await h.remove(); // its work dir (server.properties, kafka.log); the log dir is ours, kept
    },
    restart: (id) => start(id),
    logTail: (id) => handles.get(id)?.logTail(4_000) ?? tails.get(id) ?? "",
    close,
  };
}

export function startElectionCluster(system: SystemName, s: BrokerSettings): Promise<ElectionCluster> {
  return system === "kafka" ? startKafkaCluster(s) : startStrandCluster(s);
}

export interface FailoverSample {
  /** The seeded wait before the leader was found and killed. */
  killDelayMs: number;
  victim: number;
  oldEpoch: number;
  newLeader: number;
  newEpoch: number;
  /** SIGKILL to the survivors agreeing on a new leader. */
  electionMs: number;
  /** SIGKILL to a CreateTopics acknowledged through `createdVia`. */
  createMs: number;
  createdVia: number;
  createAttempts: number;
  /** Restart spawn to the victim caught up with the leader's high watermark. */
  rejoinMs: number;
}

function leaderOf(cl: ElectionCluster): Promise<QuorumView | null> {
  return committedLeader(cl.live().map((id) => cl.controllerPort(id)), 1_000);
}

/** Every running node's Metadata lists every node as a broker. */
async function settled(cl: ElectionCluster): Promise<boolean> {
  const live = cl.live();
  if (live.length !== NODES.length) return false;
  const mds = await Promise.all(live.map((id) => metadataOf(cl.clientPort(id))));
  return mds.every((m) => m.brokers.length === NODES.length);
}

async function waitSettled(cl: ElectionCluster): Promise<void> {
  await until("every node to list the three brokers", () => settled(cl), PHASE_TIMEOUT_MS, 100);
  await Bun.sleep(SETTLE_MS);
}

/** One failover: kill the committed leader, time the election and the first CreateTopics, restart it, time its catch-up. */
export async function measureFailover(cl: ElectionCluster, topic: string, killDelayMs = 0): Promise<FailoverSample> {
  await Bun.sleep(killDelayMs);
  const before = await until("a leader that has committed", () => leaderOf(cl), PHASE_TIMEOUT_MS, 50);
  const victim = before.leaderId;
  const survivors = cl.live().filter((id) => id !== victim);
  const createdVia = Math.min(...survivors);
  const createPort = cl.clientPort(createdVia);
  const t0 = performance.now();
  const killed = cl.kill(victim);
  const deadline = t0 + PHASE_TIMEOUT_MS;
  const election = (async () => {
    // Bounded by the deadline; one poll of both survivors per POLL_MS.
    while (performance.now() < deadline) {
      const views = await Promise.all(survivors.map((id) => describeQuorum(cl.controllerPort(id), 1_000)));
      const v = views.find((x) => x !== null && x.errorCode === 0 && x.leaderEpoch > before.leaderEpoch && x.highWatermark >= 0 && survivors.includes(x.leaderId));
      if (v) return { ms: performance.now() - t0, view: v };
      await Bun.sleep(POLL_MS);
    }
    throw new Error(`no new leader among ${survivors.join(",")} within ${PHASE_TIMEOUT_MS} ms of the SIGKILL of ${victim}`);
  })();
  const create = (async () => {
    let attempts = 0;
    let last = "";
    // Bounded by the deadline; one attempt at a time, CREATE_RETRY_MS apart.
    while (performance.now() < deadline) {
      attempts++;
      let c: BenchClient | null = null;
      try {
        c = await BenchClient.connect(createPort);
        await c.createTopic(topic, 1, 10_000);
        return { ms: performance.now() - t0, attempts };
      } catch (e) {
        last = e instanceof Error ? e.message : String(e);
      } finally {
        c?.close();
      }
      await Bun.sleep(CREATE_RETRY_MS);
    }
    throw new Error(`no CreateTopics acknowledged through node ${createdVia} within ${PHASE_TIMEOUT_MS} ms (last: ${last})`);
  })();
  const [e, cr] = await Promise.all([election, create, killed]);
  const t1 = performance.now();
  const restarted = cl.restart(victim);
  let restartError: unknown = null;
  restarted.catch((x: unknown) => (restartError = x));
  const caughtUp = await until(`node ${victim} to catch up after its restart`, async () => {
    if (restartError) throw restartError;
    const v = await committedLeader(survivors.map((id) => cl.controllerPort(id)), 1_000);
    const me = v?.voters.find((x) => x.replicaId === victim);
    return v && me && me.logEndOffset >= v.highWatermark ? performance.now() : null;
  }, PHASE_TIMEOUT_MS, POLL_MS);
  await restarted;
  await waitSettled(cl);
  return {
    killDelayMs, victim, oldEpoch: before.leaderEpoch, newLeader: e.view.leaderId, newEpoch: e.view.leaderEpoch,
    electionMs: e.ms, createMs: cr.ms, createdVia, createAttempts: cr.attempts, rejoinMs: caughtUp - t1,
  };
}

/** One elections session: a fresh three-node cluster of `system`, o.electionKills failovers, the cluster removed. */
export async function runElectionSession(o: BenchOptions, r: BenchResult, slot: Slot, system: SystemName, round: number, s: BrokerSettings): Promise<void> {
  const base = { o, r, slot, system, round };
  r.loadAvg1m?.push(loadavg()[0]);
  log(base, `elections: starting a three-node ${system} cluster (load average ${loadavg()[0].toFixed(2)})`);
  let cl: ElectionCluster;
  try {
    cl = await startElectionCluster(system, s);
    await waitSettled(cl);
  } catch (e) {
    recordError(base, "elections", e);
    return;
  }
  const samples: FailoverSample[] = [];
  const seed = 12_000 + round;
  const nextDelay = killDelays(seed);
  log(base, `elections: kill delays seeded ${seed}`);
  try {
    for (let k = 1; k <= o.electionKills; k++) {
      try {
        const x = await measureFailover(cl, `elections-${round}-${k}`, nextDelay());
        samples.push(x);
        addSample(r, "elections.leader", slot, x.electionMs);
        addSample(r, "elections.leader.max", slot, x.electionMs);
        addSample(r, "elections.create", slot, x.createMs);
        addSample(r, "elections.create.max", slot, x.createMs);
        addSample(r, "elections.rejoin", slot, x.rejoinMs);
        log(base, `elections ${k}/${o.electionKills}: ${x.killDelayMs} ms wait, SIGKILL of leader ${x.victim} (epoch ${x.oldEpoch}); leader ${x.newLeader} (epoch ${x.newEpoch}) after ${x.electionMs.toFixed(0)} ms, ` +
          `CreateTopics through ${x.createdVia} after ${x.createMs.toFixed(0)} ms (${x.createAttempts} attempts), rejoined in ${x.rejoinMs.toFixed(0)} ms`);
      } catch (e) {
        recordError(base, "elections", e, cl.live().map((id) => `--- node ${id} ---\n${cl.logTail(id).slice(-1_500)}`).join("\n"));
        break; // the cluster's state is unknown: the next kill would not measure the same thing
      }
    }
  } finally {
    r.loadAvg1m?.push(loadavg()[0]);
    r.details.push({ round, slot, system, workload: "elections", failovers: samples });
    await cl.close().catch((e: unknown) => recordError(base, "elections.stop", e));
  }
}
