// ShareFetch / ShareAcknowledge in raw protocol, written once and run against Apache Kafka 4.4.0
// (test/interop/share-fetch.test.ts, the member joined by ShareGroupHeartbeat) and against Strand
// (test/integration/share-fetch.test.ts, in process, the share state initialised through the broker's
// Persister until share groups are served): the same requests, the same assertions.
//
// Expects a fresh, empty one-partition topic, share.auto.offset.reset latest (the default),
// group.share.delivery.count.limit=2, and a member `memberA` whose share partition is (being)
// initialised; `memberB` need not be in the group (Kafka does not check share-fetch membership).
import { expect } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { buildRecordBatch } from "../../src/protocol/records/builder.ts";
import type { KafkaTestClient } from "../support/kafka-client.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ShareScenarioEnv {
  client: KafkaTestClient;
  /** A second connection (a fetch waiting on `client` holds that connection's later requests). */
  producer: KafkaTestClient;
  topic: string;
  topicId: string;
  groupId: string;
  memberA: string;
  memberB: string;
  /** A new connection to the broker (closed by the scenario). */
  connect(): Promise<KafkaTestClient>;
  /** Lets every acquisition lock taken so far expire (Kafka: waits; Strand: moves the clock). */
  expireLocks(): Promise<void>;
}

const ACCEPT = 1;
const RELEASE = 2;
const REJECT = 3;

export function shareFetch(env: ShareScenarioEnv, memberId: string, epoch: number, acks: Any[] = [], over: Any = {}, version = 1): Promise<Any> {
  return env.client.request<Any>(78, version, {
    groupId: env.groupId,
    memberId,
    shareSessionEpoch: epoch,
    maxWaitMs: 0,
    minBytes: 1,
    maxBytes: 1 << 20,
    maxRecords: 500,
    batchSize: 500,
    topics: [{ topicId: env.topicId, partitions: [{ partitionIndex: 0, partitionMaxBytes: 0, acknowledgementBatches: acks }] }],
    forgottenTopicsData: [],
    ...over,
  });
}

export function shareAck(env: ShareScenarioEnv, memberId: string, epoch: number, acks: Any[], version = 1, over: Any = {}): Promise<Any> {
  return env.client.request<Any>(79, version, {
    groupId: env.groupId,
    memberId,
    shareSessionEpoch: epoch,
    topics: acks.length === 0 ? [] : [{ topicId: env.topicId, partitions: [{ partitionIndex: 0, acknowledgementBatches: acks }] }],
    ...over,
  });
}

export const batch = (first: number, last: number, ...types: number[]): Any => ({ firstOffset: BigInt(first), lastOffset: BigInt(last), acknowledgeTypes: types });

/** The partition's entry in a ShareFetch / ShareAcknowledge answer, or undefined when left out. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function partitionOf(res: Any): any {
  return res.responses[0]?.partitions[0];
}

const acquiredOf = (res: Any): Array<[number, number, number]> =>
  (partitionOf(res)?.acquiredRecords ?? []).map((a: Any) => [Number(a.firstOffset), Number(a.lastOffset), a.deliveryCount]);

async function produce(env: ShareScenarioEnv, n: number): Promise<void> {
  const records = Array.from({ length: n }, (_, i) => ({ value: new TextEncoder().encode(`v${i}`) }));
  const r = await env.producer.request<Any>(0, 11, { transactionalId: null, acks: -1, timeoutMs: 10_000, topicData: [{ name: env.topic, partitionData: [{ index: 0, records: buildRecordBatch({ records }) }] }] });
  expect(r.responses[0].partitionResponses[0].errorCode).toBe(ErrorCode.NONE);
}

/** Opens memberA's session until its share partition answers without an error (initialised). Returns the next epoch. */
async function openUntilReady(env: ShareScenarioEnv, memberId: string): Promise<number> {
  let last: Any | null = null;
  for (let i = 0; i < 200; i++) {
    last = await shareFetch(env, memberId, 0);
    expect(last.errorCode).toBe(ErrorCode.NONE);
    const p = partitionOf(last);
    if (p === undefined || p.errorCode === ErrorCode.NONE) {
        return 1;
    }
    expect([ErrorCode.NOT_LEADER_OR_FOLLOWER, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, ErrorCode.COORDINATOR_NOT_AVAILABLE]).toContain(p.errorCode);
    await Bun.sleep(100);
  }
  throw new Error(`share partition never initialised: ${JSON.stringify(partitionOf(last ?? {}), (_k, v) => (typeof v === "bigint" ? String(v) : v))}`);
}

/** Acquire, acknowledge (accept / release / reject), redelivery, ownership, lock timeout and the delivery-count limit. */
export async function runShareScenario(env: ShareScenarioEnv): Promise<void> {
  let a = await openUntilReady(env, env.memberA);
  await produce(env, 5);
  await produce(env, 3);

  // Both log batches acquired as one range, delivery count 1, with the bytes of both batches.
  const f1 = await shareFetch(env, env.memberA, a++);
  expect(f1.errorCode).toBe(ErrorCode.NONE);
  expect(f1.acquisitionLockTimeoutMs).toBeGreaterThan(0);
  expect(acquiredOf(f1)).toEqual([[0, 7, 1]]);
  expect(partitionOf(f1).errorCode).toBe(ErrorCode.NONE);
  expect((partitionOf(f1).records as Uint8Array).length).toBeGreaterThan(61 * 2);

  // Nothing else to acquire: the partition is left out of the answer.
  expect((await shareFetch(env, env.memberA, a++)).responses).toEqual([]);

  const ack1 = await shareAck(env, env.memberA, a++, [batch(0, 1, ACCEPT), batch(2, 2, RELEASE), batch(3, 4, REJECT, ACCEPT)]);
  expect(ack1.errorCode).toBe(ErrorCode.NONE);
  expect(ack1.acquisitionLockTimeoutMs).toBe(0);
  expect(partitionOf(ack1)).toMatchObject({ partitionIndex: 0, errorCode: ErrorCode.NONE, errorMessage: null });

  // The released record comes back with delivery count 2.
  const f2 = await shareFetch(env, env.memberA, a++);
  expect(acquiredOf(f2)).toEqual([[2, 2, 2]]);

  // Acknowledgement errors: past the end, a record not acquired; below the start offset is ignored.
  const bad = await shareAck(env, env.memberA, a++, [batch(100, 101, ACCEPT)]);
  expect(partitionOf(bad)).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Batch record not found. The first offset in request is past acquired records." });
  const badLast = await shareAck(env, env.memberA, a++, [batch(6, 9, ACCEPT)]);
  expect(partitionOf(badLast)).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Batch record not found. The last offset in request is past acquired records." });
  expect(partitionOf(await shareAck(env, env.memberA, a++, [batch(3, 3, ACCEPT)])).errorCode).toBe(ErrorCode.INVALID_RECORD_STATE);
  expect(partitionOf(await shareAck(env, env.memberA, a++, [batch(0, 0, ACCEPT)])).errorCode).toBe(ErrorCode.NONE);

  // Another member may not acknowledge A's records.
  let b = 0;
  const openB = await shareFetch(env, env.memberB, b++);
  expect(openB.errorCode).toBe(ErrorCode.NONE);
  // The first answer of a session lists its partitions, here with nothing acquired (A holds them all).
  expect(partitionOf(openB)).toMatchObject({ partitionIndex: 0, errorCode: ErrorCode.NONE, acknowledgeErrorCode: ErrorCode.NONE, acquiredRecords: [] });
  expect(partitionOf(await shareAck(env, env.memberB, b++, [batch(5, 5, ACCEPT)])).errorCode).toBe(ErrorCode.INVALID_RECORD_STATE);

  // Acknowledgements piggy-backed on a fetch: the partition answers with its acknowledge error code.
  const f3 = await shareFetch(env, env.memberA, a++, [batch(5, 7, ACCEPT)]);
  expect(partitionOf(f3)).toMatchObject({ errorCode: ErrorCode.NONE, acknowledgeErrorCode: ErrorCode.NONE, acquiredRecords: [] });

  // Renewing the lock of a record (ShareAcknowledge v2, IsRenewAck): it stays acquired.
  const renew = await shareAck(env, env.memberA, a++, [batch(2, 2, 4)], 2, { isRenewAck: true });
  expect(renew.acquisitionLockTimeoutMs).toBeGreaterThan(0);
  expect(partitionOf(renew)).toMatchObject({ errorCode: ErrorCode.NONE });
  expect(partitionOf(await shareAck(env, env.memberA, a++, [batch(2, 2, ACCEPT)])).errorCode).toBe(ErrorCode.NONE);

  // A fetch that waits (max_wait_ms) answers when a record arrives: A takes offset 8.
  const waiting = shareFetch(env, env.memberA, a++, [], { maxWaitMs: 20_000 });
  await Bun.sleep(50); // not synchronisation: the fetch answers whether it arrives before or after the record
  await produce(env, 1);
  expect(acquiredOf(await waiting)).toEqual([[8, 8, 1]]);

  // Lock timeout: A lets offset 8 expire; B gets it with delivery count 2.
  await env.expireLocks();
  let redelivered: Array<[number, number, number]> = [];
  for (let i = 0; i < 100 && redelivered.length === 0; i++) {
    redelivered = acquiredOf(await shareFetch(env, env.memberB, b++));
    if (redelivered.length === 0) await Bun.sleep(100);
  }
  expect(redelivered).toEqual([[8, 8, 2]]);

  // B opens its session again: what it acquired stays its own.
  const reopen = await shareFetch(env, env.memberB, 0);
  expect(reopen.errorCode).toBe(ErrorCode.NONE);
  expect(acquiredOf(reopen)).toEqual([]);
  b = 1;
  // Released at the delivery count limit (2): archived, never delivered again.
  expect(partitionOf(await shareAck(env, env.memberB, b++, [batch(8, 8, RELEASE)])).errorCode).toBe(ErrorCode.NONE);
  expect((await shareFetch(env, env.memberA, a++)).responses).toEqual([]);

  // A member whose connection closes: its session ends and what it acquired goes to the others (a
  // lock of 60 s, longer than the wait below, so the redelivery is not a lock timeout).
  const alter = await env.client.request<Any>(44, 1, { resources: [{ resourceType: 32, resourceName: env.groupId, configs: [{ name: "share.record.lock.duration.ms", configOperation: 0, value: "60000" }] }], validateOnly: false });
  expect(alter.responses[0].errorCode).toBe(ErrorCode.NONE);
  const conn = await env.connect();
  const envC = { ...env, client: conn };
  const memberC = "CCCCCCCCCCCCCCCCCCCCCC";
  expect((await shareFetch(envC, memberC, 0)).errorCode).toBe(ErrorCode.NONE);
  await produce(env, 1);
  expect(acquiredOf(await shareFetch(envC, memberC, 1))).toEqual([[9, 9, 1]]);
  conn.close();
  let afterClose: Array<[number, number, number]> = [];
  for (let i = 0; i < 100 && afterClose.length === 0; i++) {
    afterClose = acquiredOf(await shareFetch(env, env.memberB, b++));
    if (afterClose.length === 0) await Bun.sleep(100);
  }
  expect(afterClose).toEqual([[9, 9, 2]]);
  expect(partitionOf(await shareAck(env, env.memberB, b++, [batch(9, 9, ACCEPT)])).errorCode).toBe(ErrorCode.NONE);

  // Closing A's session (ShareAcknowledge epoch -1); the session is gone afterwards.
  expect((await shareAck(env, env.memberA, -1, [])).errorCode).toBe(ErrorCode.NONE);
  expect((await shareAck(env, env.memberA, a, [])).errorCode).toBe(ErrorCode.SHARE_SESSION_NOT_FOUND);
  // B's session closed by a final ShareFetch: nothing fetched.
  expect((await shareFetch(env, env.memberB, -1, [], { topics: [] })).responses).toEqual([]);
}

/**
 * share.isolation.level=read_committed (set on the group before its first fetch): an aborted
 * transaction's records are never acquired; the committed transaction's, its markers and the records
 * after it are.
 */
export async function runReadCommittedScenario(env: ShareScenarioEnv, produceTxns: (txns: Array<{ count: number; commit: boolean }>) => Promise<void>): Promise<void> {
  let a = await openUntilReady(env, env.memberA);
  await produceTxns([{ count: 2, commit: false }, { count: 2, commit: true }]);
  await produce(env, 1);
  const f = await shareFetch(env, env.memberA, a++);
  expect(f.errorCode).toBe(ErrorCode.NONE);
  expect(acquiredOf(f)).toEqual([[2, 6, 1]]);
  expect(partitionOf(await shareAck(env, env.memberA, a++, [batch(2, 6, 0, 1, 1, 0, 1)])).errorCode).toBe(ErrorCode.NONE);
  expect((await shareFetch(env, env.memberA, a++)).responses).toEqual([]);
  expect((await shareAck(env, env.memberA, -1, [])).errorCode).toBe(ErrorCode.NONE);
}
