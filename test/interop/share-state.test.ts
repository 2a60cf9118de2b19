// The share coordinator over the raw protocol, against the broker under test (run it against Apache
// Kafka 4.4.0 with STRAND_INTEROP_TARGET=kafka; the same expectations hold for both):
//   - FindCoordinator v6 key type SHARE ("groupId:topicId:partition") finds this node; a malformed key
//     and a SHARE key below v6 answer INVALID_REQUEST;
//   - InitializeShareGroupState / ReadShareGroupState / WriteShareGroupState (v0 and v1) /
//     ReadShareGroupStateSummary (v0 and v1) / DeleteShareGroupState: the state written comes back with
//     its batches combined; FENCED_LEADER_EPOCH and FENCED_STATE_EPOCH for stale epochs; INVALID_REQUEST
//     for a share partition never initialized and for negative fields; UNKNOWN_TOPIC_OR_PARTITION for an
//     unknown topic id or partition; an empty group id gets an empty answer; a summary of a share
//     partition without state gives start offset -1;
//   - the broker is SIGKILLed and restarted: the state reads back intact (replayed from
//     __share_group_state).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { createTopic } from "../unit/produce/wire-helpers.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";

const TOPIC = "share-state";
const GROUP = "share-state-group";
const UNKNOWN_TOPIC_ID = "AAAAAAAAAAAAAAAAAAAAAQ";

const NONE = 0;
const UNKNOWN_TOPIC_OR_PARTITION = 3;
const COORDINATOR_LOAD_IN_PROGRESS = 14;
const COORDINATOR_NOT_AVAILABLE = 15;
const NOT_COORDINATOR = 16;
const INVALID_REQUEST = 42;
const FENCED_LEADER_EPOCH = 74;
const FENCED_STATE_EPOCH = 124;
const RETRIABLE = new Set([COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR]);

interface PartitionResult {
  partition: number;
  errorCode: number;
  errorMessage: string | null;
  stateEpoch?: number;
  leaderEpoch?: number;
  startOffset?: bigint;
  deliveryCompleteCount?: number;
  stateBatches?: Array<{ firstOffset: bigint; lastOffset: bigint; deliveryState: number; deliveryCount: number }>;
}
interface StateResponse {
  results: Array<{ topicId: string; partitions: PartitionResult[] }>;
}

const batch = (first: number, last: number, deliveryState: number, deliveryCount: number) => ({ firstOffset: BigInt(first), lastOffset: BigInt(last), deliveryState, deliveryCount });

describe(`share coordinator state APIs vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let c: KafkaTestClient;
  let topicId = "";

  /** One share-state request; retried (100 ms apart, 30 s at most) while a partition answers a retriable code. */
  async function state(apiKey: number, version: number, topics: Array<{ topicId: string; partitions: Array<Record<string, unknown>> }>, groupId = GROUP): Promise<PartitionResult[]> {
    for (let i = 0; i < 300; i++) {
      const r = await c.request<StateResponse>(apiKey, version, { groupId, topics });
      const parts = r.results.flatMap((t) => t.partitions.map((p) => ({ ...p, topicId: t.topicId })));
      if (!parts.some((p) => RETRIABLE.has(p.errorCode))) return parts.sort((a, b) => a.partition - b.partition);
      await Bun.sleep(100);
    }
    throw new Error(`api ${apiKey}: still retriable after 30 s`);
  }
  const initialize = (partitions: Array<{ partition: number; stateEpoch: number; startOffset: bigint }>, tid = topicId) => state(83, 0, [{ topicId: tid, partitions }]);
  const read = (partition: number, leaderEpoch: number) => state(84, 0, [{ topicId, partitions: [{ partition, leaderEpoch }] }]).then((r) => r[0]!);
  const write = (version: number, p: { partition: number; stateEpoch: number; leaderEpoch: number; startOffset: bigint; batches: ReturnType<typeof batch>[] }) =>
    state(85, version, [{ topicId, partitions: [{ partition: p.partition, stateEpoch: p.stateEpoch, leaderEpoch: p.leaderEpoch, startOffset: p.startOffset, deliveryCompleteCount: -1, stateBatches: p.batches }] }]).then((r) => r[0]!);

  beforeAll(async () => {
    target = await startTarget();
    c = await KafkaTestClient.connect(target.port);
    topicId = await createTopic(c, TOPIC, 3);
  }, 180_000);

  afterAll(async () => {
    c?.close();
    await target?.remove();
  }, 120_000);

  test("FindCoordinator key type SHARE", async () => {
    const key = `${GROUP}:${topicId}:0`;
    let found: { errorCode: number; nodeId: number; port: number } | undefined;
    for (let i = 0; i < 300 && found?.errorCode !== NONE; i++) {
      const r = await c.request<{ coordinators: Array<{ key: string; errorCode: number; nodeId: number; port: number }> }>(10, 6, { keyType: 2, coordinatorKeys: [key] });
      found = r.coordinators[0];
      if (found?.errorCode !== NONE) await Bun.sleep(100);
    }
    expect(found).toMatchObject({ errorCode: NONE, port: target.port });
    const bad = await c.request<{ coordinators: Array<{ key: string; errorCode: number }> }>(10, 6, { keyType: 2, coordinatorKeys: [`${GROUP}:notatopicid:0`, `${GROUP}:${topicId}:x`, "nocolons"] });
    expect(bad.coordinators.map((k) => k.errorCode)).toEqual([INVALID_REQUEST, INVALID_REQUEST, INVALID_REQUEST]);
    const old = await c.request<{ coordinators: Array<{ errorCode: number }> }>(10, 5, { keyType: 2, coordinatorKeys: [key] });
    expect(old.coordinators.map((k) => k.errorCode)).toEqual([INVALID_REQUEST]);
  }, 60_000);

  test("initialize, write, read, summary and delete, with Kafka's errors", async () => {
    expect(await read(0, 0)).toMatchObject({ errorCode: INVALID_REQUEST, errorMessage: "Read operation on uninitialized share partition not allowed." });
    expect(await write(1, { partition: 0, stateEpoch: 0, leaderEpoch: 0, startOffset: 0n, batches: [] })).toMatchObject({ errorCode: INVALID_REQUEST });
    expect((await initialize([{ partition: 0, stateEpoch: 1, startOffset: 0n }, { partition: 1, stateEpoch: 1, startOffset: 5n }])).map((p) => p.errorCode)).toEqual([NONE, NONE]);
    expect(await read(0, 1)).toMatchObject({ errorCode: NONE, stateEpoch: 1, startOffset: 0n, stateBatches: [] });
    expect(await write(1, { partition: 0, stateEpoch: 1, leaderEpoch: 1, startOffset: 0n, batches: [batch(0, 9, 0, 1)] })).toMatchObject({ errorCode: NONE });
    expect(await write(0, { partition: 0, stateEpoch: 1, leaderEpoch: 1, startOffset: 2n, batches: [batch(3, 5, 2, 1), batch(6, 6, 0, 2)] })).toMatchObject({ errorCode: NONE });
    expect(await read(0, 1)).toMatchObject({ errorCode: NONE, stateEpoch: 1, startOffset: 2n, stateBatches: [batch(2, 2, 0, 1), batch(3, 5, 2, 1), batch(6, 6, 0, 2), batch(7, 9, 0, 1)] });
    // Fencing.
    expect(await read(0, 0)).toMatchObject({ errorCode: FENCED_LEADER_EPOCH });
    expect(await write(1, { partition: 0, stateEpoch: 1, leaderEpoch: 0, startOffset: 2n, batches: [] })).toMatchObject({ errorCode: FENCED_LEADER_EPOCH });
    expect(await write(1, { partition: 0, stateEpoch: 0, leaderEpoch: 1, startOffset: 2n, batches: [] })).toMatchObject({ errorCode: FENCED_STATE_EPOCH });
    expect((await initialize([{ partition: 1, stateEpoch: 0, startOffset: 0n }]))[0]).toMatchObject({ errorCode: FENCED_STATE_EPOCH });
    // Invalid fields and unknown topics or partitions.
    expect(await read(0, -1)).toMatchObject({ errorCode: INVALID_REQUEST, errorMessage: "The leader epoch cannot be a negative number." });
    expect((await initialize([{ partition: 0, stateEpoch: -1, startOffset: 0n }]))[0]).toMatchObject({ errorCode: INVALID_REQUEST, errorMessage: "The state epoch cannot be a negative number." });
    expect((await initialize([{ partition: 7, stateEpoch: 0, startOffset: 0n }]))[0]).toMatchObject({ errorCode: UNKNOWN_TOPIC_OR_PARTITION });
    expect((await initialize([{ partition: 0, stateEpoch: 0, startOffset: 0n }], UNKNOWN_TOPIC_ID))[0]).toMatchObject({ errorCode: UNKNOWN_TOPIC_OR_PARTITION });
    expect(await c.request<StateResponse>(84, 0, { groupId: "", topics: [{ topicId, partitions: [{ partition: 0, leaderEpoch: 0 }] }] })).toMatchObject({ results: [] });
    // Summaries: v1 carries the delivery-complete count.
    const summary = await state(87, 1, [{ topicId, partitions: [0, 1, 2].map((partition) => ({ partition, leaderEpoch: 0 })) }]);
    expect(summary.map(({ partition, errorCode, startOffset, leaderEpoch, stateEpoch }) => ({ partition, errorCode, startOffset, leaderEpoch, stateEpoch }))).toEqual([
      { partition: 0, errorCode: NONE, startOffset: 2n, leaderEpoch: 1, stateEpoch: 1 },
      { partition: 1, errorCode: NONE, startOffset: 5n, leaderEpoch: 0, stateEpoch: 1 },
      { partition: 2, errorCode: NONE, startOffset: -1n, leaderEpoch: 0, stateEpoch: 0 },
    ]);
    expect(summary[1]!.deliveryCompleteCount).toBe(0);
    expect((await state(87, 0, [{ topicId, partitions: [{ partition: 0, leaderEpoch: 0 }] }]))[0]).toMatchObject({ errorCode: NONE, startOffset: 2n });
    // Delete: the state is gone; deleting what has no state is fine.
    expect((await state(86, 0, [{ topicId, partitions: [{ partition: 1 }, { partition: 2 }] }])).map((p) => p.errorCode)).toEqual([NONE, NONE]);
    expect(await read(1, 0)).toMatchObject({ errorCode: INVALID_REQUEST });
  }, 60_000);

  test("SIGKILL and restart: the state reads back intact", async () => {
    const before = await read(0, 1);
    await target.restart("SIGKILL");
    c.close();
    c = await KafkaTestClient.connect(target.port);
    const after = await read(0, 1);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ errorCode: NONE, startOffset: 2n, stateBatches: [batch(2, 2, 0, 1), batch(3, 5, 2, 1), batch(6, 6, 0, 2), batch(7, 9, 0, 1)] });
    expect(await read(1, 0)).toMatchObject({ errorCode: INVALID_REQUEST });
  }, 180_000);
});
