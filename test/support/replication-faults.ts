// The faults of the replication chaos test (issue 13), aimed at a partition leader or the active
// controller of a ReplicatedCluster: SIGKILL (restarted on its data after a while), SIGSTOP for a while
// (SIGCONT), a network partition isolating the node for a while (healed), and rolling restarts of every
// node, clean (SIGTERM) or hard (SIGKILL), each node back in every ISR before the next goes down.
// Every random choice comes from the caller's seeded generator.
import type { ReplicatedCluster } from "./replicated-cluster.ts";
import { activeController, awaitWhole, currentView, topicView } from "./replication-probe.ts";
import { until } from "./until.ts";

export type FaultKind =
  | "kill-leader"
  | "kill-controller"
  | "pause-leader"
  | "pause-controller"
  | "isolate-leader"
  | "isolate-controller"
  | "rolling-clean"
  | "rolling-hard";

/** The faults that take seconds (make test's short run draws from these). */
export const QUICK_FAULTS: readonly FaultKind[] = ["kill-leader", "pause-leader", "isolate-leader", "kill-controller", "pause-controller", "isolate-controller"];
export const ALL_FAULTS: readonly FaultKind[] = [...QUICK_FAULTS, "rolling-clean", "rolling-hard"];

export function parseFaultKinds(s: string | undefined, dflt: readonly FaultKind[]): readonly FaultKind[] {
  if (!s) return dflt;
  const kinds = s.split(",").map((k) => k.trim()).filter((k) => k !== "");
  for (const k of kinds) if (!(ALL_FAULTS as readonly string[]).includes(k)) throw new Error(`unknown fault kind ${k}; known: ${ALL_FAULTS.join(", ")}`);
  return kinds as FaultKind[];
}

export interface FaultContext {
  cluster: ReplicatedCluster;
  topic: string;
  partitions: number;
  replicationFactor: number;
  random: () => number;
  note: (s: string) => void;
}

export interface InjectedFault {
  kind: FaultKind;
  victim: number;
  /** The partitions the victim led when the fault landed (failover is measured on these). */
  led: number[];
  /** When the fault landed (wall-clock ms). */
  atMs: number;
  /** When it was over: the node restarted, continued or reconnected (wall-clock ms). */
  healedAtMs: number;
  /** When the other nodes first showed every partition the victim led with another leader (null: not before the heal). */
  reelectedAtMs: number | null;
  detail: string;
}

const WHOLE_TIMEOUT_MS = 120_000;

/** Milliseconds in [min, max), drawn from `random`. */
const between = (random: () => number, min: number, max: number): number => min + Math.floor(random() * (max - min));

/** The victim of `kind`: the leader of a random partition, or the active controller. */
async function chooseVictim(x: FaultContext, kind: FaultKind): Promise<{ victim: number; led: number[]; controller: number }> {
  const view = await until("a view of the topic", () => currentView(x.cluster, x.topic), 30_000, 250);
  const ledBy = (id: number) => view.partitions.filter((p) => p.leader === id).map((p) => p.partition);
  const controller = await until("an active controller", () => activeController(x.cluster), 30_000, 250);
  if (kind.endsWith("-controller")) return { victim: controller, led: ledBy(controller), controller };
  const p = view.partitions[Math.floor(x.random() * view.partitions.length)]!;
  if (p.leader < 0) throw new Error(`partition ${p.partition} has no leader: ${JSON.stringify(view)}`);
  return { victim: p.leader, led: ledBy(p.leader), controller };
}

/** Injects one fault of `kind`, waits out its duration and heals it (not waiting for the cluster to be whole). */
export async function injectFault(x: FaultContext, kind: FaultKind): Promise<InjectedFault> {
  const c = x.cluster;
  if (kind === "rolling-clean" || kind === "rolling-hard") return rollingRestart(x, kind);
  const { victim, led, controller } = await chooseVictim(x, kind);
  // A leader that is also the active controller fails over slower: a Raft election, then the new
  // controller's broker session timeout, before its partitions move.
  const what = kind.endsWith("-controller") ? `the active controller ${victim}` : `node ${victim}${victim === controller ? " (also the active controller)" : ""}`;
  const leads = `leader of ${led.length > 0 ? led.join(",") : "nothing"}`;
  const atMs = Date.now();
  const watch = watchReelection(x, victim, led);
  let detail: string;
  if (kind.startsWith("kill-")) {
    const downMs = between(x.random, 500, 4_000);
    detail = `SIGKILL ${what} (${leads}), restarted after ${downMs} ms`;
    x.note(detail);
    await c.kill(victim);
    await Bun.sleep(Math.max(0, downMs - (Date.now() - atMs)));
    await c.start(victim);
  } else if (kind.startsWith("pause-")) {
    // Some pauses outlast the broker session timeout (the node is fenced), some do not.
    const pauseMs = between(x.random, 1_000, 12_000);
    detail = `SIGSTOP ${what} (${leads}) for ${pauseMs} ms`;
    x.note(detail);
    c.pause(victim);
    await Bun.sleep(pauseMs);
    c.resume(victim);
  } else {
    // Long enough, mostly, for a Raft election and a broker session timeout (leadership moves), not always.
    const isolateMs = between(x.random, 3_000, 14_000);
    detail = `network partition isolating ${what} (${leads}) for ${isolateMs} ms`;
    x.note(detail);
    c.isolate(victim);
    await Bun.sleep(isolateMs);
    c.heal(victim);
  }
  const healedAtMs = Date.now();
  const reelectedAtMs = await watch.stop();
  x.note(`healed: ${kind} ${victim}${reelectedAtMs === null ? "" : `; its partitions had new leaders ${reelectedAtMs - atMs} ms after the fault`}`);
  return { kind, victim, led, atMs, healedAtMs, reelectedAtMs, detail };
}

/**
 * Polls the reachable nodes' Metadata (every 250 ms, until stop()) for the moment every partition in
 * `led` names a leader other than `victim`: the cluster's part of the failover, apart from the clients'.
 */
function watchReelection(x: FaultContext, victim: number, led: readonly number[]): { stop(): Promise<number | null> } {
  let stopped = false;
  let at: number | null = null;
  const loop = (async () => {
    // Bounded by stop(), called when the fault heals.
    while (!stopped && at === null && led.length > 0) {
      const others = x.cluster.reachable().filter((id) => id !== victim);
      const views = await Promise.all(others.map((id) => topicView(x.cluster, id, x.topic, 1_000)));
      const moved = views.some((v) => v !== null && led.every((p) => {
        const l = v.partitions.find((q) => q.partition === p)?.leader ?? -1;
        return l >= 0 && l !== victim;
      }));
      if (moved) at = Date.now();
      else await Bun.sleep(250);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return at;
    },
  };
}

async function rollingRestart(x: FaultContext, kind: "rolling-clean" | "rolling-hard"): Promise<InjectedFault> {
  const c = x.cluster;
  const order = [...c.ids];
  // Fisher-Yates with the seeded generator.
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(x.random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const first = await currentView(c, x.topic);
  const led = first ? first.partitions.filter((p) => p.leader === order[0]).map((p) => p.partition) : [];
  const detail = `${kind === "rolling-clean" ? "clean (SIGTERM)" : "hard (SIGKILL)"} rolling restart, order ${order.join(",")}`;
  x.note(detail);
  const atMs = Date.now();
  // Bounded by the node count.
  for (const id of order) {
    x.note(`rolling: ${kind === "rolling-clean" ? "SIGTERM" : "SIGKILL"} node ${id}`);
    if (kind === "rolling-clean") await c.stop(id);
    else await c.kill(id);
    await c.start(id);
    x.note(`rolling: node ${id} restarted`);
    await awaitWhole(c, x.topic, x.partitions, x.replicationFactor, WHOLE_TIMEOUT_MS);
  }
  return { kind, victim: order[0]!, led, atMs, healedAtMs: Date.now(), reelectedAtMs: null, detail };
}
