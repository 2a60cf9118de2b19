// A fuzzer of Raft's inbound handlers: mutations of a running cluster's own captured traffic
// (test/support/raft-capture.ts) fed, through the frame decoder and the handler, into a live leader,
// follower or observer, while the cluster keeps running and appending. What must hold:
//   - decode either refuses the frame (reason, and the codec's ReadError for a malformed one: the
//     listener closes that connection) or yields an object;
//   - the handler never throws; its answer encodes at the request's version and carries only Kafka's
//     error codes; a Fetch it holds always settles (the injected clock is advanced);
//   - after every delivery the node's epoch state is valid, its high watermark did not go back and a
//     leader's check-quorum timer was not reset by a fetch naming the leader itself; at
//     every simulated step RaftSimulation.check() holds (one leader per epoch, committed prefixes equal
//     on every node, leaders hold every committed batch);
//   - after the fuzzing, once left alone, the cluster has a leader and commits new appends everywhere.
//
// Mutations: bit flips, byte changes, truncation, extension, int32 / varint length fields set huge or
// negative, header version changes, and (most of them, since byte noise mostly fails decode) field
// mutations of the decoded request, re-encoded at its version: epochs and offsets huge, negative, one
// past the target's, wrong cluster id, topic, partition, unknown / own / observer replica ids,
// directory ids, arrays emptied, doubled or grown; half of them first brought to the target's epoch.
//
// Raft trusts what a voter says about itself, as Kafka's does: a forged request naming another voter
// with a plausible log position (a Fetch claiming voter 2 reached an offset it has not, a Vote for a
// candidate's next epoch with an up-to-date log) is indistinguishable from a real one and can make a
// leader commit too early. Field mutations therefore never move a voter's claim forward within what is
// plausible: ids become unknown, the target's own, the observer's, or negative, and epochs / offsets
// jump to huge, negative or past-the-end values, which the handlers must refuse.
//
// Epochs are int32 and finite: a request from a voter's id in epoch 2^31-1 is taken, as Kafka takes it,
// and leaves no epoch for the next election (src/raft/quorum-state.ts MAX_EPOCH). Only a run with
// `exhaustEpochs` uses the last epochs; what is checked after it is safety (no throw, valid state, no
// epoch past int32, the invariants), not liveness.

import { expect } from "bun:test";
import { API_CODECS } from "../../src/protocol/generated/apis.ts";
import { ErrorCode } from "../../src/protocol/generated/errors.ts";
import { decodeRequest, encodeRequest, encodeResponse, type DecodedRequest } from "../../src/protocol/frame.ts";
import { ReadError } from "../../src/protocol/primitives/reader.ts";
import { assertEpochState, MAX_EPOCH } from "../../src/raft/quorum-state.ts";
import { LeaderState } from "../../src/raft/leader-state.ts";
import type { CapturedRequest } from "./raft-capture.ts";
import { RAFT_API_KEYS, serveRaftRequest, type RaftSimulation, type SimNode } from "./raft-sim.ts";

const KNOWN_ERRORS = new Set<number>(Object.values(ErrorCode) as number[]);
const INT32_MAX = MAX_EPOCH;
const INT32_MIN = -(2 ** 31);
const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const UUIDS = ["AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAQ", "_____________________w", "ZmF1eHV1aWRmb3JmdXp6MQ"];

export interface FuzzStats {
  delivered: number;
  decodeRefused: Map<string, number>;
  unencodable: number;
  handled: Map<number, number>;
  answeredErrors: Map<number, number>;
  fetches: number;
}

export interface FuzzOptions {
  seed: number;
  iterations: number;
  random: () => number;
  /** Deliveries between simulated time steps. */
  stepEvery?: number;
  /** Epoch mutations include the last epochs (2^31-1, 2^31-2); the cluster may not elect afterwards. */
  exhaustEpochs?: boolean;
}

/** What a mutation aims at: the receiving node, the quorum's voters and observers, its epoch and log end. */
export interface Ctx {
  self: number;
  voters: number[];
  observers: number[];
  epoch: number;
  leo: number;
  exhaustEpochs: boolean;
}

type Mutation = { kind: string; frame: Uint8Array };

function int(r: () => number, n: number): number {
  return Math.floor(r() * n);
}

function pickOf<T>(r: () => number, xs: readonly T[]): T {
  return xs[int(r, xs.length)]!;
}

// ---- byte-level mutations ----

function bitFlips(r: () => number, f: Uint8Array): Mutation {
  const out = f.slice();
  const n = 1 + int(r, 4);
  for (let i = 0; i < n; i++) out[int(r, out.length)]! ^= 1 << int(r, 8);
  return { kind: "bit-flip", frame: out };
}

function byteChanges(r: () => number, f: Uint8Array): Mutation {
  const out = f.slice();
  const n = 1 + int(r, 4);
  for (let i = 0; i < n; i++) out[int(r, out.length)] = pickOf(r, [0x00, 0xff, 0x7f, 0x80, 0x01, int(r, 256)]);
  return { kind: "byte-change", frame: out };
}

function truncate(r: () => number, f: Uint8Array): Mutation {
  return { kind: "truncate", frame: f.slice(0, int(r, f.length)) };
}

function extend(r: () => number, f: Uint8Array): Mutation {
  const extra = new Uint8Array(1 + int(r, 64));
  for (let i = 0; i < extra.length; i++) extra[i] = int(r, 256);
  const out = new Uint8Array(f.length + extra.length);
  out.set(f);
  out.set(extra, f.length);
  return { kind: "extend", frame: out };
}

/** An int32 (a classic length / array count) or a compact varint length at a random place, set huge or negative. */
function lengthField(r: () => number, f: Uint8Array): Mutation {
  const out = f.slice();
  const at = 8 + int(r, Math.max(1, out.length - 8));
  if (r() < 0.5) {
    const v = pickOf(r, [0x7fffffff, 0xffffffff, 0x80000000, 0xfffffffe, 0x00ffffff]);
    const dv = new DataView(out.buffer);
    if (at + 4 <= out.length) dv.setUint32(at, v);
    return { kind: "int32-length", frame: out };
  }
  const varint = pickOf(r, [[0xff, 0xff, 0xff, 0xff, 0x0f], [0xff, 0xff, 0xff, 0xff, 0x07], [0x80, 0x80, 0x80, 0x80, 0x80, 0x01], [0xfe, 0xff, 0xff, 0xff, 0x0f]]);
  for (let i = 0; i < varint.length && at + i < out.length; i++) out[at + i] = varint[i]!;
  return { kind: "varint-length", frame: out };
}

/** The request header's api version set to another (maybe unknown) version: the body is then read by another schema. */
function headerVersion(r: () => number, f: Uint8Array): Mutation {
  const out = f.slice();
  new DataView(out.buffer).setInt16(2, pickOf(r, [-1, 0, 1, 2, 3, 4, 7, 11, 12, 13, 16, 17, 18, 19, 0x7fff]));
  return { kind: "header-version", frame: out };
}

// ---- field-level mutations of the decoded request ----

interface Slot {
  obj: Record<string, unknown>;
  key: string;
}

/** Every mutable field of a decoded request (arrays and scalars), parents first. */
function slotsOf(v: unknown, out: Slot[] = [], depth = 0): Slot[] {
  if (depth > 6 || v === null || typeof v !== "object" || v instanceof Uint8Array) return out;
  if (Array.isArray(v)) {
    for (const e of v) slotsOf(e, out, depth + 1);
    return out;
  }
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (k.startsWith("_")) continue;
    out.push({ obj: v as Record<string, unknown>, key: k });
    slotsOf(x, out, depth + 1);
  }
  return out;
}

function isIdField(key: string): boolean {
  return /replicaId|voterId|leaderId|candidateId|^preferredSuccessors$/.test(key);
}

function mutateNumber(r: () => number, key: string, cur: number, c: Ctx): number {
  if (isIdField(key)) {
    // Never another voter's id: see the header comment.
    return pickOf(r, [c.self, -1, -2, INT32_MIN, INT32_MAX, 99, 1_000_000, ...c.observers]);
  }
  if (/[eE]poch/.test(key)) return pickOf(r, [-1, -2, INT32_MIN, 1_000_000_000, 1_000_000_000 + int(r, 1_000), cur - 1, 0, ...(c.exhaustEpochs ? [INT32_MAX, INT32_MAX - 1] : [])]);
  return pickOf(r, [-1, 0, 1, INT32_MAX, INT32_MIN, cur + 1, cur * 2 + 1, 1 << 30]);
}

function mutateBigint(r: () => number, key: string, cur: bigint, c: Ctx): bigint {
  const leo = BigInt(c.leo);
  if (/[eE]poch/.test(key)) return pickOf(r, [-1n, -2n, INT64_MAX, INT64_MIN, 1n << 40n]);
  return pickOf(r, [-1n, -2n, INT64_MIN, INT64_MAX, (1n << 53n) + 1n, leo + 1n, leo + 1_000n, cur - 1n < 0n ? -1n : cur - 1n, 0n]);
}

function mutateString(r: () => number, key: string, cur: string | null): string | null {
  if (typeof cur === "string" && cur.length === 22 && /Id$/.test(key)) return pickOf(r, UUIDS);
  if (key === "clusterId") return pickOf(r, [null, "", "other-cluster", "sim-cluster ", "x".repeat(300)]);
  return pickOf(r, ["", "__cluster_metadata", "__cluster_metadata_", "other-topic", "__consumer_offsets"]);
}

function mutateArray(r: () => number, key: string, cur: unknown[], c: Ctx): unknown[] {
  const choice = int(r, 4);
  if (choice === 0 || cur.length === 0) {
    if (typeof cur[0] === "number" || key === "preferredSuccessors") return Array.from({ length: pickOf(r, [0, 1, 70, 500]) }, (_, i) => pickOf(r, [c.self, 99 + i, -1, INT32_MAX]));
    return [];
  }
  if (choice === 1) return [...cur, ...cur]; // two topics / partitions
  if (choice === 2) return [...cur, structuredClone(cur[0])];
  return cur.slice(1);
}

function mutateFields(r: () => number, body: unknown, c: Ctx): string[] {
  const slots = slotsOf(body);
  const done: string[] = [];
  const n = 1 + int(r, 3);
  for (let i = 0; i < n && slots.length > 0; i++) {
    const s = pickOf(r, slots);
    const cur = s.obj[s.key];
    if (typeof cur === "number") s.obj[s.key] = mutateNumber(r, s.key, cur, c);
    else if (typeof cur === "bigint") s.obj[s.key] = mutateBigint(r, s.key, cur, c);
    else if (typeof cur === "boolean") s.obj[s.key] = !cur;
    else if (typeof cur === "string" || cur === null) s.obj[s.key] = mutateString(r, s.key, cur as string | null);
    else if (Array.isArray(cur)) s.obj[s.key] = mutateArray(r, s.key, cur, c);
    else continue;
    done.push(s.key);
  }
  return done;
}

/** Decode the captured request, mutate fields, re-encode at its version; null when the codec cannot write the result. */
function structural(r: () => number, req: CapturedRequest, c: Ctx): Mutation | null {
  const d = decodeRequest(req.frame);
  if (!d.ok) throw new Error(`captured frame (api ${req.apiKey} v${req.version}) does not decode: ${d.reason}`);
  // Half are first brought to the target's epoch (the epoch a request must name to get past fencing).
  const retarget = r() < 0.5;
  if (retarget) for (const s of slotsOf(d.body)) if (/^(currentLeaderEpoch|leaderEpoch|replicaEpoch)$/.test(s.key) && typeof s.obj[s.key] === "number") s.obj[s.key] = c.epoch;
  const fields = mutateFields(r, d.body, c);
  try {
    // encodeRequest adds the size prefix; the listener hands the handler the frame without it.
    return { kind: `${retarget ? "at-epoch+" : ""}fields(${fields.join(",")})`, frame: encodeRequest(d.header, d.body).subarray(4) };
  } catch {
    return null;
  }
}

/** One mutation of a captured request (structural, byte-level or header), or null when it cannot be encoded. */
export function mutate(r: () => number, req: CapturedRequest, c: Ctx): Mutation | null {
  const x = r();
  if (x < 0.55) return structural(r, req, c);
  if (x < 0.65) return bitFlips(r, req.frame);
  if (x < 0.72) return byteChanges(r, req.frame);
  if (x < 0.8) return truncate(r, req.frame);
  if (x < 0.85) return extend(r, req.frame);
  if (x < 0.95) return lengthField(r, req.frame);
  return headerVersion(r, req.frame);
}

function ctxOf(sim: RaftSimulation, n: SimNode, exhaustEpochs: boolean): Ctx {
  const all = [...sim.nodes.values()];
  return { exhaustEpochs, self: n.id, voters: all.filter((x) => x.voter).map((x) => x.id), observers: all.filter((x) => !x.voter).map((x) => x.id), epoch: n.client!.quorum.epoch, leo: n.log.endOffset().offset };
}

/** A live node to feed: the leader, a follower voter or an observer, about equally. */
function target(sim: RaftSimulation, r: () => number): SimNode | null {
  const live = [...sim.nodes.values()].filter((n) => n.alive);
  const leaders = live.filter((n) => n.client!.quorum.current instanceof LeaderState);
  const voters = live.filter((n) => n.voter && !leaders.includes(n));
  const observers = live.filter((n) => !n.voter);
  const groups = [leaders, voters, observers].filter((g) => g.length > 0);
  if (groups.length === 0) return null;
  return pickOf(r, pickOf(r, groups));
}

function hex(b: Uint8Array): string {
  return Buffer.from(b.subarray(0, 512)).toString("hex");
}

/** decodeRequest, which must not throw on any input (`onThrow` reports it). */
function decodeOrThrow(frame: Uint8Array, onThrow: (e: unknown) => never): DecodedRequest {
  try {
    return decodeRequest(frame);
  } catch (e) {
    return onThrow(e);
  }
}

/** The replica a Fetch (replicaState.replicaId from v15, replicaId before) or FetchSnapshot names. */
function fetcherOf(body: unknown): number {
  const b = body as { replicaId?: number; replicaState?: { replicaId: number } };
  return b.replicaState && b.replicaState.replicaId >= 0 ? b.replicaState.replicaId : (b.replicaId ?? -1);
}

/** The largest int32 epoch field anywhere in a request. */
function maxEpochOf(v: unknown, depth = 0): number {
  if (depth > 6 || v === null || typeof v !== "object" || v instanceof Uint8Array) return -1;
  let max = -1;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (typeof x === "number" && /[eE]poch$/.test(k)) max = Math.max(max, x);
    else if (typeof x === "object") max = Math.max(max, maxEpochOf(x, depth + 1));
  }
  return max;
}

/** The error codes anywhere in an answer. */
function errorCodesOf(v: unknown, out: number[] = [], depth = 0): number[] {
  if (depth > 6 || v === null || typeof v !== "object" || v instanceof Uint8Array) return out;
  if (Array.isArray(v)) {
    for (const e of v) errorCodesOf(e, out, depth + 1);
    return out;
  }
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (k === "errorCode" && typeof x === "number") out.push(x);
    else errorCodesOf(x, out, depth + 1);
  }
  return out;
}

/**
 * Feeds `opts.iterations` mutations of `captured` into `sim`'s live nodes, advancing simulated time
 * every `stepEvery` deliveries; throws (with the seed, the iteration and the frame) on any violation.
 */
export async function fuzzRaftHandlers(sim: RaftSimulation, captured: readonly CapturedRequest[], opts: FuzzOptions): Promise<FuzzStats> {
  const r = opts.random;
  const stats: FuzzStats = { delivered: 0, decodeRefused: new Map(), unencodable: 0, handled: new Map(), answeredErrors: new Map(), fetches: 0 };
  const held = new Set<{ since: number; what: string }>();
  // A failure found in a held Fetch's answer, raised at the next delivery.
  let late: unknown = null;
  const stepEvery = opts.stepEvery ?? 20;
  // Each API about equally often (Fetch is most of the capture).
  const byApi = new Map<number, CapturedRequest[]>();
  for (const c of captured) {
    let l = byApi.get(c.apiKey);
    if (!l) byApi.set(c.apiKey, (l = []));
    l.push(c);
  }
  const apis = [...byApi.values()];
  const fail = (i: number, what: string, m: Mutation, n: SimNode): never => {
    throw new Error(`raft fuzz (seed ${opts.seed}, iteration ${i}, t=${sim.clock.nowMs()}) ${m.kind} into node ${n.id} (${n.client?.quorum.current.name}): ${what}\nframe ${hex(m.frame)}\n${sim.describe()}`);
  };
  const checkAnswer = (i: number, m: Mutation, n: SimNode, apiKey: number, version: number, body: unknown) => {
    for (const code of errorCodesOf(body)) {
      if (!KNOWN_ERRORS.has(code)) fail(i, `answered with error code ${code}, not one of Kafka's`, m, n);
      stats.answeredErrors.set(code, (stats.answeredErrors.get(code) ?? 0) + 1);
    }
    try {
      encodeResponse(apiKey, version, 0, { ...(API_CODECS.get(apiKey)!.newResponse() as object), ...(body as object) });
    } catch (e) {
      fail(i, `its answer cannot be encoded at v${version}: ${(e as Error).message}`, m, n);
    }
  };
  for (let i = 0; i < opts.iterations; i++) {
    if (late) throw late;
    if (i % stepEvery === 0) await sim.run(1 + int(r, 25), { appendEveryMs: 25 });
    const n = target(sim, r);
    if (!n) continue;
    const req = pickOf(r, pickOf(r, apis));
    const m = mutate(r, req, ctxOf(sim, n, opts.exhaustEpochs ?? false));
    if (!m) {
      stats.unencodable++;
      continue;
    }
    stats.delivered++;
    const d = decodeOrThrow(m.frame, (e) => fail(i, `decode threw: ${(e as Error).stack ?? String(e)}`, m, n));
    if (d.ok && (typeof d.body !== "object" || d.body === null)) fail(i, "decode yielded no request object", m, n);
    if (!d.ok) {
      if (d.error !== undefined && !(d.error instanceof ReadError)) fail(i, `decode failed without the codec's ReadError: ${String(d.error)}`, m, n);
      if (d.reason === "malformed" && d.header !== null && !d.error) fail(i, "a malformed body without its ReadError", m, n);
      stats.decodeRefused.set(d.reason, (stats.decodeRefused.get(d.reason) ?? 0) + 1);
      continue;
    }
    const apiKey = d.header.requestApiKey;
    const version = d.header.requestApiVersion;
    // Another API (a flipped key) is the controller listener's other handlers' business, not Raft's.
    if (!RAFT_API_KEYS.includes(apiKey)) {
      stats.decodeRefused.set("other-api", (stats.decodeRefused.get("other-api") ?? 0) + 1);
      continue;
    }
    // Byte noise can write the last epochs too (an int32 length set to 2^31-1 over an epoch).
    if (!opts.exhaustEpochs && maxEpochOf(d.body) > MAX_EPOCH - 1_000_000) {
      stats.decodeRefused.set("last-epochs", (stats.decodeRefused.get("last-epochs") ?? 0) + 1);
      continue;
    }
    stats.handled.set(apiKey, (stats.handled.get(apiKey) ?? 0) + 1);
    const c = n.client!;
    const hwBefore = n.log.highWatermark();
    // A Fetch or FetchSnapshot naming the leader itself is no voter's fetch: check-quorum must not count it.
    const leaderBefore = c.quorum.current instanceof LeaderState ? c.quorum.current : null;
    const checkQuorumBefore = leaderBefore?.timeUntilCheckQuorumExpires(sim.clock.nowMs()) ?? 0;
    const fromSelf = (apiKey === 1 || apiKey === 59) && fetcherOf(d.body) === n.id;
    let answer: unknown;
    try {
      answer = serveRaftRequest(c, apiKey, version, d.body as never);
    } catch (e) {
      fail(i, `the handler threw: ${(e as Error).stack ?? String(e)}`, m, n);
    }
    if (answer instanceof Promise) {
      stats.fetches++;
      const entry = { since: sim.clock.nowMs(), what: `${m.kind} into node ${n.id} at iteration ${i}` };
      held.add(entry);
      answer.then(
        (body) => {
          held.delete(entry);
          try {
            checkAnswer(i, m, n, apiKey, version, body);
          } catch (e) {
            late ??= e;
          }
        },
        (e: unknown) => {
          late ??= new Error(`raft fuzz (seed ${opts.seed}, iteration ${i}): the Fetch promise rejected: ${String(e)}`);
        },
      );
    } else checkAnswer(i, m, n, apiKey, version, answer);
    try {
      assertEpochState(c.quorum.current);
    } catch (e) {
      fail(i, `invalid epoch state: ${(e as Error).message}`, m, n);
    }
    if (fromSelf && leaderBefore && c.quorum.current === leaderBefore && leaderBefore.timeUntilCheckQuorumExpires(sim.clock.nowMs()) > checkQuorumBefore) {
      fail(i, "a fetch naming the leader itself reset its check-quorum timer", m, n);
    }
    if (n.log.highWatermark() < hwBefore) fail(i, `high watermark went back from ${hwBefore} to ${n.log.highWatermark()}`, m, n);
    for (const h of held) if (sim.clock.nowMs() - h.since > 61_000) throw new Error(`raft fuzz (seed ${opts.seed}): a held Fetch (${h.what}) did not settle in 61 s simulated`);
  }
  // Every held Fetch answers by its maxWaitMs (at most 60 s), or sooner when data comes.
  const deadline = sim.clock.nowMs() + 61_000;
  while (held.size > 0 && sim.clock.nowMs() < deadline) await sim.run(100, { appendEveryMs: 50 });
  if (late) throw late;
  for (const n of sim.nodes.values()) if (n.alive) assertEpochState(n.client!.quorum.current);
  expect(held.size, `raft fuzz (seed ${opts.seed}): held Fetches never settled: ${[...held].map((h) => h.what).join("; ")}`).toBe(0);
  return stats;
}

/**
 * Once left alone the cluster has a leader and an append made now commits: it reaches the listeners of
 * a majority of the voters and of every node in `required`. Not of every node: a request forging the
 * current leader's id with a future epoch (BeginQuorumEpoch from "3" in epoch 10^9) makes a voter follow
 * that leader in an epoch the leader does not have; the leader answers its fetches UNKNOWN_LEADER_EPOCH
 * and refuses its pre-votes while it leads, as Kafka's does, so that voter stays out until the leader
 * changes. Such nodes are returned (and logged).
 */
export async function expectLiveAfterFuzz(sim: RaftSimulation, withinMs: number, required: readonly number[] = []): Promise<number[]> {
  const start = sim.clock.nowMs();
  const deadline = start + withinMs;
  while (!sim.liveLeader() && sim.clock.nowMs() < deadline) await sim.run(50);
  expect(sim.liveLeader(), `no leader within ${withinMs} ms after fuzzing (seed ${sim.opts.seed}):\n${sim.describe()}`).not.toBeNull();
  const from = sim.appended.length;
  const voters = [...sim.nodes.values()].filter((n) => n.voter);
  const has = (n: SimNode, v: string) => n.alive && n.listener!.delivered.some((d) => d.value === v);
  const committed = (v: string) => voters.filter((n) => has(n, v)).length > voters.length / 2 && required.every((id) => has(sim.nodes.get(id)!, v));
  const done = () => sim.appended.slice(from).find(committed);
  while (!done() && sim.clock.nowMs() < deadline) await sim.run(100, { appendEveryMs: 100 });
  const v = done();
  expect(v, `no append committed on a majority${required.length ? ` and on ${required.join(",")}` : ""} within ${withinMs} ms after fuzzing (seed ${sim.opts.seed}):\n${sim.describe()}`).toBeDefined();
  // The others get it too unless wedged as above; give them the same time again.
  const end = sim.clock.nowMs() + withinMs;
  const missing = () => [...sim.nodes.values()].filter((n) => !has(n, v!)).map((n) => n.id);
  while (missing().length > 0 && sim.clock.nowMs() < end) await sim.run(100);
  if (missing().length > 0) console.log(`  (seed ${sim.opts.seed}) left out after fuzzing: nodes ${missing().join(",")}\n${sim.describe()}`);
  return missing();
}

export function describeStats(s: FuzzStats): string {
  const m = (x: Map<number | string, number>) => [...x].map(([k, v]) => `${k}:${v}`).join(" ");
  return `delivered ${s.delivered} (unencodable ${s.unencodable}); refused ${m(s.decodeRefused)}; handled by api ${m(s.handled)}; fetch promises ${s.fetches}; answered error codes ${m(s.answeredErrors)}`;
}
