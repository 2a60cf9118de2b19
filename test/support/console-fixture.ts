// Broker state the console tests look at, made through the Kafka protocol with the codec client: a
// topic with keyed, headered records (JSON, text and binary values) produced to each partition, and
// a consumer group with committed offsets behind the high watermark (so it has lag). Also the protocol
// reads the tests check the console's actions against (Metadata, OffsetFetch), and a classic member
// that joins and syncs (the group is then Stable with one member) and leaves.

import { encodeConsumerSubscription } from "../../src/coordinator/group/consumer-protocol.ts";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { writeConsumerProtocolAssignment } from "../../src/protocol/generated/messages/consumer-protocol-assignment.ts";
import { encodeExact } from "../../src/protocol/primitives/writer.ts";
import type { KafkaTestClient } from "./kafka-client.ts";
import { until } from "./until.ts";
import { createTopic, produce, waitForLeaders } from "../unit/produce/wire-helpers.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const TOPIC = "orders.v1";
export const PARTITIONS = 3;
/** Records produced to each partition. */
export const PER_PARTITION = 10;
export const GROUP = "billing-service";
/** Committed offset of each partition: lag = PER_PARTITION - committed. */
export const COMMITTED = [4n, 10n, 7n] as const;
/** A value with markup in it: the page must show it as text. */
export const HOSTILE_KEY = `<img src=x onerror="window.__xss=1">`;

const enc = new TextEncoder();

export async function seedConsoleState(c: KafkaTestClient): Promise<void> {
  await createTopic(c, TOPIC, PARTITIONS);
  await waitForLeaders(c, TOPIC, PARTITIONS);
  const baseTs = Date.UTC(2026, 0, 1);
  for (let p = 0; p < PARTITIONS; p++) {
    const records = Array.from({ length: PER_PARTITION }, (_, i) => ({
      key: enc.encode(i === 0 ? HOSTILE_KEY : `customer-${p}-${i}`),
      value: i === 1 ? new Uint8Array([0, 1, 2, 0xff, 0xfe]) : i === 2 ? enc.encode(`plain text ${i}`) : enc.encode(JSON.stringify({ order: i, partition: p, items: [{ sku: "A-1", qty: i }] })),
      headers: [{ key: "trace-id", value: enc.encode(`t-${p}-${i}`) }],
      timestamp: baseTs + i * 60_000,
    }));
    const r = await produce(c, TOPIC, p, buildRecordBatch({ records, compression: p === 2 ? 1 : 0 }));
    if (r.errorCode !== 0) throw new Error(`produce to ${TOPIC}-${p}: error ${r.errorCode}`);
  }
  await commitOffsets(c, GROUP, TOPIC, COMMITTED.map((o, p) => [p, o] as const));
}

/** An admin commit (generation -1), retried while __consumer_offsets is created on first use (bounded). */
export async function commitOffsets(c: KafkaTestClient, group: string, topic: string, offsets: ReadonlyArray<readonly [number, bigint]>): Promise<void> {
  await until(`offset commit of ${group}`, async () => {
    const r = await c.request<Any>(8, 9, {
      groupId: group,
      generationIdOrMemberEpoch: -1,
      memberId: "",
      groupInstanceId: null,
      topics: [{ name: topic, partitions: offsets.map(([p, o]) => ({ partitionIndex: p, committedOffset: o, committedLeaderEpoch: -1, committedMetadata: "" })) }],
    });
    const codes = r.topics[0].partitions.map((p: Any) => p.errorCode as number);
    if (codes.every((x: number) => x === 0)) return true;
    const retriable = [ErrorCode.COORDINATOR_NOT_AVAILABLE, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS, ErrorCode.NOT_COORDINATOR] as number[];
    if (codes.some((x: number) => !retriable.includes(x))) throw new Error(`OffsetCommit errors ${codes.join(",")}`);
    return false;
  }, 30_000, 100);
}

/** The group's committed offsets by partition, through OffsetFetch. */
export async function fetchCommitted(c: KafkaTestClient, group: string, topic: string, partitions: number): Promise<bigint[]> {
  const r = await c.request<Any>(9, 8, { groups: [{ groupId: group, topics: [{ name: topic, partitionIndexes: Array.from({ length: partitions }, (_, i) => i) }] }] });
  const t = r.groups[0].topics[0];
  return t.partitions.sort((a: Any, b: Any) => a.partitionIndex - b.partitionIndex).map((p: Any) => p.committedOffset as bigint);
}

/** Whether the topic exists, through Metadata; its partition count when it does. */
export async function topicPartitions(c: KafkaTestClient, topic: string): Promise<number | null> {
  const r = await c.request<Any>(3, 12, { topics: [{ name: topic, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false });
  const t = r.topics[0];
  return t.errorCode === 0 ? t.partitions.length : null;
}

/**
 * A classic member joins the group as its only member and, as the leader, assigns itself every
 * partition of `topic` with SyncGroup (the group is then Stable with one member); returns its member id.
 */
export async function joinMember(c: KafkaTestClient, group: string, topic: string, partitions: number): Promise<string> {
  const base = { groupId: group, sessionTimeoutMs: 30_000, rebalanceTimeoutMs: 30_000, memberId: "", groupInstanceId: null, protocolType: "consumer", protocols: [{ name: "range", metadata: encodeConsumerSubscription([topic]) }] };
  let r = await c.request<Any>(11, 9, base);
  if (r.errorCode === ErrorCode.MEMBER_ID_REQUIRED) r = await c.request<Any>(11, 9, { ...base, memberId: r.memberId });
  if (r.errorCode !== 0) throw new Error(`JoinGroup: error ${r.errorCode}`);
  const assignment = encodeExact((w) => {
    w.int16(0);
    writeConsumerProtocolAssignment(w, { assignedPartitions: [{ topic, partitions: Array.from({ length: partitions }, (_, i) => i) }], userData: null }, 0);
  });
  const sync = await c.request<Any>(14, 5, { groupId: group, generationId: r.generationId, memberId: r.memberId, groupInstanceId: null, protocolType: "consumer", protocolName: "range", assignments: [{ memberId: r.memberId, assignment }] });
  if (sync.errorCode !== 0) throw new Error(`SyncGroup: error ${sync.errorCode}`);
  return r.memberId as string;
}

export async function leaveGroup(c: KafkaTestClient, group: string, memberId: string): Promise<void> {
  const r = await c.request<Any>(13, 5, { groupId: group, members: [{ memberId, groupInstanceId: null, reason: "test done" }] });
  if (r.errorCode !== 0) throw new Error(`LeaveGroup: error ${r.errorCode}`);
}
