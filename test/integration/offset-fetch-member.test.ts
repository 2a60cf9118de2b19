// OffsetFetch v9+ member checks for KIP-848 consumer groups, against the broker process: a member
// fetching with its current epoch gets its group's offsets; an older or newer epoch gets
// STALE_MEMBER_EPOCH and an unknown member UNKNOWN_MEMBER_ID, as the group's error with no topics; a
// fetch without a member (null id, epoch -1: admin clients) and v8 fetches are not checked.
// Runs against Strand, or against Apache Kafka 4.4.0 with STRAND_INTEROP_TARGET=kafka (how the
// expected answers were checked).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startTarget, type InteropTarget } from "../interop/target.ts";
import { createTopics } from "../interop/topics.ts";
import { interopTarget } from "../interop/targets.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const GROUP = "of-member";
const TOPIC = "of-member-t";
const MEMBER = "of-member-0000000000001";
let target: InteropTarget;
let c: KafkaTestClient;

beforeAll(async () => {
  target = await startTarget({ overrides: { "offsets.topic.num.partitions": 1 } });
  await createTopics(target.port, [{ name: TOPIC, partitions: 2 }]);
  c = await KafkaTestClient.connect(target.port);
}, 120_000);

afterAll(async () => {
  c?.close();
  await target?.remove();
}, 120_000);

/** Retries while the coordinator loads (__consumer_offsets created on first use); bounded by 150 tries. */
async function retryLoading<T extends Any>(f: () => Promise<T>, code: (r: T) => number): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const r = await f();
    const e = code(r);
    if (e !== ErrorCode.COORDINATOR_NOT_AVAILABLE && e !== ErrorCode.COORDINATOR_LOAD_IN_PROGRESS && e !== ErrorCode.NOT_COORDINATOR) return r;
    await Bun.sleep(100);
  }
  throw new Error("the group coordinator did not become available");
}

const fetch9 = (memberId: string | null, memberEpoch: number) =>
  c.request(9, 9, { groups: [{ groupId: GROUP, memberId, memberEpoch, topics: [{ name: TOPIC, partitionIndexes: [0, 1] }] }], requireStable: false }) as Promise<Any>;
const offsetsOf = (g: Any) => g.topics.flatMap((t: Any) => t.partitions.map((p: Any) => [p.partitionIndex, Number(p.committedOffset)]));

describe(`OffsetFetch v9 member checks vs ${interopTarget()}`, () => {
  test("current epoch fetches; stale epoch and unknown member are the group's error; no member passes", async () => {
    await retryLoading(() => c.request(10, 4, { keyType: 0, coordinatorKeys: [GROUP] }) as Promise<Any>, (r) => r.coordinators[0].errorCode);
    const hb = await retryLoading(
      () =>
        c.request(68, 1, {
          groupId: GROUP, memberId: MEMBER, memberEpoch: 0, instanceId: null, rackId: null, rebalanceTimeoutMs: 30000,
          subscribedTopicNames: [TOPIC], subscribedTopicRegex: null, serverAssignor: "uniform", topicPartitions: [],
        }) as Promise<Any>,
      (r) => r.errorCode,
    );
    expect(hb.errorCode).toBe(ErrorCode.NONE);
    const epoch = hb.memberEpoch as number;
    expect(epoch).toBeGreaterThan(0);

    const commit = (await c.request(8, 9, {
      groupId: GROUP, generationIdOrMemberEpoch: epoch, memberId: MEMBER, groupInstanceId: null,
      topics: [{ name: TOPIC, partitions: [0, 1].map((p) => ({ partitionIndex: p, committedOffset: 5n + BigInt(p), committedLeaderEpoch: -1, committedMetadata: "" })) }],
    })) as Any;
    expect(commit.topics[0].partitions.map((p: Any) => p.errorCode)).toEqual([0, 0]);

    const ok = (await fetch9(MEMBER, epoch)).groups[0];
    expect([ok.errorCode, offsetsOf(ok)]).toEqual([ErrorCode.NONE, [[0, 5], [1, 6]]]);

    for (const stale of [epoch - 1, epoch + 1]) {
      const g = (await fetch9(MEMBER, stale)).groups[0];
      expect([g.errorCode, g.topics]).toEqual([ErrorCode.STALE_MEMBER_EPOCH, []]);
    }
    const unknown = (await fetch9("someone-else-000000001", epoch)).groups[0];
    expect([unknown.errorCode, unknown.topics]).toEqual([ErrorCode.UNKNOWN_MEMBER_ID, []]);

    const admin = (await fetch9(null, -1)).groups[0];
    expect([admin.errorCode, offsetsOf(admin)]).toEqual([ErrorCode.NONE, [[0, 5], [1, 6]]]);
    const v8 = (await c.request(9, 8, { groups: [{ groupId: GROUP, topics: null }], requireStable: false })) as Any;
    expect([v8.groups[0].errorCode, offsetsOf(v8.groups[0]).sort()]).toEqual([ErrorCode.NONE, [[0, 5], [1, 6]]]);

    // Several groups in one request: each answers for itself.
    const multi = (await c.request(9, 9, {
      groups: [
        { groupId: GROUP, memberId: MEMBER, memberEpoch: epoch + 5, topics: null },
        { groupId: "of-member-none", memberId: null, memberEpoch: -1, topics: null },
      ],
      requireStable: false,
    })) as Any;
    expect(multi.groups.map((g: Any) => [g.groupId, g.errorCode])).toEqual([[GROUP, ErrorCode.STALE_MEMBER_EPOCH], ["of-member-none", ErrorCode.NONE]]);
  }, 60_000);
});
