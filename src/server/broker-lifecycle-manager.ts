// The broker side of KRaft broker lifecycle, as Kafka 4.4.0's BrokerLifecycleManager (read from its
// classes): register with the active controller, then heartbeat every broker.heartbeat.interval.ms
// with the highest metadata offset reached, and follow the controller's answers through Kafka's
// BrokerState names:
//
//   STARTING      registered (or registering); heartbeats until the controller says isCaughtUp
//                 (the next one 10 ms later, as Kafka, so a broker with nothing to recover starts fast)
//   RECOVERY      caught up; wantFence until setReadyToUnfence(), then until the controller unfences
//   RUNNING       unfenced
//   PENDING_CONTROLLED_SHUTDOWN  wantShutDown until shouldShutDown (the first follow-up after 50 ms),
//                 bounded by controlledShutdownTimeoutMs
//   SHUTTING_DOWN nothing more is sent
//
// One request at a time; a failure (an error code, a lost connection, a timeout) waits
// ExponentialBackoff(100 ms, x2, up to broker.session.timeout.ms, 2% jitter) before the next try, and
// NOT_CONTROLLER (or a connection failure) also asks the channel to look for the active controller.
// Each start uses a new incarnation id: the controller sees a new incarnation and a new broker epoch.
// No registration within initial.broker.registration.timeout.ms ends the manager (onFatal), as Kafka
// shuts the broker down. Time and randomness are injected (FakeClock in tests).

import { ErrorCode, errorByCode } from "../protocol/errors.ts";
import type { BrokerHeartbeatResponse } from "../protocol/generated/messages/broker-heartbeat-response.ts";
import type { BrokerRegistrationResponse } from "../protocol/generated/messages/broker-registration-response.ts";
import { ExponentialBackoff } from "../network/exponential-backoff.ts";
import { DisconnectException, TimeoutException } from "../network/network-errors.ts";
import type { TimerClock, WakeupHandle } from "../util/purgatory/clock.ts";
import type { Logger } from "../util/log.ts";
import type { ControllerChannel } from "./controller-channel.ts";

export const API_BROKER_REGISTRATION = 62;
export const API_BROKER_HEARTBEAT = 63;

export type BrokerState = "NOT_RUNNING" | "STARTING" | "RECOVERY" | "RUNNING" | "PENDING_CONTROLLED_SHUTDOWN" | "SHUTTING_DOWN";

export interface BrokerLifecycleOptions {
  nodeId: number;
  clusterId: string;
  /** A new random Uuid per process run (Kafka: Uuid.randomUuid() in the constructor). */
  incarnationId: string;
  listeners: ReadonlyArray<{ name: string; host: string; port: number; securityProtocol: number }>;
  features: ReadonlyArray<{ name: string; minSupportedVersion: number; maxSupportedVersion: number }>;
  rack: string | null;
  /** Log directory ids (sorted before sending, as Kafka does). */
  logDirs: readonly string[];
  /** The epoch of the previous clean shutdown (from the log dirs), -1 if unknown. */
  previousBrokerEpoch: bigint;
  /** broker.heartbeat.interval.ms */
  heartbeatIntervalMs: number;
  /** broker.session.timeout.ms: the cap of the retry back-off. */
  sessionTimeoutMs: number;
  /** initial.broker.registration.timeout.ms */
  initialRegistrationTimeoutMs: number;
  /** How long beginControlledShutdown waits for shouldShutDown before giving up. */
  controlledShutdownTimeoutMs: number;
  /** Per-request timeout passed to the channel. */
  requestTimeoutMs?: number;
  /** The highest metadata offset this broker has applied. */
  highestMetadataOffset: () => bigint;
  channel: ControllerChannel;
  clock: TimerClock;
  random?: () => number;
  logger?: Logger;
  /** The manager gave up (no registration in time): the broker should shut down. */
  onFatal?: (reason: string) => void;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  /** Rejects the promise (the manager failed before it got there); a no-op once settled. */
  fail: (e: Error) => void;
  done: boolean;
}

function deferred(): Deferred {
  const p = Promise.withResolvers<void>();
  // Nobody may be waiting when it fails (a broker that never got that far): not an unhandled rejection.
  p.promise.catch(() => {});
  const d: Deferred = {
    promise: p.promise,
    resolve: () => {
      if (!d.done) p.resolve();
      d.done = true;
    },
    fail: (e) => {
      if (!d.done) p.reject(e);
      d.done = true;
    },
    done: false,
  };
  return d;
}

export class BrokerLifecycleManager {
  private _state: BrokerState = "NOT_RUNNING";
  private _brokerEpoch = -1n;
  private registered = false;
  private readyToUnfence = false;
  private inFlight = false;
  private nextShouldBeImmediate = false;
  private failedAttempts = 0;
  private gotControlledShutdownResponse = false;
  private initialRegistrationSucceeded = false;
  private timer: WakeupHandle | null = null;
  private registrationTimer: WakeupHandle | null = null;
  private shutdownTimer: WakeupHandle | null = null;
  private readonly backoff: ExponentialBackoff;
  private readonly random: () => number;
  readonly initialCatchUp = deferred();
  readonly initialUnfence = deferred();
  private readonly controlledShutdown = deferred();
  /** The last answer, for tests and logs. */
  lastHeartbeatResponse: BrokerHeartbeatResponse | null = null;
  lastErrorCode = 0;

  constructor(private readonly opts: BrokerLifecycleOptions) {
    if (!(opts.heartbeatIntervalMs > 0) || !(opts.sessionTimeoutMs > 0)) throw new RangeError("heartbeat interval and session timeout must be positive");
    this.backoff = new ExponentialBackoff({ initialMs: 100, multiplier: 2, maxMs: opts.sessionTimeoutMs, jitter: 0.02 });
    this.random = opts.random ?? Math.random;
  }

  get state(): BrokerState {
    return this._state;
  }

  get brokerEpoch(): bigint {
    return this._brokerEpoch;
  }

  get incarnationId(): string {
    return this.opts.incarnationId;
  }

  /** Kafka's StartupEvent: STARTING, the initial registration deadline, and the first registration. */
  start(): void {
    if (this._state !== "NOT_RUNNING") throw new Error(`BrokerLifecycleManager already started (${this._state})`);
    this._state = "STARTING";
    this.registrationTimer = this.opts.clock.schedule(() => {
      if (!this.initialRegistrationSucceeded) this.fatal("Shutting down because we were unable to register with the controller quorum.");
    }, this.opts.initialRegistrationTimeoutMs);
    this.log("info", `Incarnation ${this.opts.incarnationId} of broker ${this.opts.nodeId} in cluster ${this.opts.clusterId} is now STARTING.`);
    this.communicate();
  }

  /** The broker has loaded what it needs: ask the controller to unfence it. */
  setReadyToUnfence(): Promise<void> {
    this.readyToUnfence = true;
    this.scheduleNext(0);
    return this.initialUnfence.promise;
  }

  /** Kafka's resendBrokerRegistration: the metadata shows our registration lost or changed. */
  resendBrokerRegistration(): void {
    this.registered = false;
    this.scheduleNext(0);
  }

  /**
   * Controlled shutdown: wantShutDown until the controller answers shouldShutDown, or the timeout.
   * Resolves either way (true: the controller let us go); the manager is then SHUTTING_DOWN.
   */
  async beginControlledShutdown(): Promise<boolean> {
    if (this._state === "RUNNING") {
      this.log("info", "Beginning controlled shutdown.");
      this._state = "PENDING_CONTROLLED_SHUTDOWN";
      this.shutdownTimer = this.opts.clock.schedule(() => {
        this.log("warn", `Controlled shutdown did not complete within ${this.opts.controlledShutdownTimeoutMs} ms; shutting down anyway.`);
        this.beginShutdown();
      }, this.opts.controlledShutdownTimeoutMs);
      this.scheduleNext(0);
      await this.controlledShutdown.promise;
      return this.gotShouldShutDown;
    }
    if (this._state !== "PENDING_CONTROLLED_SHUTDOWN") {
      this.log("info", `Skipping controlled shutdown because we are in state ${this._state}.`);
      this.beginShutdown();
      return false;
    }
    await this.controlledShutdown.promise;
    return this.gotShouldShutDown;
  }

  private gotShouldShutDown = false;

  /** Stops everything: no further request is sent. */
  beginShutdown(): void {
    this._state = "SHUTTING_DOWN";
    for (const t of [this.timer, this.registrationTimer, this.shutdownTimer]) t?.cancel();
    this.timer = this.registrationTimer = this.shutdownTimer = null;
    this.controlledShutdown.resolve();
  }

  close(): void {
    this.beginShutdown();
  }

  private fatal(reason: string): void {
    this.log("error", reason);
    // A start-up waiting for registration or unfencing fails with the reason (Kafka's broker exits).
    const e = new Error(reason);
    this.initialCatchUp.fail(e);
    this.initialUnfence.fail(e);
    this.beginShutdown();
    this.opts.onFatal?.(reason);
  }

  private scheduleNext(delayMs: number): void {
    if (this._state === "SHUTTING_DOWN" || this._state === "NOT_RUNNING") return;
    const ms = this.nextShouldBeImmediate ? 0 : delayMs;
    this.nextShouldBeImmediate = false;
    this.timer?.cancel();
    this.timer = this.opts.clock.schedule(() => {
      this.timer = null;
      this.communicate();
    }, Math.max(0, Math.ceil(ms)));
  }

  private afterSuccess(): void {
    this.scheduleNext(this.opts.heartbeatIntervalMs);
  }

  private afterFailure(): void {
    const ms = this.backoff.backoffMs(this.failedAttempts, this.random);
    this.failedAttempts++;
    this.nextShouldBeImmediate = false; // never immediately after a failure
    this.scheduleNext(ms);
  }

  /** Kafka's CommunicationEvent. */
  private communicate(): void {
    if (this._state === "SHUTTING_DOWN") return;
    if (this.inFlight) {
      this.nextShouldBeImmediate = true;
      return;
    }
    if (this.registered) this.sendHeartbeat();
    else this.sendRegistration();
  }

  private sendRegistration(): void {
    const o = this.opts;
    const body = {
      brokerId: o.nodeId,
      clusterId: o.clusterId,
      incarnationId: o.incarnationId,
      listeners: o.listeners.map((l) => ({ ...l })),
      features: o.features.map((f) => ({ ...f })),
      rack: o.rack,
      isMigratingZkBroker: false,
      logDirs: [...o.logDirs].sort(compareUuid),
      previousBrokerEpoch: o.previousBrokerEpoch,
    };
    this.inFlight = true;
    this.opts.channel.send<BrokerRegistrationResponse>(API_BROKER_REGISTRATION, body, this.sendOpts()).then(
      (r) => {
        this.inFlight = false;
        if (this._state === "SHUTTING_DOWN") return;
        const code = r.body.errorCode;
        this.lastErrorCode = code;
        if (code === ErrorCode.NONE) {
          this.failedAttempts = 0;
          this._brokerEpoch = r.body.brokerEpoch;
          this.registered = true;
          this.initialRegistrationSucceeded = true;
          this.log("info", `Successfully registered broker ${o.nodeId} with broker epoch ${this._brokerEpoch}`);
          this.scheduleNext(0); // a heartbeat at once
        } else {
          this.log("info", `Unable to register broker ${o.nodeId} because the controller returned error ${errorName(code)}`);
          if (code === ErrorCode.NOT_CONTROLLER) this.opts.channel.controllerMoved();
          this.afterFailure();
        }
      },
      (e: unknown) => this.sendFailed("register the broker", e),
    );
  }

  private sendHeartbeat(): void {
    const body = {
      brokerId: this.opts.nodeId,
      brokerEpoch: this._brokerEpoch,
      currentMetadataOffset: this.opts.highestMetadataOffset(),
      wantFence: !this.readyToUnfence,
      wantShutDown: this._state === "PENDING_CONTROLLED_SHUTDOWN",
      offlineLogDirs: [],
    };
    this.inFlight = true;
    this.opts.channel.send<BrokerHeartbeatResponse>(API_BROKER_HEARTBEAT, body, this.sendOpts()).then(
      (r) => {
        this.inFlight = false;
        this.onHeartbeatResponse(r.body);
      },
      (e: unknown) => this.sendFailed("send a heartbeat", e),
    );
  }

  private sendOpts(): { timeoutMs?: number } {
    return this.opts.requestTimeoutMs !== undefined ? { timeoutMs: this.opts.requestTimeoutMs } : {};
  }

  private sendFailed(what: string, e: unknown): void {
    this.inFlight = false;
    if (this._state === "SHUTTING_DOWN") return;
    this.log("warn", `Unable to ${what} for broker ${this.opts.nodeId}: ${e instanceof Error ? e.message : String(e)}`);
    if (e instanceof DisconnectException || e instanceof TimeoutException) this.opts.channel.controllerMoved();
    this.afterFailure();
  }

  private onHeartbeatResponse(r: BrokerHeartbeatResponse): void {
    if (this._state === "SHUTTING_DOWN") return;
    this.lastHeartbeatResponse = r;
    this.lastErrorCode = r.errorCode;
    if (r.errorCode !== ErrorCode.NONE) {
      this.log("warn", `Broker ${this.opts.nodeId} sent a heartbeat request but received error ${errorName(r.errorCode)}.`);
      if (r.errorCode === ErrorCode.NOT_CONTROLLER) this.opts.channel.controllerMoved();
      this.afterFailure();
      return;
    }
    this.failedAttempts = 0;
    switch (this._state) {
      case "STARTING":
        if (r.isCaughtUp) {
          this.log("info", "The broker has caught up. Transitioning from STARTING to RECOVERY.");
          this._state = "RECOVERY";
          this.initialCatchUp.resolve();
        }
        this.scheduleNext(10);
        return;
      case "RECOVERY":
        if (!r.isFenced) {
          this.log("info", "The broker has been unfenced. Transitioning from RECOVERY to RUNNING.");
          this._state = "RUNNING";
          this.initialUnfence.resolve();
        }
        this.afterSuccess();
        return;
      case "RUNNING":
        this.afterSuccess();
        return;
      case "PENDING_CONTROLLED_SHUTDOWN":
        if (r.shouldShutDown) {
          this.log("info", "The controller has asked us to exit controlled shutdown.");
          this.gotShouldShutDown = true;
          this.beginShutdown();
          return;
        }
        this.log("info", "The broker is in PENDING_CONTROLLED_SHUTDOWN state, still waiting for the active controller.");
        if (!this.gotControlledShutdownResponse) this.scheduleNext(50);
        else this.afterSuccess();
        this.gotControlledShutdownResponse = true;
        return;
      default:
        this.afterSuccess();
    }
  }

  private log(level: "debug" | "info" | "warn" | "error", msg: string): void {
    this.opts.logger?.[level](msg, { component: "broker-lifecycle", nodeId: this.opts.nodeId });
  }
}

function errorName(code: number): string {
  return errorByCode(code)?.name ?? String(code);
}

/** Kafka's Uuid.compareTo: most significant 64 bits, then least, as signed longs. */
function compareUuid(a: string, b: string): number {
  const x = Buffer.from(a, "base64url");
  const y = Buffer.from(b, "base64url");
  if (x.length !== 16 || y.length !== 16) return a < b ? -1 : a > b ? 1 : 0;
  for (const off of [0, 8]) {
    const p = x.readBigInt64BE(off);
    const q = y.readBigInt64BE(off);
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}
