// The controller-side lifecycle planners against images built by the real ImageBuilder: every error
// code, fencing by session timeout under a FakeClock, controlled shutdown moving leaders (and, with
// ELR on as Kafka 4.4.0 finalizes it, leaving a one-replica partition leaderless with the broker in
// its ELR), unfencing electing leaders again, producer id blocks contiguous across a rebuilt image, and
// a combined node's own broker re-registering at once after a kill -9.

import { expect, test } from "bun:test";
import { FakeClock } from "../../../src/util/purgatory/fake-clock.ts";
import { BrokerHeartbeatManager } from "../../../src/metadata/broker-heartbeat-manager.ts";
import { planBrokerHeartbeat, planBrokerRegistration, planControllerRegistration, planFenceStaleBroker, planUnregisterBroker, type ClusterControlEnv } from "../../../src/metadata/cluster-control.ts";
import { ImageBuilder } from "../../../src/metadata/image-builder.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import { planAllocateProducerIds } from "../../../src/metadata/producer-id-control.ts";
import { metadataRecord, RecordType, type MetadataRecordOut, encodeMetadataRecord, decodeMetadataRecord } from "../../../src/metadata/record-serde.ts";
import { newBrokerRegistrationRequest, type BrokerRegistrationRequest } from "../../../src/protocol/generated/messages/broker-registration-request.ts";
import { newBrokerHeartbeatRequest, type BrokerHeartbeatRequest } from "../../../src/protocol/generated/messages/broker-heartbeat-request.ts";
import { newControllerRegistrationRequest } from "../../../src/protocol/generated/messages/controller-registration-request.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";

const CLUSTER = "cluster-A";
const ENV: ClusterControlEnv = { clusterId: CLUSTER, kraftVersion: 0, cleanShutdownDetection: true, defaultMinIsr: 1, defaultUncleanLeaderElection: false };
const SESSION_MS = 9_000;

/** A log: records get consecutive offsets, each round-tripped through the codec, applied by ImageBuilder. */
class Log {
  builder = new ImageBuilder(CLUSTER, 3000);
  next = 0n;
  image: MetadataImage = this.builder.build();
  append(records: MetadataRecordOut[]): bigint {
    for (const r of records) {
      const rec = decodeMetadataRecord(encodeMetadataRecord(r), this.next);
      if (!this.builder.apply(rec.apiKey, rec.message, this.next)) throw new Error(`record type ${rec.apiKey} not applied`);
      this.next++;
    }
    this.image = this.builder.build();
    return this.next - 1n;
  }
}

function bootstrap(elr = true): Log {
  const log = new Log();
  log.append([
    metadataRecord(RecordType.FEATURE_LEVEL, { name: "metadata.version", featureLevel: 33 }),
    ...(elr ? [metadataRecord(RecordType.FEATURE_LEVEL, { name: "eligible.leader.replicas.version", featureLevel: 1 })] : []),
  ]);
  return log;
}

/** A Kafka Uuid (base64url of 16 bytes) from a tag and a number. */
const uid = (tag: number, n: number) => Buffer.from(Uint8Array.from({ length: 16 }, (_, i) => (i === 0 ? tag : i === 15 ? n : 0))).toString("base64url");
const dirOf = (id: number) => uid(0xd1, id);
const INC = (id: number, gen = 0) => uid(0x10 + gen, id);

function regReq(id: number, incarnation: string, over: Partial<BrokerRegistrationRequest> = {}): BrokerRegistrationRequest {
  return {
    ...newBrokerRegistrationRequest(),
    brokerId: id,
    clusterId: CLUSTER,
    incarnationId: incarnation,
    listeners: [{ name: "PLAINTEXT", host: "localhost", port: 9000 + id, securityProtocol: 0 }],
    features: [
      { name: "metadata.version", minSupportedVersion: 7, maxSupportedVersion: 33 },
      { name: "eligible.leader.replicas.version", minSupportedVersion: 0, maxSupportedVersion: 1 },
    ],
    rack: null,
    logDirs: [dirOf(id)],
    ...over,
  };
}

function hbReq(id: number, epoch: bigint, offset: bigint, over: Partial<BrokerHeartbeatRequest> = {}): BrokerHeartbeatRequest {
  return { ...newBrokerHeartbeatRequest(), brokerId: id, brokerEpoch: epoch, currentMetadataOffset: offset, wantFence: false, ...over };
}

function setup(elr = true) {
  const clock = new FakeClock(1_000);
  const hb = new BrokerHeartbeatManager(clock, SESSION_MS);
  const log = bootstrap(elr);
  const epochs = new Map<number, bigint>();
  const register = (id: number, inc = INC(id)) => {
    const plan = planBrokerRegistration(log.image, hb, ENV, regReq(id, inc), log.next);
    expect(plan.error).toBeNull();
    log.append(plan.records);
    epochs.set(id, plan.response.brokerEpoch);
    return plan;
  };
  const heartbeat = (id: number, over: Partial<BrokerHeartbeatRequest> = {}) => {
    const epoch = over.brokerEpoch ?? epochs.get(id)!;
    hb.trackHeartbeat(id, epoch);
    const plan = planBrokerHeartbeat(log.image, hb, ENV, hbReq(id, epoch, over.currentMetadataOffset ?? log.next - 1n, over));
    const end = log.append(plan.records);
    if (plan.inControlledShutdown) hb.maybeUpdateControlledShutdownOffset(id, end);
    return plan;
  };
  return { clock, hb, log, epochs, register, heartbeat };
}

function createTopic(log: Log, name: string, topicId: string, assignments: number[][]) {
  log.append([
    metadataRecord(RecordType.TOPIC, { name, topicId }),
    ...assignments.map((replicas, i) =>
      metadataRecord(RecordType.PARTITION, {
        partitionId: i, topicId, replicas, isr: replicas, removingReplicas: [], addingReplicas: [], leader: replicas[0]!, leaderRecoveryState: 0,
        leaderEpoch: 0, partitionEpoch: 0, directories: replicas.map(dirOf), eligibleLeaderReplicas: null, lastKnownElr: null,
      }),
    ),
  ]);
}

test("BrokerRegistration: epoch is the registration's offset, new brokers start fenced, amendment keeps epoch and state", () => {
  const { log, hb, register } = setup();
  const at = log.next;
  const plan = register(1);
  expect(plan.response).toEqual({ errorCode: 0, brokerEpoch: at });
  expect(plan.records.map((r) => r.apiKey)).toEqual([RecordType.REGISTER_BROKER]);
  const b = log.image.brokers.get(1)!;
  expect(b.fenced).toBe(true);
  expect(b.registrationOffset).toBe(at);
  expect(b.brokerEpoch).toBe(at);
  // Same incarnation again: amends, epoch stays.
  const again = planBrokerRegistration(log.image, hb, ENV, regReq(1, b.incarnationId, { rack: "r1" }), log.next);
  expect(again.response.brokerEpoch).toBe(at);
  log.append(again.records);
  expect(log.image.brokers.get(1)!.rack).toBe("r1");
  expect(log.image.brokers.get(1)!.brokerEpoch).toBe(at);
});

test("BrokerRegistration errors: cluster id, duplicate live registration, ZK broker, log dirs, features", () => {
  const { log, hb, register, heartbeat, clock } = setup();
  register(1);
  heartbeat(1); // caught up: unfenced, session live
  const code = (req: BrokerRegistrationRequest) => {
    const p = planBrokerRegistration(log.image, hb, ENV, req, log.next);
    expect(p.records).toEqual([]);
    return [p.response.errorCode, p.error?.message];
  };
  expect(code(regReq(2, INC(2), { clusterId: "other" }))).toEqual([ErrorCode.INCONSISTENT_CLUSTER_ID, `Expected cluster ID ${CLUSTER}, but got cluster ID other`]);
  expect(code(regReq(1, INC(1, 5)))[0]).toBe(ErrorCode.DUPLICATE_BROKER_REGISTRATION);
  // A combined node's controller knows a new incarnation of its own broker id is its own process
  // restarted (kill -9): no session to wait out. Another id still waits.
  const combined: ClusterControlEnv = { ...ENV, colocatedBrokerId: 1 };
  const restarted = planBrokerRegistration(log.image, hb, combined, regReq(1, INC(1, 5)), log.next);
  expect([restarted.response.errorCode, restarted.records.length > 0]).toEqual([ErrorCode.NONE, true]);
  expect(planBrokerRegistration(log.image, hb, { ...ENV, colocatedBrokerId: 2 }, regReq(1, INC(1, 5)), log.next).response.errorCode).toBe(ErrorCode.DUPLICATE_BROKER_REGISTRATION);
  expect(code(regReq(2, INC(2), { isMigratingZkBroker: true }))).toEqual([ErrorCode.BROKER_ID_NOT_REGISTERED, "Controller does not support registering ZK brokers."]);
  expect(code(regReq(2, INC(2), { logDirs: [] }))).toEqual([ErrorCode.INVALID_REGISTRATION, "No directories specified in request"]);
  expect(code(regReq(2, INC(2), { logDirs: ["AAAAAAAAAAAAAAAAAAAAAA"] }))).toEqual([ErrorCode.INVALID_REGISTRATION, "Reserved directory ID in request"]);
  expect(code(regReq(2, INC(2), { logDirs: [dirOf(2), dirOf(2)] }))).toEqual([ErrorCode.INVALID_REGISTRATION, "Duplicate directory ID in request"]);
  expect(code(regReq(2, INC(2), { logDirs: [dirOf(1)] }))).toEqual([ErrorCode.INVALID_REGISTRATION, `Broker 1 is already registered with directory ${dirOf(1)}`]);
  expect(code(regReq(2, INC(2), { features: [{ name: "metadata.version", minSupportedVersion: 7, maxSupportedVersion: 30 }] }))).toEqual([
    ErrorCode.UNSUPPORTED_VERSION,
    "Unable to register because the broker does not support finalized version 33 of metadata.version. The broker wants a version between 7 and 30, inclusive.",
  ]);
  // A finalized feature the broker does not list is checked against 0-0.
  expect(code(regReq(2, INC(2), { features: [{ name: "metadata.version", minSupportedVersion: 7, maxSupportedVersion: 33 }] }))).toEqual([
    ErrorCode.UNSUPPORTED_VERSION,
    "Unable to register because the broker does not support finalized version 1 of eligible.leader.replicas.version. The broker wants a version between 0 and 0, inclusive.",
  ]);
  expect(code(regReq(2, INC(2), { features: [{ name: "eligible.leader.replicas.version", minSupportedVersion: 0, maxSupportedVersion: 1 }] }))).toEqual([
    ErrorCode.INVALID_REGISTRATION,
    "Request features do not contain 'metadata.version'",
  ]);
  // Once the old session expires, a new incarnation may take the id.
  clock.advance(SESSION_MS + 1);
  expect(planBrokerRegistration(log.image, hb, ENV, regReq(1, INC(1, 5)), log.next).response.errorCode).toBe(ErrorCode.NONE);
});

test("BrokerHeartbeat: stale epochs, fenced until caught up to the registration offset, then unfenced", () => {
  const { log, hb, register, heartbeat, epochs } = setup();
  register(1);
  const stale = planBrokerHeartbeat(log.image, hb, ENV, hbReq(1, 999n, 0n));
  expect([stale.response.errorCode, stale.error?.message]).toEqual([ErrorCode.STALE_BROKER_EPOCH, `Expected broker epoch ${epochs.get(1)}, but got broker epoch 999`]);
  const before = planBrokerHeartbeat(log.image, hb, ENV, hbReq(7, 0n, 0n));
  expect([before.response.errorCode, before.error?.message]).toEqual([ErrorCode.STALE_BROKER_EPOCH, "Receive a heartbeat from broker 7 before registration"]);
  // Behind its registration record: stays fenced, not caught up.
  const behind = heartbeat(1, { currentMetadataOffset: epochs.get(1)! - 1n });
  expect(behind.response).toEqual({ errorCode: 0, isCaughtUp: false, isFenced: true, shouldShutDown: false });
  expect(behind.records).toEqual([]);
  // wantFence keeps it fenced even when caught up.
  expect(heartbeat(1, { wantFence: true }).response.isFenced).toBe(true);
  const up = heartbeat(1);
  expect(up.response).toEqual({ errorCode: 0, isCaughtUp: true, isFenced: false, shouldShutDown: false });
  expect(up.records.map((r) => [r.apiKey, r.version, (r.message as { fenced: number }).fenced])).toEqual([[RecordType.BROKER_REGISTRATION_CHANGE, 0, -1]]);
  expect(log.image.brokers.get(1)!.fenced).toBe(false);
});

test("session timeout fences a silent broker (FakeClock); its partitions move to the other ISR member", () => {
  const { log, hb, register, heartbeat, clock } = setup();
  register(1);
  register(2);
  heartbeat(1);
  heartbeat(2);
  createTopic(log, "t", "AAAAAAAAAAAAAAAAAAAAAg", [[1, 2], [2, 1]]);
  expect(planFenceStaleBroker(log.image, hb, ENV).expired).toBe(false);
  // Broker 2 keeps heartbeating, broker 1 falls silent.
  for (let i = 0; i < 5; i++) {
    clock.advance(2_000);
    heartbeat(2);
  }
  expect(clock.nowMs() - 1_000).toBeGreaterThan(SESSION_MS);
  const plan = planFenceStaleBroker(log.image, hb, ENV);
  expect(plan.fenced).toBe(1);
  log.append(plan.records);
  expect(plan.records.map((r) => r.apiKey)).toEqual([RecordType.PARTITION_CHANGE, RecordType.PARTITION_CHANGE, RecordType.BROKER_REGISTRATION_CHANGE]);
  const [p0, p1] = log.image.topicsByName.get("t")!.partitions;
  expect([p0!.leader, p0!.isr, p0!.leaderEpoch]).toEqual([2, [2], 1]);
  expect([p1!.leader, p1!.isr, p1!.leaderEpoch]).toEqual([2, [2], 0]);
  expect(log.image.brokers.get(1)!.fenced).toBe(true);
  expect(planFenceStaleBroker(log.image, hb, ENV).fenced).toBeNull();
  // A fenced broker's heartbeat that has not caught up stays fenced; once caught up it is unfenced and rejoins no ISR by itself.
  const back = heartbeat(1);
  expect(back.response.isFenced).toBe(false);
});

test("controlled shutdown: leadership moves to the ISR, a one-replica partition goes leaderless with the broker in its ELR, then shouldShutDown", () => {
  const { log, hb, register, heartbeat } = setup(true);
  register(1);
  register(2);
  heartbeat(1);
  heartbeat(2);
  createTopic(log, "t", "AAAAAAAAAAAAAAAAAAAAAg", [[1, 2], [1]]);
  const first = heartbeat(1, { wantShutDown: true });
  expect(first.response).toEqual({ errorCode: 0, isCaughtUp: true, isFenced: false, shouldShutDown: false });
  expect(first.inControlledShutdown).toBe(true);
  expect(first.records[0]).toMatchObject({ apiKey: RecordType.BROKER_REGISTRATION_CHANGE, version: 1, message: { inControlledShutdown: 1, fenced: 0 } });
  const [p0, p1] = log.image.topicsByName.get("t")!.partitions;
  expect([p0!.leader, p0!.isr]).toEqual([2, [2]]);
  // ISR [1] below min ISR 1? No: min ISR is min(1, rf 1) = 1 and the target ISR is empty -> ELR [1], last known leader 1.
  expect([p1!.leader, p1!.isr, p1!.elr, p1!.lastKnownElr]).toEqual([-1, [], [1], [1]]);
  expect(log.image.brokers.get(1)!.inControlledShutdown).toBe(true);
  // Broker 2 has not yet reached the controlled shutdown offset: keep waiting.
  expect(heartbeat(2, { currentMetadataOffset: hb.controlledShutdownOffset(1)! - 1n }).response.isFenced).toBe(false);
  const waiting = heartbeat(1, { wantShutDown: true });
  expect(waiting.response.shouldShutDown).toBe(false);
  heartbeat(2);
  const done = heartbeat(1, { wantShutDown: true });
  expect(done.response).toEqual({ errorCode: 0, isCaughtUp: true, isFenced: true, shouldShutDown: true });
  expect(log.image.brokers.get(1)!.fenced).toBe(true);
});

test("controlled shutdown without ELR: the leaderless one-replica partition keeps its ISR", () => {
  const { log, register, heartbeat } = setup(false);
  register(1);
  heartbeat(1);
  createTopic(log, "t", "AAAAAAAAAAAAAAAAAAAAAg", [[1]]);
  const p = heartbeat(1, { wantShutDown: true });
  expect(p.response.shouldShutDown).toBe(false);
  const part = log.image.topicsByName.get("t")!.partitions[0]!;
  expect([part.leader, part.isr, part.elr]).toEqual([-1, [1], undefined]);
  // Nobody else is active: nothing to wait for.
  expect(heartbeat(1, { wantShutDown: true }).response.shouldShutDown).toBe(true);
});

test("a new incarnation after a clean controlled shutdown is unfenced and leads from the ELR again", () => {
  const { log, hb, register, heartbeat, epochs, clock } = setup(true);
  register(1);
  heartbeat(1);
  createTopic(log, "t", "AAAAAAAAAAAAAAAAAAAAAg", [[1]]);
  heartbeat(1, { wantShutDown: true });
  heartbeat(1, { wantShutDown: true });
  clock.advance(SESSION_MS + 1);
  const prev = epochs.get(1)!;
  const plan = planBrokerRegistration(log.image, hb, ENV, regReq(1, INC(1, 6), { previousBrokerEpoch: prev }), log.next);
  expect(plan.error).toBeNull();
  expect(plan.records.map((r) => r.apiKey)).toEqual([RecordType.REGISTER_BROKER]);
  log.append(plan.records);
  epochs.set(1, plan.response.brokerEpoch);
  const up = heartbeat(1);
  expect(up.response.isFenced).toBe(false);
  const part = log.image.topicsByName.get("t")!.partitions[0]!;
  expect([part.leader, part.isr, part.elr, part.lastKnownElr]).toEqual([1, [1], undefined, undefined]);
});

test("an unclean restart (previous epoch unknown) takes the broker out of ISR and ELR", () => {
  const { log, hb, register, heartbeat, clock } = setup(true);
  register(1);
  register(2);
  heartbeat(1);
  heartbeat(2);
  createTopic(log, "t", "AAAAAAAAAAAAAAAAAAAAAg", [[1, 2]]);
  clock.advance(SESSION_MS + 1);
  const plan = planBrokerRegistration(log.image, hb, ENV, regReq(1, INC(1, 6), { previousBrokerEpoch: -1n }), log.next);
  expect(plan.records.map((r) => r.apiKey)).toEqual([RecordType.PARTITION_CHANGE, RecordType.REGISTER_BROKER]);
  log.append(plan.records);
  const part = log.image.topicsByName.get("t")!.partitions[0]!;
  expect([part.leader, part.isr]).toEqual([2, [2]]);
});

test("UnregisterBroker: BROKER_ID_NOT_REGISTERED, else out of every ISR and unregistered", () => {
  const { log, hb, register, heartbeat } = setup();
  const missing = planUnregisterBroker(log.image, hb, ENV, 5);
  expect([missing.response.errorCode, missing.error?.message]).toEqual([ErrorCode.BROKER_ID_NOT_REGISTERED, "Broker ID 5 is not currently registered"]);
  register(1);
  register(2);
  heartbeat(1);
  heartbeat(2);
  createTopic(log, "t", "AAAAAAAAAAAAAAAAAAAAAg", [[1, 2]]);
  const plan = planUnregisterBroker(log.image, hb, ENV, 1);
  expect(plan.records.map((r) => r.apiKey)).toEqual([RecordType.PARTITION_CHANGE, RecordType.UNREGISTER_BROKER]);
  log.append(plan.records);
  expect(log.image.brokers.has(1)).toBe(false);
  expect(log.image.topicsByName.get("t")!.partitions[0]!.leader).toBe(2);
});

test("ControllerRegistration: RegisterControllerRecord into the image; refused before metadata.version 3.7-IV0", () => {
  const { log } = setup();
  const req = { ...newControllerRegistrationRequest(), controllerId: 3000, incarnationId: uid(0xc0, 1), listeners: [{ name: "CONTROLLER", host: "localhost", port: 9093, securityProtocol: 0 }], features: [{ name: "kraft.version", minSupportedVersion: 0, maxSupportedVersion: 1 }] };
  const plan = planControllerRegistration(log.image, req);
  expect(plan.response).toEqual({ errorCode: 0, errorMessage: null });
  log.append(plan.records);
  expect(log.image.controllers!.get(3000)).toEqual({
    nodeId: 3000, incarnationId: uid(0xc0, 1), zkMigrationReady: false,
    endpoints: [{ name: "CONTROLLER", host: "localhost", port: 9093, securityProtocol: 0 }],
    supportedFeatures: [{ name: "kraft.version", minVersion: 0, maxVersion: 1 }],
  });
  const old = new Log();
  old.append([metadataRecord(RecordType.FEATURE_LEVEL, { name: "metadata.version", featureLevel: 14 })]);
  expect(planControllerRegistration(old.image, req).response).toEqual({ errorCode: ErrorCode.UNSUPPORTED_VERSION, errorMessage: "The current MetadataVersion is too old to support controller registrations." });
  // UnregisterControllerRecord removes it.
  log.append([{ apiKey: RecordType.UNREGISTER_CONTROLLER, version: 0, message: { controllerId: 3000 } }]);
  expect(log.image.controllers!.has(3000)).toBe(false);
});

test("AllocateProducerIds: blocks of 1000, contiguous across a controller rebuilt from the log; stale epochs refused", () => {
  const { log, register, epochs } = setup();
  register(1);
  register(2);
  const starts: bigint[] = [];
  for (const id of [1, 2, 1]) {
    const p = planAllocateProducerIds(log.image, { brokerId: id, brokerEpoch: epochs.get(id)! });
    expect(p.response.producerIdLen).toBe(1000);
    starts.push(p.response.producerIdStart);
    log.append(p.records);
  }
  expect(starts).toEqual([0n, 1000n, 2000n]);
  // A new controller replays the same records from the log: it continues at 3000.
  const replayed = new ImageBuilder(CLUSTER, 3001, log.image).build();
  expect(planAllocateProducerIds(replayed, { brokerId: 2, brokerEpoch: epochs.get(2)! }).response.producerIdStart).toBe(3000n);
  const stale = planAllocateProducerIds(log.image, { brokerId: 1, brokerEpoch: 12345n });
  expect([stale.response.errorCode, stale.records.length]).toEqual([ErrorCode.STALE_BROKER_EPOCH, 0]);
  expect(planAllocateProducerIds(log.image, { brokerId: 9, brokerEpoch: 0n }).error?.message).toBe("No broker registration found for broker id 9");
  // A ProducerIdsRecord that goes backwards is a corrupt log.
  expect(() => log.append([metadataRecord(RecordType.PRODUCER_IDS, { brokerId: 1, brokerEpoch: 0n, nextProducerId: 10n })])).toThrow(/not greater than the current 3000/);
});
