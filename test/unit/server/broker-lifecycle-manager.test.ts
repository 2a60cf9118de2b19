// BrokerLifecycleManager over a NetworkClient-backed ControllerChannel on MemoryTransport + FakeClock,
// against fake controllers whose BrokerRegistration/BrokerHeartbeat handlers run the real controller
// planners (cluster-control.ts) over an ImageBuilder log: register, heartbeat every interval, stay
// fenced until ready and caught up, controlled shutdown until shouldShutDown, a new incarnation on
// restart, NOT_CONTROLLER moving to the next controller, back-off on errors, the registration timeout.

import { expect, test } from "bun:test";
import { FakeClock } from "../../../src/util/purgatory/fake-clock.ts";
import { MemoryTransport } from "../../../src/network/memory-transport.ts";
import { DEFAULT_NETWORK_CLIENT_CONFIG, NetworkClient } from "../../../src/network/network-client.ts";
import { NodeControllerChannel } from "../../../src/server/controller-channel.ts";
import { BrokerLifecycleManager, type BrokerLifecycleOptions } from "../../../src/server/broker-lifecycle-manager.ts";
import { BrokerHeartbeatManager } from "../../../src/metadata/broker-heartbeat-manager.ts";
import { planBrokerHeartbeat, planBrokerRegistration, type ClusterControlEnv } from "../../../src/metadata/cluster-control.ts";
import { ImageBuilder } from "../../../src/metadata/image-builder.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import { decodeMetadataRecord, encodeMetadataRecord, metadataRecord, RecordType, type MetadataRecordOut } from "../../../src/metadata/record-serde.ts";
import type { BrokerRegistrationRequest } from "../../../src/protocol/generated/messages/broker-registration-request.ts";
import type { BrokerHeartbeatRequest } from "../../../src/protocol/generated/messages/broker-heartbeat-request.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { FakeKafkaNode } from "../../support/fake-kafka-node.ts";
import { seededRandom as seeded } from "../../support/seeded-random.ts";

const SEED = Number(process.env.STRAND_TEST_SEED ?? 20261212);
console.log(`broker-lifecycle seed=${SEED}`);
const CLUSTER = "lifecycle-cluster";
const ENV: ClusterControlEnv = { clusterId: CLUSTER, kraftVersion: 0, cleanShutdownDetection: true, defaultMinIsr: 1, defaultUncleanLeaderElection: false };
const uid = (tag: number, n: number) => Buffer.from(Uint8Array.from({ length: 16 }, (_, i) => (i === 0 ? tag : i === 15 ? n : 0))).toString("base64url");

/** A controller's metadata log and session state, answering through the real planners. */
class FakeController {
  builder = new ImageBuilder(CLUSTER, 3000);
  next = 0n;
  image: MetadataImage;
  hb: BrokerHeartbeatManager;
  active = true;
  node: FakeKafkaNode;
  constructor(net: MemoryTransport, clock: FakeClock, host: string, shared?: FakeController) {
    this.hb = shared?.hb ?? new BrokerHeartbeatManager(clock, 9_000);
    this.image = this.builder.build();
    this.append([metadataRecord(RecordType.FEATURE_LEVEL, { name: "metadata.version", featureLevel: 33 })]);
    this.node = new FakeKafkaNode(net, host, 9093);
    const state = () => shared ?? this;
    this.node.handlers.set(62, (req) => {
      if (!this.active) return { errorCode: ErrorCode.NOT_CONTROLLER, brokerEpoch: -1n };
      const s = state();
      const plan = planBrokerRegistration(s.image, s.hb, ENV, req.body as unknown as BrokerRegistrationRequest, s.next);
      s.append(plan.records);
      return { ...plan.response };
    });
    this.node.handlers.set(63, (req) => {
      if (!this.active) return { errorCode: ErrorCode.NOT_CONTROLLER };
      const s = state();
      const body = req.body as unknown as BrokerHeartbeatRequest;
      s.hb.trackHeartbeat(body.brokerId, body.brokerEpoch);
      const plan = planBrokerHeartbeat(s.image, s.hb, ENV, body);
      const end = s.append(plan.records);
      if (plan.inControlledShutdown) s.hb.maybeUpdateControlledShutdownOffset(body.brokerId, end);
      return { ...plan.response };
    });
  }
  append(records: MetadataRecordOut[]): bigint {
    for (const r of records) {
      const rec = decodeMetadataRecord(encodeMetadataRecord(r), this.next);
      this.builder.apply(rec.apiKey, rec.message, this.next++);
    }
    this.image = this.builder.build();
    return this.next - 1n;
  }
  heartbeats(): BrokerHeartbeatRequest[] {
    return this.node.received.filter((r) => r.apiKey === 63).map((r) => r.body as unknown as BrokerHeartbeatRequest);
  }
}

function setup(opts: { controllers?: number } = {}) {
  const clock = new FakeClock(10_000);
  const net = new MemoryTransport(clock);
  const random = seeded(SEED);
  const client = new NetworkClient({ ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId: "broker-1", requestTimeoutMs: 5_000 }, net.forNode("broker-1"), clock, random);
  const first = new FakeController(net, clock, "c0");
  const controllers = [first];
  for (let i = 1; i < (opts.controllers ?? 1); i++) controllers.push(new FakeController(net, clock, `c${i}`, first));
  const channel = new NodeControllerChannel(client, controllers.map((_, i) => ({ id: 3000 + i, host: `c${i}`, port: 9093 })));
  let metadataOffset = -1n;
  const fatal: string[] = [];
  const make = (incarnation: number, over: Partial<BrokerLifecycleOptions> = {}) =>
    new BrokerLifecycleManager({
      nodeId: 1,
      clusterId: CLUSTER,
      incarnationId: uid(0x20, incarnation),
      listeners: [{ name: "PLAINTEXT", host: "b1", port: 9092, securityProtocol: 0 }],
      features: [{ name: "metadata.version", minSupportedVersion: 7, maxSupportedVersion: 33 }],
      rack: null,
      logDirs: [uid(0xd0, 2), uid(0xd0, 1)],
      previousBrokerEpoch: -1n,
      heartbeatIntervalMs: 2_000,
      sessionTimeoutMs: 9_000,
      initialRegistrationTimeoutMs: 60_000,
      controlledShutdownTimeoutMs: 30_000,
      highestMetadataOffset: () => metadataOffset,
      channel,
      clock,
      random,
      onFatal: (r) => fatal.push(r),
      ...over,
    });
  const settle = async (rounds = 8) => {
    for (let i = 0; i < rounds; i++) {
      await new Promise((r) => setImmediate(r));
      clock.advance(0);
    }
  };
  /** Advance in small steps so that request/response turns happen on the way. */
  const run = async (ms: number, step = 10) => {
    for (let t = 0; t < ms; t += step) {
      clock.advance(Math.min(step, ms - t));
      await settle(3);
    }
  };
  return { clock, net, client, controllers, channel, make, settle, run, fatal, setOffset: (o: bigint) => (metadataOffset = o) };
}

test("registers, heartbeats every interval, stays fenced until ready and caught up, then RUNNING", async () => {
  const { controllers, make, settle, run, setOffset, client } = setup();
  const c = controllers[0]!;
  const m = make(1);
  m.start();
  await settle();
  expect(m.brokerEpoch).toBe(1n); // the RegisterBrokerRecord's offset (after the metadata.version record)
  const reg = c.node.received.find((r) => r.apiKey === 62)!;
  expect(reg.version).toBe(4);
  expect((reg.body as unknown as BrokerRegistrationRequest).logDirs).toEqual([uid(0xd0, 1), uid(0xd0, 2)]);
  expect(c.image.brokers.get(1)!.fenced).toBe(true);
  await run(100);
  // Not caught up (offset -1 < registration offset 1): STARTING, heartbeats 10 ms apart.
  expect(m.state).toBe("STARTING");
  expect(c.heartbeats().length).toBeGreaterThan(3);
  expect(c.heartbeats().every((h) => h.wantFence && h.brokerEpoch === 1n)).toBe(true);
  setOffset(1n);
  await run(50);
  expect(m.state).toBe("RECOVERY");
  // Caught up but not ready: still fenced (wantFence).
  await run(4_000, 100);
  expect(m.state).toBe("RECOVERY");
  expect(c.image.brokers.get(1)!.fenced).toBe(true);
  const unfenced = m.setReadyToUnfence();
  await run(50);
  await unfenced;
  expect(m.state).toBe("RUNNING");
  expect(c.image.brokers.get(1)!.fenced).toBe(false);
  // RUNNING: one heartbeat per broker.heartbeat.interval.ms.
  const before = c.heartbeats().length;
  await run(10_000, 100);
  expect(c.heartbeats().length - before).toBe(5);
  m.close();
  client.close();
}, 10_000);

test("controlled shutdown: wantShutDown until shouldShutDown; a restart is a new incarnation with a new epoch", async () => {
  const { controllers, make, settle, run, setOffset, client, clock } = setup();
  const c = controllers[0]!;
  setOffset(100n);
  const m = make(1);
  m.start();
  await settle();
  m.setReadyToUnfence();
  await run(100);
  expect(m.state).toBe("RUNNING");
  // A partition led by the broker, so that controlled shutdown has leadership to move.
  c.append([
    metadataRecord(RecordType.TOPIC, { name: "t", topicId: uid(0x70, 1) }),
    metadataRecord(RecordType.PARTITION, { partitionId: 0, topicId: uid(0x70, 1), replicas: [1], isr: [1], removingReplicas: [], addingReplicas: [], leader: 1, leaderRecoveryState: 0, leaderEpoch: 0, partitionEpoch: 0, directories: [uid(0xd0, 1)], eligibleLeaderReplicas: null, lastKnownElr: null }),
  ]);
  const done = m.beginControlledShutdown();
  await run(200);
  expect(await done).toBe(true);
  expect(m.state).toBe("SHUTTING_DOWN");
  const hbs = c.heartbeats();
  expect(hbs.at(-1)!.wantShutDown).toBe(true);
  expect(c.image.topicsByName.get("t")!.partitions[0]!.leader).toBe(-1);
  expect(c.image.brokers.get(1)!.fenced).toBe(true);
  const sent = c.node.received.length;
  await run(5_000, 500);
  expect(c.node.received.length).toBe(sent);
  // Restart: new incarnation, previous epoch given (clean shutdown), new broker epoch.
  const oldEpoch = m.brokerEpoch;
  clock.advance(1);
  const m2 = make(2, { previousBrokerEpoch: oldEpoch });
  m2.start();
  await settle();
  // As Kafka 4.4.0: the old incarnation's session (kept alive by its last heartbeats) must expire first.
  expect(m2.lastErrorCode).toBe(ErrorCode.DUPLICATE_BROKER_REGISTRATION);
  await run(10_000, 100);
  expect(m2.brokerEpoch).toBeGreaterThan(oldEpoch);
  expect(c.image.brokers.get(1)!.incarnationId).toBe(uid(0x20, 2));
  m2.close();
  client.close();
}, 10_000);

test("controlled shutdown is bounded by its timeout when the controller never lets go", async () => {
  const { controllers, make, settle, run, setOffset, client } = setup();
  const c = controllers[0]!;
  setOffset(100n);
  const m = make(1, { controlledShutdownTimeoutMs: 3_000 });
  m.start();
  await settle();
  m.setReadyToUnfence();
  await run(100);
  c.node.handlers.set(63, () => ({ errorCode: 0, isCaughtUp: true, isFenced: false, shouldShutDown: false }));
  const done = m.beginControlledShutdown();
  await run(3_100, 100);
  expect(await done).toBe(false);
  expect(m.state).toBe("SHUTTING_DOWN");
  client.close();
}, 10_000);

test("NOT_CONTROLLER moves to the next controller; errors back off exponentially", async () => {
  const { controllers, make, settle, run, setOffset, client, clock } = setup({ controllers: 2 });
  const [c0, c1] = controllers as [FakeController, FakeController];
  c0.active = false;
  setOffset(100n);
  const m = make(1);
  m.start();
  await settle();
  expect(m.lastErrorCode).toBe(ErrorCode.NOT_CONTROLLER);
  await run(300);
  expect(c1.node.received.some((r) => r.apiKey === 62)).toBe(true);
  expect(m.brokerEpoch).toBeGreaterThan(-1n);
  // The controller answers errors: registration retries 100, 200, 400, ... ms apart (2% jitter).
  c1.node.handlers.set(62, () => ({ errorCode: ErrorCode.INCONSISTENT_CLUSTER_ID, brokerEpoch: -1n }));
  const m2 = make(3);
  const times: number[] = [];
  const orig = c1.node.handlers.get(62)!;
  c1.node.handlers.set(62, (req) => {
    times.push(clock.nowMs());
    return orig(req);
  });
  m.close();
  m2.start();
  await run(2_000);
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  expect(gaps.length).toBeGreaterThanOrEqual(3);
  for (const [i, g] of gaps.slice(0, 3).entries()) {
    const want = 100 * 2 ** i;
    expect(g).toBeGreaterThanOrEqual(Math.floor(want * 0.98));
    expect(g).toBeLessThanOrEqual(Math.ceil(want * 1.02) + 20);
  }
  m2.close();
  client.close();
}, 10_000);

test("no registration within initial.broker.registration.timeout.ms: fatal", async () => {
  const { controllers, make, settle, run, fatal, client } = setup();
  controllers[0]!.active = false;
  const m = make(1, { initialRegistrationTimeoutMs: 2_000 });
  m.start();
  await settle();
  await run(2_100, 100);
  expect(fatal).toEqual(["Shutting down because we were unable to register with the controller quorum."]);
  expect(m.state).toBe("SHUTTING_DOWN");
  client.close();
}, 10_000);
