// DefaultStatePersister with a scripted remote node: partitions led here are answered by the local
// share coordinator, the others sent to the leader's node (one request per node) and gathered back in
// request order; retriable answers (NOT_COORDINATOR, COORDINATOR_LOAD_IN_PROGRESS, a lost connection)
// are retried with backoff, at most 5 attempts in all, as Kafka's PersisterStateManager; other errors
// are answered at once. Backoff shortened to milliseconds; no sockets.
import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../../src/protocol/errors.ts";
import { ShareCoordinatorService, SHARE_GROUP_STATE_TOPIC } from "../../../../src/coordinator/share/service.ts";
import { asCoordinatorKey } from "../../../../src/coordinator/share/share-partition-key.ts";
import type { CoordinatorRecord, PartitionWriter, TopicPartition } from "../../../../src/coordinator/runtime/partition-writer.ts";
import type { MetadataLayer } from "../../../../src/metadata/layer.ts";
import type { Node } from "../../../../src/network/network-client.ts";
import { DisconnectException } from "../../../../src/network/network-errors.ts";
import { DefaultStatePersister, type ShareStateSender } from "../../../../src/server/share/default-state-persister.ts";
import { createLogger } from "../../../../src/util/log.ts";
import { ManualClock } from "../../group/harness.ts";

const QUIET = { debug() {}, info() {}, warn() {}, error() {} };
const TOPIC = "AAAAAAAAAAAAAAAAAAAAAQ";
const GROUP = "pg";
const STATE_PARTITIONS = 4;

/** __share_group_state partitions 0 and 1 led by node 1 (this one), 2 and 3 by node 2. */
function fakeMetadata(): MetadataLayer {
  const stateTopic = { name: SHARE_GROUP_STATE_TOPIC, topicId: "AAAAAAAAAAAAAAAAAAAAAg", partitions: Array.from({ length: STATE_PARTITIONS }, (_, p) => ({ partition: p, leader: p < 2 ? 1 : 2, leaderEpoch: 0 })) };
  const dataTopic = { name: "t", topicId: TOPIC, partitions: Array.from({ length: 16 }, (_, p) => ({ partition: p, leader: 1 })) };
  const image = {
    topicsByName: new Map<string, unknown>([
      [SHARE_GROUP_STATE_TOPIC, stateTopic],
      ["t", dataTopic],
    ]),
    topicsById: new Map([[TOPIC, dataTopic]]),
    brokers: new Map([
      [1, { nodeId: 1, endpoints: [{ name: "PLAINTEXT", host: "127.0.0.1", port: 1001 }] }],
      [2, { nodeId: 2, endpoints: [{ name: "PLAINTEXT", host: "127.0.0.1", port: 1002 }] }],
    ]),
  };
  return { image } as unknown as MetadataLayer;
}

class MemWriter implements PartitionWriter {
  async append(_tp: TopicPartition, records: readonly CoordinatorRecord[]): Promise<number> {
    return records.length;
  }
}

/** Answers each remote request with the next scripted code for every partition (the last one repeats). */
class ScriptedSender implements ShareStateSender {
  readonly calls: Array<{ node: Node; apiKey: number; partitions: number[] }> = [];
  constructor(private readonly script: Array<number | "disconnect">) {}
  async send<T>(node: Node, apiKey: number, body: unknown): Promise<{ body: T }> {
    const req = body as { topics: Array<{ topicId: string; partitions: Array<{ partition: number }> }> };
    this.calls.push({ node, apiKey, partitions: req.topics.flatMap((t) => t.partitions.map((p) => p.partition)) });
    const step = this.script[Math.min(this.calls.length - 1, this.script.length - 1)]!;
    if (step === "disconnect") throw new DisconnectException(node.id, "injected");
    const results = req.topics.map((t) => ({ topicId: t.topicId, partitions: t.partitions.map((p) => ({ partition: p.partition, errorCode: step, errorMessage: null, startOffset: 42n, stateEpoch: 0, leaderEpoch: 0, deliveryCompleteCount: -1 })) }));
    return { body: { results } as T };
  }
}

async function setup(script: Array<number | "disconnect">) {
  const md = fakeMetadata();
  const coordinator = new ShareCoordinatorService({
    config: { numPartitions: STATE_PARTITIONS, replicationFactor: 1, minIsr: 1, segmentBytes: 1 << 20, pruneIntervalMs: 300_000, coldPartitionSnapshotIntervalMs: 300_000, snapshotUpdateRecordsPerSnapshot: 500 },
    nodeId: 1,
    metadata: () => md,
    writer: new MemWriter(),
    logger: QUIET,
    clock: new ManualClock(),
    loader: { load: async () => ({ records: 0, bytes: 0 }) },
  });
  await coordinator.start();
  const sender = new ScriptedSender(script);
  const persister = new DefaultStatePersister({
    nodeId: 1,
    coordinator,
    image: () => md.image,
    listenerName: "PLAINTEXT",
    sender,
    requestTimeoutMs: 1000,
    logger: createLogger("error"),
    backoff: { initialMs: 1, maxMs: 4, maxAttempts: 5 },
    random: () => 0.5,
  });
  // Data-topic partitions whose key lands on a local / a remote __share_group_state partition.
  const local: number[] = [];
  const remote: number[] = [];
  for (let p = 0; p < 16; p++) (coordinator.partitionFor(asCoordinatorKey(GROUP, TOPIC, p)) < 2 ? local : remote).push(p);
  return { coordinator, persister, sender, local, remote };
}

const summary = (persister: DefaultStatePersister, partitions: number[]) =>
  persister.readSummary({ groupId: GROUP, topics: [{ topicId: TOPIC, partitions: partitions.map((partition) => ({ partition, leaderEpoch: 0 })) }] }).then((r) => r.results[0]!.partitions);

describe("DefaultStatePersister", () => {
  test("local partitions in-process, remote ones in one request to the leader's node, answers in request order", async () => {
    const { persister, sender, local, remote } = await setup([ErrorCode.NONE]);
    expect(local.length).toBeGreaterThan(0);
    expect(remote.length).toBeGreaterThan(1);
    const asked = [remote[0]!, local[0]!, remote[1]!];
    const r = await summary(persister, asked);
    expect(r.map((p) => [p.partition, p.errorCode, p.startOffset])).toEqual([
      [remote[0], 0, 42n],
      [local[0], 0, -1n],
      [remote[1], 0, 42n],
    ]);
    expect(sender.calls).toEqual([{ node: { id: 2, host: "127.0.0.1", port: 1002 }, apiKey: 87, partitions: [remote[0]!, remote[1]!] }]);
  });

  test("NOT_COORDINATOR and a lost connection are retried; the answer after them is kept", async () => {
    const { persister, sender, remote } = await setup([ErrorCode.NOT_COORDINATOR, "disconnect", ErrorCode.NONE]);
    expect((await summary(persister, [remote[0]!]))[0]).toMatchObject({ errorCode: ErrorCode.NONE, startOffset: 42n });
    expect(sender.calls.length).toBe(3);
  });

  test("retriable errors give up after 5 attempts with the last error; others are answered at once", async () => {
    const loading = await setup([ErrorCode.COORDINATOR_LOAD_IN_PROGRESS]);
    expect((await summary(loading.persister, [loading.remote[0]!]))[0]!.errorCode).toBe(ErrorCode.COORDINATOR_LOAD_IN_PROGRESS);
    expect(loading.sender.calls.length).toBe(5);
    const gone = await setup(["disconnect"]);
    expect((await summary(gone.persister, [gone.remote[0]!]))[0]!.errorCode).toBe(ErrorCode.NETWORK_EXCEPTION);
    expect(gone.sender.calls.length).toBe(5);
    const fenced = await setup([ErrorCode.FENCED_STATE_EPOCH]);
    expect((await summary(fenced.persister, [fenced.remote[0]!]))[0]!.errorCode).toBe(ErrorCode.FENCED_STATE_EPOCH);
    expect(fenced.sender.calls.length).toBe(1);
  });

  test("an empty group id is INVALID_REQUEST for every partition, nothing sent", async () => {
    const { persister, sender, remote } = await setup([ErrorCode.NONE]);
    const r = await persister.readState({ groupId: "", topics: [{ topicId: TOPIC, partitions: [{ partition: remote[0]!, leaderEpoch: 0 }] }] });
    expect(r.results[0]!.partitions[0]).toMatchObject({ partition: remote[0], errorCode: ErrorCode.INVALID_REQUEST });
    expect(sender.calls.length).toBe(0);
  });

  test("a closed persister refuses new requests", async () => {
    const { persister, remote } = await setup([ErrorCode.NONE]);
    persister.close();
    await expect(summary(persister, [remote[0]!])).rejects.toThrow("closed");
  });
});
