// Runs an AlterConfigs / IncrementalAlterConfigs request: request-level checks (unknown resource
// types, a resource named twice), per-resource validation (config-alter.ts), then one call to the metadata
// layer for the resources that passed. Results keep the request's order.

import { ErrorCode } from "../protocol/errors.ts";
import type { ConfigResourceType, MetadataLayer } from "./layer.ts";
import { applyChanges, validateBrokerAlter, validateClientMetricsAlter, validateGroupAlter, validateLoggerAlter, validateTopicAlter, RESOURCE_TYPE_BY_ID, type AlterError, type RawAlterableConfig, type RequestedChange } from "./config-alter.ts";
import type { LogLevels, Log4jLevel } from "../util/log-levels.ts";
import type { Logger } from "../util/log.ts";
import type { BrokerValueOf } from "../config/group-config.ts";
import { brokerDef } from "../config/broker-keys.ts";

export interface AlterResourceIn {
  readonly resourceType: number;
  readonly resourceName: string;
  /** null when the request named an operation id Kafka does not define. */
  readonly changes: ReadonlyArray<RequestedChange | null>;
  /** IncrementalAlterConfigs: the entries as sent (BROKER_LOGGER errors name unknown operation ids). */
  readonly raw?: readonly RawAlterableConfig[];
}

export interface AlterResourceOut {
  resourceType: number;
  resourceName: string;
  errorCode: number;
  errorMessage: string | null;
}

export interface AlterHost {
  readonly nodeId: number;
  readonly metadata?: MetadataLayer;
  /** The broker keys group configs default to and are bounded by; absent: Kafka's defaults. */
  readonly brokerValue?: BrokerValueOf;
  /** The broker's log levels (BROKER_LOGGER resources); absent: only root exists and nothing changes. */
  readonly logLevels?: LogLevels;
  /** Where a log level change is reported (Kafka: ConfigAdminManager's WARN line). */
  readonly configLog?: Logger;
  /**
   * Kafka's DynamicBrokerConfig.validate for a BROKER resource on the broker it names (the SSL stores'
   * reload check): null when the change may be written, else the INVALID_REQUEST message. `next` is the
   * resource's dynamic configs after the change.
   */
  readonly validateBrokerDynamic?: (resourceName: string, next: ReadonlyMap<string, string>, changedKeys: readonly string[]) => string | null;
}

export async function runAlterConfigs(host: AlterHost, resources: readonly AlterResourceIn[], opts: { validateOnly: boolean; incremental: boolean }): Promise<AlterResourceOut[]> {
  const out: AlterResourceOut[] = resources.map((r) => ({ resourceType: r.resourceType, resourceName: r.resourceName, errorCode: 0, errorMessage: null }));
  const fail = (i: number, e: AlterError) => {
    out[i]!.errorCode = e.errorCode;
    out[i]!.errorMessage = e.errorMessage;
  };
  const counts = new Map<string, number>();
  for (const r of resources) counts.set(`${r.resourceType}:${r.resourceName}`, (counts.get(`${r.resourceType}:${r.resourceName}`) ?? 0) + 1);
  const image = host.metadata?.image;
  const toApply: Array<{ index: number; resourceType: ConfigResourceType; resourceName: string; changes: RequestedChange[] }> = [];
  resources.forEach((r, i) => {
    const type = RESOURCE_TYPE_BY_ID.get(r.resourceType);
    // Legacy AlterConfigs has no BROKER_LOGGER: Kafka 4.4.0 answers it as an unknown type.
    if (!type || (type === "broker-logger" && !opts.incremental)) return fail(i, { errorCode: ErrorCode.INVALID_REQUEST, errorMessage: `Unknown resource type ${r.resourceType}` });
    if (counts.get(`${r.resourceType}:${r.resourceName}`)! > 1) return fail(i, { errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Each resource must appear at most once." });
    if (type === "broker-logger") {
      // Checked and applied here, in memory (Kafka's RuntimeLoggerManager, run before anything reaches
      // the controller); nothing goes to the metadata log, so a restart starts from STRAND_LOG_LEVEL.
      const raw = r.raw ?? r.changes.map((c) => ({ name: c?.name ?? "", value: c?.value ?? null, configOperation: c ? OP_ID[c.op] : -1 }));
      const levels = host.logLevels;
      const e = validateLoggerAlter(r.resourceName, raw, host.nodeId, (name) => levels?.exists(name) ?? name === "root");
      if (e) return fail(i, e);
      if (!opts.validateOnly && levels) applyLogLevels(levels, raw, host.configLog);
      return;
    }
    // An operation id outside 0-3: Kafka fails the resource with UNKNOWN_SERVER_ERROR and no message.
    if (r.changes.some((c) => c === null)) return fail(i, { errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: null });
    let changes = r.changes as RequestedChange[];
    let e: AlterError | null;
    if (type === "client-metrics") {
      // Validated and normalized here; what is written is the normalized set (Kafka's stored form).
      const v = validateClientMetricsAlter(r.resourceName, changes, opts.incremental, image?.configs.get(`client-metrics:${r.resourceName}`) ?? new Map());
      if ("errorCode" in v) return fail(i, v);
      changes = v.changes;
      e = null;
    } else if (type === "topic") {
      e = validateTopicAlter(r.resourceName, changes, opts.incremental, { exists: image?.topicsByName.has(r.resourceName) === true, current: image?.configs.get(`topic:${r.resourceName}`) ?? new Map() });
    } else if (type === "group") {
      e = validateGroupAlter(r.resourceName, changes, opts.incremental, host.brokerValue ?? (() => undefined));
    } else {
      const current = image?.configs.get(`broker:${r.resourceName}`) ?? new Map<string, string>();
      e = validateBrokerAlter(r.resourceName, changes, opts.incremental, { nodeId: host.nodeId, current });
      if (!e && host.validateBrokerDynamic) {
        const next = applyChanges(current, changes, opts.incremental, (n) => brokerDef(n)?.default ?? null);
        const why = host.validateBrokerDynamic(r.resourceName, next, changes.map((c) => c.name));
        if (why !== null) e = { errorCode: ErrorCode.INVALID_REQUEST, errorMessage: why };
      }
    }
    if (e) return fail(i, e);
    toApply.push({ index: i, resourceType: type, resourceName: r.resourceName, changes });
  });
  if (toApply.length === 0) return out;
  if (!host.metadata) {
    for (const a of toApply) fail(a.index, { errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: "the metadata layer is not running" });
    return out;
  }
  const results = await host.metadata.alterConfigs(
    toApply.map((a) => ({ resourceType: a.resourceType, resourceName: a.resourceName, changes: a.changes.map((c) => ({ resourceType: a.resourceType, resourceName: a.resourceName, name: c.name, value: c.value, op: c.op })) })),
    opts,
  );
  results.forEach((res, k) => {
    const a = toApply[k]!;
    if (res.errorCode !== 0) fail(a.index, { errorCode: res.errorCode, errorMessage: res.errorMessage });
  });
  return out;
}

const OP_ID = { set: 0, delete: 1, append: 2, subtract: 3 } as const;

/** Validated BROKER_LOGGER changes, applied in order, each reported at WARN as Kafka reports it. */
function applyLogLevels(levels: LogLevels, configs: readonly RawAlterableConfig[], log: Logger | undefined): void {
  for (const c of configs) {
    if (c.configOperation === 0) {
      if (levels.set(c.name, c.value as Log4jLevel)) log?.warn(`Updated the log level of ${c.name} to ${c.value}`);
      else log?.error(`Failed to update the log level of ${c.name} to ${c.value}`);
    } else if (levels.unset(c.name)) log?.warn(`Unset the log level of ${c.name}`);
    else log?.error(`Failed to unset the log level of ${c.name}`);
  }
}
