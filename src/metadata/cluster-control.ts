// Broker and controller registration on the active controller, as Kafka 4.4.0's QuorumController,
// ClusterControlManager and ReplicationControlManager plan them (read from Kafka's classes): each
// request becomes the records to append and the response, planned against the image. The session
// state (BrokerHeartbeatManager) is the controller's memory, not the log: the planners update it as
// Kafka's generateRecordsAndResult does, so call them on the active controller only, one at a time.
//
//   BrokerRegistration (62)  cluster id, DUPLICATE_BROKER_REGISTRATION while the previous incarnation's
//     session is valid, no ZK brokers, log dirs (metadata.version >= 3.7-IV2), every feature range
//     against the finalized levels (UNSUPPORTED_VERSION), metadata.version required; a new incarnation
//     gets broker epoch = the next write offset and starts fenced, after the records that take an
//     uncleanly stopped previous incarnation out of ISRs (and ELRs); the same incarnation amends its
//     registration and keeps epoch and state.
//   BrokerHeartbeat (63)     STALE_BROKER_EPOCH before registration or for another epoch; Kafka's state
//     machine (broker-heartbeat-manager.ts) with fencing, unfencing once caught up to the registration
//     record, controlled shutdown moving leadership away, and shouldShutDown.
//   UnregisterBroker (64)    BROKER_ID_NOT_REGISTERED, else out of ISRs and ELRs and UnregisterBrokerRecord.
//   ControllerRegistration (70) RegisterControllerRecord (UNSUPPORTED_VERSION before metadata.version 3.7-IV0).
//   Session expiry           planFenceStaleBroker: one broker per call, as maybeFenceOneStaleBroker.
// Wire responses carry only error codes (ControllerRegistration also a message); the messages here are
// Kafka's exception texts, for logs.
//
// Left out: offline/cordoned log dirs in heartbeats (handleDirectoriesOffline), the heartbeat that
// expired on the controller's queue (processExpiredBrokerHeartbeat), ZK migration.

import { ErrorCode } from "../protocol/errors.ts";
import type { BrokerHeartbeatRequest } from "../protocol/generated/messages/broker-heartbeat-request.ts";
import type { BrokerRegistrationRequest } from "../protocol/generated/messages/broker-registration-request.ts";
import type { ControllerRegistrationRequest } from "../protocol/generated/messages/controller-registration-request.ts";
import { ZERO_UUID } from "../protocol/primitives/codec-runtime.ts";
import { controlStateFenced, type BrokerHeartbeatManager } from "./broker-heartbeat-manager.ts";
import type { MetadataImage } from "./image.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { handleBrokerFenced, handleBrokerInControlledShutdown, handleBrokerShutdown, handleBrokerUnfenced, handleBrokerUnregistered, handleDirectoriesOffline, hasLeaderships, type ReplicationEnv } from "./replication-control.ts";
import { KRAFT_VERSION_FEATURE, METADATA_VERSION_FEATURE } from "./supported-features.ts";

/** metadata.version levels that gate what the controller plans (Kafka's MetadataVersion). */
export const MV_3_7_IV0 = 15; // controller registration
export const MV_3_7_IV2 = 17; // directory assignment (log dirs in registrations)

export interface PlannedError {
  readonly errorCode: number;
  /** Kafka's exception message (the response has no message field for most of these APIs). */
  readonly message: string;
  /** A registration refused for a finalized feature level: the feature and the highest level the broker supports. */
  readonly unsupportedFeature?: { readonly name: string; readonly maxSupported: number };
}

export interface LifecyclePlan<R> {
  readonly records: MetadataRecordOut[];
  readonly response: R;
  readonly error: PlannedError | null;
}

export interface ClusterControlEnv extends ReplicationEnv {
  readonly clusterId: string;
  /** kraft.version from the raft layer (QuorumController adds it to the finalized features checked). */
  readonly kraftVersion: number;
  /** Whether previousBrokerEpoch tells a clean from an unclean shutdown (Kafka: always on in KRaft). */
  readonly cleanShutdownDetection: boolean;
  /**
   * The broker id this controller's own process also serves (process.roles=broker,controller), or -1.
   * A new incarnation of that broker can only come from a new process of this same node, so the old
   * incarnation is gone and its session is not waited out (Kafka waits broker.session.timeout.ms here:
   * 9 s and more after a kill -9 of a combined node that leads the quorum again at once).
   */
  readonly colocatedBrokerId?: number;
}

const fail = <R>(response: R, errorCode: number, message: string, unsupportedFeature?: PlannedError["unsupportedFeature"]): LifecyclePlan<R> => ({
  records: [],
  response,
  error: unsupportedFeature ? { errorCode, message, unsupportedFeature } : { errorCode, message },
});

export interface BrokerRegistrationResult {
  errorCode: number;
  brokerEpoch: bigint;
}

/**
 * ClusterControlManager.registerBroker. `nextWriteOffset` is the offset the first planned record will
 * get (the new broker epoch, as QuorumController passes offsetControl.nextWriteOffset()).
 */
export function planBrokerRegistration(
  image: MetadataImage,
  hb: BrokerHeartbeatManager,
  env: ClusterControlEnv,
  req: BrokerRegistrationRequest,
  nextWriteOffset: bigint,
): LifecyclePlan<BrokerRegistrationResult> {
  const refused = (code: number, message: string, feature?: PlannedError["unsupportedFeature"]) => fail({ errorCode: code, brokerEpoch: -1n }, code, message, feature);
  if (req.clusterId !== env.clusterId) return refused(ErrorCode.INCONSISTENT_CLUSTER_ID, `Expected cluster ID ${env.clusterId}, but got cluster ID ${req.clusterId}`);
  const brokerId = req.brokerId;
  const existing = image.brokers.get(brokerId);
  const prevIncarnation = existing?.incarnationId ?? null;
  const storedEpoch = existing?.brokerEpoch ?? -2n;
  const restartedHere = brokerId === (env.colocatedBrokerId ?? -1);
  if (existing && !restartedHere && hb.hasValidSession(brokerId, existing.brokerEpoch) && req.incarnationId !== prevIncarnation) {
    return refused(
      ErrorCode.DUPLICATE_BROKER_REGISTRATION,
      "Another broker is registered with that broker id. If the broker was recently restarted this should self-resolve once the heartbeat manager expires the broker's session.",
    );
  }
  if (req.isMigratingZkBroker) return refused(ErrorCode.BROKER_ID_NOT_REGISTERED, "Controller does not support registering ZK brokers.");
  const mv = image.features.get(METADATA_VERSION_FEATURE) ?? 0;
  const directories = mv >= MV_3_7_IV2;
  if (directories) {
    if (req.logDirs.length === 0) return refused(ErrorCode.INVALID_REGISTRATION, "No directories specified in request");
    if (req.logDirs.some(reservedDirectoryId)) return refused(ErrorCode.INVALID_REGISTRATION, "Reserved directory ID in request");
    if (new Set(req.logDirs).size !== req.logDirs.length) return refused(ErrorCode.INVALID_REGISTRATION, "Duplicate directory ID in request");
    for (const dir of req.logDirs) {
      for (const other of image.brokers.values()) {
        if (other.nodeId !== brokerId && (other.logDirs ?? []).includes(dir)) {
          return refused(ErrorCode.INVALID_REGISTRATION, `Broker ${other.nodeId} is already registered with directory ${dir}`);
        }
      }
    }
  }
  // Feature ranges against the finalized levels (kraft.version from the raft layer).
  const finalized = new Map(image.features);
  finalized.set(KRAFT_VERSION_FEATURE, env.kraftVersion);
  const unverified = new Map(finalized);
  for (const f of req.features) {
    const error = featureError(finalized, f.name, f.minSupportedVersion, f.maxSupportedVersion);
    if (error) return refused(ErrorCode.UNSUPPORTED_VERSION, error, { name: f.name, maxSupported: f.maxSupportedVersion });
    unverified.delete(f.name);
  }
  if (!req.features.some((f) => f.name === METADATA_VERSION_FEATURE)) return refused(ErrorCode.INVALID_REGISTRATION, "Request features do not contain 'metadata.version'");
  for (const [name, level] of unverified) {
    if (level === 0) continue;
    const error = featureError(finalized, name, 0, 0);
    if (error) return refused(ErrorCode.UNSUPPORTED_VERSION, error, { name, maxSupported: 0 });
  }

  const records: MetadataRecordOut[] = [];
  const newIncarnation = req.incarnationId !== prevIncarnation;
  let fenced = true;
  let inControlledShutdown = false;
  let brokerEpoch = nextWriteOffset;
  if (newIncarnation) {
    const cleanShutdown = env.cleanShutdownDetection && storedEpoch === req.previousBrokerEpoch;
    if (existing) handleBrokerShutdown(image, env, brokerId, cleanShutdown, records);
  } else {
    fenced = existing!.fenced;
    inControlledShutdown = existing!.inControlledShutdown;
    brokerEpoch = existing!.brokerEpoch;
  }
  records.push(
    metadataRecord(RecordType.REGISTER_BROKER, {
      brokerId,
      isMigratingZkBroker: false,
      incarnationId: req.incarnationId,
      brokerEpoch,
      endPoints: req.listeners.map((l) => ({ name: l.name, host: l.host, port: l.port, securityProtocol: l.securityProtocol })),
      features: req.features.map((f) => ({ name: f.name, minSupportedVersion: f.minSupportedVersion, maxSupportedVersion: f.maxSupportedVersion })),
      rack: req.rack,
      fenced,
      inControlledShutdown,
      logDirs: directories ? [...req.logDirs] : [],
      cordonedLogDirs: null,
    }),
  );
  if (newIncarnation) hb.remove(brokerId);
  hb.register(brokerId, fenced);
  return { records, response: { errorCode: ErrorCode.NONE, brokerEpoch }, error: null };
}

/** DirectoryId.reserved: UNASSIGNED, LOST and MIGRATING (Uuid 0, 1 and 2). */
function reservedDirectoryId(id: string): boolean {
  return id === ZERO_UUID || id === "AAAAAAAAAAAAAAAAAAAAAQ" || id === "AAAAAAAAAAAAAAAAAAAAAg";
}

/** processRegistrationFeature: the finalized level (metadata.version defaults to 1, others to 0) must be in range. */
function featureError(finalized: ReadonlyMap<string, number>, name: string, min: number, max: number): string | null {
  const level = finalized.get(name) ?? (name === METADATA_VERSION_FEATURE ? 1 : 0);
  if (level >= min && level <= max) return null;
  return `Unable to register because the broker does not support finalized version ${level} of ${name}. The broker wants a version between ${min} and ${max}, inclusive.`;
}

export interface BrokerHeartbeatResult {
  errorCode: number;
  isCaughtUp: boolean;
  isFenced: boolean;
  shouldShutDown: boolean;
}

export interface BrokerHeartbeatPlan extends LifecyclePlan<BrokerHeartbeatResult> {
  /**
   * The broker is (now) in controlled shutdown: once the records are written, call
   * hb.maybeUpdateControlledShutdownOffset(brokerId, <offset of the batch's last record, or the last
   * written offset when there are no records>), as QuorumController's processBatchEndOffset does.
   */
  readonly inControlledShutdown: boolean;
}

/** checkBrokerEpoch's STALE_BROKER_EPOCH, or null. */
export function brokerEpochError(image: MetadataImage, brokerId: number, brokerEpoch: bigint): PlannedError | null {
  const b = image.brokers.get(brokerId);
  if (!b) return { errorCode: ErrorCode.STALE_BROKER_EPOCH, message: `No broker registration found for broker id ${brokerId}` };
  if (b.brokerEpoch !== brokerEpoch) return { errorCode: ErrorCode.STALE_BROKER_EPOCH, message: `Expected broker epoch ${b.brokerEpoch}, but got broker epoch ${brokerEpoch}` };
  return null;
}

/**
 * QuorumController.processBrokerHeartbeat + ReplicationControlManager.processBrokerHeartbeat. The
 * caller has already passed the heartbeat to hb.trackHeartbeat (Kafka does so before queueing it).
 */
export function planBrokerHeartbeat(image: MetadataImage, hb: BrokerHeartbeatManager, env: ReplicationEnv, req: BrokerHeartbeatRequest): BrokerHeartbeatPlan {
  const refused = (e: PlannedError): BrokerHeartbeatPlan => ({
    records: [],
    response: { errorCode: e.errorCode, isCaughtUp: false, isFenced: true, shouldShutDown: false },
    error: e,
    inControlledShutdown: false,
  });
  const brokerId = req.brokerId;
  const b = image.brokers.get(brokerId);
  if (!b) return refused({ errorCode: ErrorCode.STALE_BROKER_EPOCH, message: `Receive a heartbeat from broker ${brokerId} before registration` });
  const epochError = brokerEpochError(image, brokerId, req.brokerEpoch);
  if (epochError) return refused(epochError);
  const registerOffset = b.registrationOffset ?? -1n;
  const states = hb.calculateNextBrokerState(brokerId, req, registerOffset, () => hasLeaderships(image, brokerId));
  const records: MetadataRecordOut[] = [];
  if (states.current !== states.next) {
    switch (states.next) {
      case "FENCED":
      case "SHUTDOWN_NOW":
        handleBrokerFenced(image, env, brokerId, records);
        break;
      case "UNFENCED":
        handleBrokerUnfenced(image, env, brokerId, req.brokerEpoch, records);
        break;
      case "CONTROLLED_SHUTDOWN":
        handleBrokerInControlledShutdown(image, env, brokerId, req.brokerEpoch, records);
        break;
    }
  }
  hb.touch(brokerId, controlStateFenced(states.next), req.currentMetadataOffset);
  if ((image.features.get(METADATA_VERSION_FEATURE) ?? 0) >= MV_3_7_IV2) handleDirectoriesOffline(image, env, brokerId, req.brokerEpoch, req.offlineLogDirs, records);
  return {
    records,
    response: {
      errorCode: ErrorCode.NONE,
      isCaughtUp: req.currentMetadataOffset >= registerOffset,
      isFenced: controlStateFenced(states.next),
      shouldShutDown: states.next === "SHUTDOWN_NOW",
    },
    error: null,
    inControlledShutdown: states.next === "CONTROLLED_SHUTDOWN",
  };
}

/** ReplicationControlManager.unregisterBroker (UnregisterBroker, key 64). */
export function planUnregisterBroker(image: MetadataImage, hb: BrokerHeartbeatManager, env: ReplicationEnv, brokerId: number): LifecyclePlan<{ errorCode: number }> {
  const b = image.brokers.get(brokerId);
  if (!b) return fail({ errorCode: ErrorCode.BROKER_ID_NOT_REGISTERED }, ErrorCode.BROKER_ID_NOT_REGISTERED, `Broker ID ${brokerId} is not currently registered`);
  const records: MetadataRecordOut[] = [];
  handleBrokerUnregistered(image, env, brokerId, b.brokerEpoch, records);
  // Kafka's replay of UnregisterBrokerRecord drops the session; done here since nothing else will.
  hb.remove(brokerId);
  return { records, response: { errorCode: ErrorCode.NONE }, error: null };
}

/** ClusterControlManager.registerController (ControllerRegistration, key 70). */
export function planControllerRegistration(image: MetadataImage, req: ControllerRegistrationRequest): LifecyclePlan<{ errorCode: number; errorMessage: string | null }> {
  if ((image.features.get(METADATA_VERSION_FEATURE) ?? 0) < MV_3_7_IV0) {
    const message = "The current MetadataVersion is too old to support controller registrations.";
    return fail({ errorCode: ErrorCode.UNSUPPORTED_VERSION, errorMessage: message }, ErrorCode.UNSUPPORTED_VERSION, message);
  }
  const record = metadataRecord(RecordType.REGISTER_CONTROLLER, {
    controllerId: req.controllerId,
    incarnationId: req.incarnationId,
    zkMigrationReady: false,
    endPoints: req.listeners.map((l) => ({ name: l.name, host: l.host, port: l.port, securityProtocol: l.securityProtocol })),
    features: req.features.map((f) => ({ name: f.name, minSupportedVersion: f.minSupportedVersion, maxSupportedVersion: f.maxSupportedVersion })),
  });
  return { records: [record], response: { errorCode: ErrorCode.NONE, errorMessage: null }, error: null };
}

/**
 * ReplicationControlManager.maybeFenceOneStaleBroker: fences at most one broker whose session expired
 * (each fencing is applied before the next is planned). `fenced` is null when nothing was expired;
 * call again until it is, and at hb.nextCheckTimeMs().
 */
export function planFenceStaleBroker(image: MetadataImage, hb: BrokerHeartbeatManager, env: ReplicationEnv): { records: MetadataRecordOut[]; fenced: number | null; expired: boolean } {
  const expired = hb.maybeRemoveExpired();
  if (!expired) return { records: [], fenced: null, expired: false };
  const b = image.brokers.get(expired.id);
  if (!b) {
    hb.remove(expired.id);
    return { records: [], fenced: null, expired: true };
  }
  // An entry of a previous incarnation: dropped, nothing to fence.
  if (b.brokerEpoch !== expired.epoch) return { records: [], fenced: null, expired: true };
  const records: MetadataRecordOut[] = [];
  handleBrokerFenced(image, env, expired.id, records);
  hb.fence(expired.id);
  return { records, fenced: expired.id, expired: true };
}
