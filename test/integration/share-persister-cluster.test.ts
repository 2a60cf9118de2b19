// The broker's DefaultStatePersister in a two-node Strand cluster (both brokers in this process: node 1
// broker+controller, node 2 broker): state of a share partition whose __share_group_state partition is
// led by node 2 is initialized, written and read through node 1's persister, which sends the
// share-state requests to node 2 over the inter-broker listener; node 2's own share coordinator holds
// the state, and node 2's persister reads it locally. The first call also creates __share_group_state
// and rides out NOT_COORDINATOR while node 2 learns it leads its partitions (the persister's retries).
// Then node 2 stops: its __share_group_state partitions fail over to node 1 (two replicas each), whose
// share coordinator loads them by replaying its replica, and the state reads back intact there.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BrokerConfig } from "../../src/config/broker-config.ts";
import { formatStorage } from "../../src/cli/server-command.ts";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { Broker } from "../../src/server/broker.ts";
import { createLogger } from "../../src/util/log.ts";
import { systemClock } from "../../src/util/purgatory/index.ts";
import { asCoordinatorKey } from "../../src/coordinator/share/share-partition-key.ts";
import { SHARE_GROUP_STATE_TOPIC } from "../../src/coordinator/share/service.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { freePorts } from "../support/ports.ts";
import { until } from "../support/until.ts";
import { createTopic } from "../unit/produce/wire-helpers.ts";

const CLUSTER_ID = "U2hhcmVQZXJzaXN0ZXIxAA";
const GROUP = "persister-group";
const dirs: string[] = [];
const brokers: Broker[] = [];
let client: KafkaTestClient | null = null;

async function startNode(nodeId: number, roles: string, voters: string, controllerPort: number): Promise<Broker> {
  const dir = mkdtempSync(join(tmpdir(), `strand-share-persister-${nodeId}-`));
  dirs.push(dir);
  const listeners = roles.includes("controller") ? `PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:${controllerPort}` : "PLAINTEXT://127.0.0.1:0";
  const config = BrokerConfig.from(
    new Map([
      ["process.roles", roles],
      ["node.id", String(nodeId)],
      ["listeners", listeners],
      ["advertised.listeners", "PLAINTEXT://127.0.0.1:0"],
      ["strand.admin.listener", "127.0.0.1:0"],
      ["controller.listener.names", "CONTROLLER"],
      ["inter.broker.listener.name", "PLAINTEXT"],
      ["listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"],
      ["controller.quorum.voters", voters],
      ["log.dirs", join(dir, "logs")],
      ["offsets.topic.replication.factor", "1"],
      ["share.coordinator.state.topic.num.partitions", "4"],
      ["share.coordinator.state.topic.replication.factor", "2"],
      ["share.coordinator.state.topic.min.isr", "1"],
    ]),
    [],
  );
  await formatStorage(config, CLUSTER_ID, { ignoreFormatted: false });
  const broker = new Broker({ config, log: createLogger((process.env.SHARE_LOG ?? "error") as "error"), clock: systemClock });
  await broker.start();
  brokers.push(broker);
  return broker;
}

beforeAll(async () => {
  const [controllerPort] = await freePorts(1);
  const voters = `1@127.0.0.1:${controllerPort}`;
  await startNode(1, "broker,controller", voters, controllerPort!);
  await startNode(2, "broker", voters, controllerPort!);
  const port = brokers[0]!.boundListeners.find((b) => b.name === "PLAINTEXT")!.port;
  client = await KafkaTestClient.connect(port);
}, 120_000);

afterAll(async () => {
  client?.close();
  for (const b of brokers.slice().reverse()) await b.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

test("node 1's persister reaches the share coordinator on node 2", async () => {
  const [node1, node2] = brokers as [Broker, Broker];
  await until("both brokers registered", async () => node1.metadata.image.brokers.size === 2 && node2.metadata.image.brokers.size === 2);
  const topicId = await createTopic(client!, "persisted", 8);
  await until("node 2 knows the topic", async () => node2.metadata.image.topicsById.has(topicId));
  const persister = node1.services.sharePersister!;
  const share1 = node1.services.shareCoordinator!;
  // The first call creates __share_group_state (partitions spread over both nodes).
  const first = await persister.readSummary({ groupId: GROUP, topics: [{ topicId, partitions: [{ partition: 0, leaderEpoch: 0 }] }] });
  expect(first.results[0]!.partitions[0]).toMatchObject({ errorCode: ErrorCode.NONE, startOffset: -1n });
  const image = node1.metadata.image;
  const leaderOf = (p: number) => image.topicsByName.get(SHARE_GROUP_STATE_TOPIC)!.partitions[share1.partitionFor(asCoordinatorKey(GROUP, topicId, p))]!.leader;
  const remote = [...Array(8).keys()].filter((p) => leaderOf(p) === 2);
  const local = [...Array(8).keys()].filter((p) => leaderOf(p) === 1);
  expect(remote.length).toBeGreaterThan(0);
  const partitions = [...remote, ...local.slice(0, 1)];

  const init = await persister.initializeState({ groupId: GROUP, topics: [{ topicId, partitions: partitions.map((partition) => ({ partition, stateEpoch: 1, startOffset: 10n })) }] });
  expect(init.results[0]!.partitions.map((p) => [p.partition, p.errorCode])).toEqual(partitions.map((p) => [p, ErrorCode.NONE]));
  const batches = [{ firstOffset: 10n, lastOffset: 14n, deliveryState: 2, deliveryCount: 1 }];
  const write = await persister.writeState({ groupId: GROUP, topics: [{ topicId, partitions: partitions.map((partition) => ({ partition, stateEpoch: 1, leaderEpoch: 3, startOffset: 10n, deliveryCompleteCount: 5, stateBatches: batches })) }] });
  expect(write.results[0]!.partitions.every((p) => p.errorCode === ErrorCode.NONE)).toBe(true);
  const read = await persister.readState({ groupId: GROUP, topics: [{ topicId, partitions: partitions.map((partition) => ({ partition, leaderEpoch: 3 })) }] });
  for (const p of read.results[0]!.partitions) expect(p).toMatchObject({ errorCode: ErrorCode.NONE, stateEpoch: 1, startOffset: 10n, stateBatches: batches });
  // Fencing comes back through the remote path too.
  const stale = await persister.readState({ groupId: GROUP, topics: [{ topicId, partitions: [{ partition: remote[0]!, leaderEpoch: 1 }] }] });
  expect(stale.results[0]!.partitions[0]!.errorCode).toBe(ErrorCode.FENCED_LEADER_EPOCH);

  // The state lives in node 2's shard, and node 2's persister reads it in-process.
  const share2 = node2.services.shareCoordinator!;
  const shardPartition = share2.partitionFor(asCoordinatorKey(GROUP, topicId, remote[0]!));
  expect(share2.runtime.shardState(shardPartition)).toBe("active");
  expect(share1.runtime.shardState(shardPartition)).toBeUndefined();
  const viaNode2 = await node2.services.sharePersister!.readSummary({ groupId: GROUP, topics: [{ topicId, partitions: [{ partition: remote[0]!, leaderEpoch: 0 }] }] });
  expect(viaNode2.results[0]!.partitions[0]).toMatchObject({ errorCode: ErrorCode.NONE, startOffset: 10n, leaderEpoch: 3, stateEpoch: 1 });
}, 120_000);

test("failover: node 2 stops, node 1 leads its __share_group_state partitions and replays the state", async () => {
  const [node1, node2] = brokers as [Broker, Broker];
  const topicId = node1.metadata.image.topicsByName.get("persisted")!.topicId;
  const share1 = node1.services.shareCoordinator!;
  const stateTopic = () => node1.metadata.image.topicsByName.get(SHARE_GROUP_STATE_TOPIC)!;
  const remote = [...Array(8).keys()].filter((p) => stateTopic().partitions[share1.partitionFor(asCoordinatorKey(GROUP, topicId, p))]!.leader === 2);
  expect(remote.length).toBeGreaterThan(0);
  const asked = { groupId: GROUP, topics: [{ topicId, partitions: remote.map((partition) => ({ partition, leaderEpoch: 3 })) }] };
  const before = await node1.services.sharePersister!.readState(asked);
  // Node 1's replicas have caught up before node 2 goes.
  await until("node 1 in every ISR", async () => stateTopic().partitions.every((p) => p.isr.includes(1)));
  await node2.stop();
  await until("node 1 leads every __share_group_state partition", async () => stateTopic().partitions.every((p) => p.leader === 1));
  const after = await node1.services.sharePersister!.readState(asked);
  expect(after).toEqual(before);
  for (const p of after.results[0]!.partitions) expect(p).toMatchObject({ errorCode: ErrorCode.NONE, stateEpoch: 1, startOffset: 10n });
  expect(share1.runtime.shardState(share1.partitionFor(asCoordinatorKey(GROUP, topicId, remote[0]!)))).toBe("active");
}, 120_000);
