// A capture of Raft traffic as wire bytes, generated instead of stored: a seeded RaftSimulation
// (test/support/raft-sim.ts) with appends, a resignation (EndQuorumEpoch and a new election), a follower
// that falls behind a snapshot (FetchSnapshot) and an admin asking every node DescribeQuorum, with every
// request frame recorded at the nodes' listener exactly as the sender's NetworkClient encoded it (request
// header included, at the version it negotiated). The cluster keeps running, so a fuzzer can feed
// mutations of its own past traffic into it (test/support/raft-fuzz.ts).

import { peekHeader } from "../../src/protocol/frame.ts";
import { LeaderState } from "../../src/raft/leader-state.ts";
import { DEFAULT_NETWORK_CLIENT_CONFIG, NetworkClient } from "../../src/network/network-client.ts";
import { logBatches, PORT, RAFT_API_KEYS, type RaftSimulation } from "./raft-sim.ts";
import { seededRandom } from "./seeded-random.ts";

export interface CapturedRequest {
  /** The node that received it. */
  readonly to: number;
  readonly apiKey: number;
  readonly version: number;
  /** Request header and body, without the 4-byte size. */
  readonly frame: Uint8Array;
}

/** Frames kept per API at most (Fetch is most of the traffic; the rare ones are all kept). */
const MAX_PER_API = 400;

/**
 * Starts recording `sim`'s request frames into per-API reservoirs (a uniform sample of each API's
 * traffic, bounded, so Fetches of every phase are kept, not only the first ones).
 */
export function recordRequests(sim: RaftSimulation): Map<number, CapturedRequest[]> {
  const byApi = new Map<number, CapturedRequest[]>();
  const seen = new Map<number, number>();
  const pick = seededRandom(sim.opts.seed + 1);
  sim.onRequest = (to, frame) => {
    const h = peekHeader(frame);
    if (!h || !RAFT_API_KEYS.includes(h.apiKey)) return;
    const n = (seen.get(h.apiKey) ?? 0) + 1;
    seen.set(h.apiKey, n);
    let list = byApi.get(h.apiKey);
    if (!list) byApi.set(h.apiKey, (list = []));
    // The assembler's frame may be a view of a buffer it reuses.
    const r = { to, apiKey: h.apiKey, version: h.apiVersion, frame: frame.slice() };
    if (list.length < MAX_PER_API) list.push(r);
    else {
      const i = Math.floor(pick() * n);
      if (i < MAX_PER_API) list[i] = r;
    }
  };
  return byApi;
}

/** The leader takes a snapshot at its high watermark (a batch boundary) and drops the log before it. */
function snapshotLeader(sim: RaftSimulation): boolean {
  const leader = sim.liveLeader();
  if (!leader) return false;
  const c = leader.client!;
  const hw = leader.log.highWatermark();
  const last = [...logBatches(leader.log)].filter((b) => b.lastOffset < hw).pop();
  if (!last) return false;
  const id = { offset: last.lastOffset + 1, epoch: last.epoch };
  const w = c.createSnapshot(id, sim.clock.nowMs());
  if (!w) return false;
  w.append([new TextEncoder().encode(`snapshot at ${id.offset}`)]);
  void w.freeze().then(() => leader.log.deleteBeforeSnapshot(id));
  return true;
}

/** DescribeQuorum to every node from an admin client ("n99"), at each version 0-2. */
async function describeQuorumRound(sim: RaftSimulation, admin: NetworkClient): Promise<void> {
  const body = { topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0 }] }] };
  const sends: Promise<unknown>[] = [];
  for (const id of sim.nodes.keys()) {
    for (let v = 0; v <= 2; v++) sends.push(admin.send({ id, host: `n${id}`, port: PORT }, 55, body, { minVersion: v, maxVersion: v, timeoutMs: 1_000 }).catch(() => null));
  }
  await sim.run(50);
  await Promise.all(sends);
}

/**
 * Drives `sim` (3 voters and at least one observer) through elections, appends, a resignation, a
 * snapshot fetch and DescribeQuorum, recording the requests; returns them with counts per API.
 */
export async function captureRaftTraffic(sim: RaftSimulation): Promise<{ requests: CapturedRequest[]; perApi: Map<number, number> }> {
  const byApi = recordRequests(sim);
  const admin = new NetworkClient({ ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId: "admin" }, sim.transport.forNode("n99"), sim.clock, seededRandom(sim.opts.seed + 99));
  try {
    await sim.run(3_000, { appendEveryMs: 50 });
    await describeQuorumRound(sim, admin);
    // Two resignations: EndQuorumEpoch to the others, then a new election each.
    for (let i = 0; i < 2; i++) {
      const leader = sim.liveLeader();
      if (leader) leader.client!.resign(leader.client!.quorum.epoch);
      await sim.run(2_500, { appendEveryMs: 50 });
    }
    // A follower down while the leader snapshots and drops its log: back, it has to FetchSnapshot.
    const leader = sim.liveLeader();
    const lagging = [...sim.nodes.values()].find((n) => n.voter && n.alive && n !== leader && !(n.client!.quorum.current instanceof LeaderState));
    if (lagging) sim.kill(lagging.id);
    await sim.run(1_500, { appendEveryMs: 30 });
    snapshotLeader(sim);
    await sim.run(200, { appendEveryMs: 30 });
    if (lagging) sim.start(lagging.id);
    await sim.run(3_000, { appendEveryMs: 50 });
    await describeQuorumRound(sim, admin);
  } finally {
    admin.close();
    sim.onRequest = null;
  }
  const requests = [...byApi.values()].flat();
  const perApi = new Map<number, number>();
  for (const r of requests) perApi.set(r.apiKey, (perApi.get(r.apiKey) ?? 0) + 1);
  return { requests, perApi };
}
