// Validation of AlterConfigs / IncrementalAlterConfigs resources, with Kafka 4.4.0's error codes and
// messages (compared against a running Kafka 4.4.0). The handler validates here, then hands the
// surviving resources to the metadata layer, which writes the ConfigRecords.
//
// Topic: the name must be legal (INVALID_TOPIC_EXCEPTION) and exist (UNKNOWN_TOPIC_OR_PARTITION); the
// overrides that result from the changes must all be valid (INVALID_CONFIG). Broker: the name is this
// broker's id or "" (INVALID_REQUEST otherwise); read-only keys, per-broker keys at the cluster level
// and bad values are INVALID_REQUEST; keys Kafka does not know are stored, as Kafka stores them.
// Broker logger: Kafka's RuntimeLoggerManager checks (validateLoggerAlter); applied by the caller, in
// memory, never written to the metadata log.
// In metadata/ because it checks requests against the image (Kafka: the controller's
// ConfigurationControlManager); the key definitions it reads are config/'s.

import { ErrorCode } from "../protocol/errors.ts";
import { brokerDef } from "../config/broker-keys.ts";
import { checkValue, ConfigError } from "../config/def.ts";
import { validateTopicConfigs } from "../config/topic-config.ts";
import { TOPIC_DEFS_BY_NAME } from "../config/topic-defs.ts";
import type { ConfigOp, ConfigResourceType } from "./layer.ts";
import { topicNameError } from "./topic-names.ts";
import { LOG4J_LEVELS, ROOT_LOGGER } from "../util/log-levels.ts";
import { GROUP_CONFIG_BY_NAME, groupConfigValueError, type BrokerValueOf } from "../config/group-config.ts";
import { validateClientMetricsConfigs } from "../config/client-metrics-config.ts";

export interface RequestedChange {
  readonly name: string;
  readonly value: string | null;
  readonly op: ConfigOp;
}

export interface AlterError {
  readonly errorCode: number;
  readonly errorMessage: string | null;
}

/** Kafka's resource type ids (ConfigResource.Type). */
export const RESOURCE_TYPE_BY_ID: ReadonlyMap<number, ConfigResourceType> = new Map([
  [2, "topic"],
  [4, "broker"],
  [8, "broker-logger"],
  [16, "client-metrics"],
  [32, "group"],
]);

/** IncrementalAlterConfigs' operation ids. */
export const OP_BY_ID: ReadonlyMap<number, ConfigOp> = new Map([
  [0, "set"],
  [1, "delete"],
  [2, "append"],
  [3, "subtract"],
]);

/** Kafka's valid log levels sorted by name, as its error message lists them. */
export const LOG_LEVELS: readonly string[] = [...LOG4J_LEVELS].sort();

const err = (errorCode: number, errorMessage: string | null): AlterError => ({ errorCode, errorMessage });

function listParts(v: string | null | undefined): string[] {
  if (!v) return [];
  return v.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
}

/** The overrides after the changes, as the metadata layer will compute them (set, delete, append, subtract). */
export function applyChanges(
  current: ReadonlyMap<string, string>,
  changes: readonly RequestedChange[],
  incremental: boolean,
  defaultOf: (name: string) => string | null,
): Map<string, string> {
  const next = incremental ? new Map(current) : new Map<string, string>();
  for (const c of changes) {
    const op = incremental ? c.op : "set";
    if (op === "set") {
      if (c.value === null) next.delete(c.name);
      else next.set(c.name, c.value);
    } else if (op === "delete") next.delete(c.name);
    else if (op === "append") {
      const parts = listParts(next.get(c.name) ?? defaultOf(c.name));
      for (const v of listParts(c.value)) if (!parts.includes(v)) parts.push(v);
      next.set(c.name, parts.join(","));
    } else {
      const drop = new Set(listParts(c.value));
      next.set(c.name, listParts(next.get(c.name) ?? defaultOf(c.name)).filter((v) => !drop.has(v)).join(","));
    }
  }
  return next;
}

/** Checks common to every resource: duplicate keys and null values where a value is needed. */
export function checkChangeShape(changes: readonly RequestedChange[], incremental: boolean): AlterError | null {
  const seen = new Set<string>();
  for (const c of changes) {
    if (seen.has(c.name)) return err(ErrorCode.INVALID_REQUEST, "Error due to duplicate config keys");
    seen.add(c.name);
  }
  for (const c of changes) {
    const needsValue = !incremental || c.op !== "delete";
    if (needsValue && c.value === null) return err(ErrorCode.INVALID_REQUEST, `Null value not supported for : ${c.name}`);
  }
  return null;
}

export interface TopicAlterContext {
  readonly exists: boolean;
  readonly current: ReadonlyMap<string, string>;
}

export function validateTopicAlter(topic: string, changes: readonly RequestedChange[], incremental: boolean, ctx: TopicAlterContext): AlterError | null {
  const nameError = topicNameError(topic);
  if (nameError) return err(ErrorCode.INVALID_TOPIC_EXCEPTION, `Topic name is invalid: ${nameError}`);
  const shape = checkChangeShape(changes, incremental);
  if (shape) return shape;
  // Kafka names an unknown key before it looks the topic up.
  for (const c of changes) {
    if (incremental && c.op === "delete") continue;
    const def = TOPIC_DEFS_BY_NAME.get(c.name);
    if (!def) return err(ErrorCode.INVALID_CONFIG, `Unknown topic config name: ${c.name}`);
    if (incremental && (c.op === "append" || c.op === "subtract") && def.type !== "list") {
      return err(ErrorCode.INVALID_CONFIG, `Can't ${c.op.toUpperCase()} to key ${c.name} because its type is not LIST.`);
    }
  }
  if (!ctx.exists) return err(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `The topic '${topic}' does not exist.`);
  // Deleting a key that is not a topic config is allowed (there is nothing to delete).
  const next = applyChanges(ctx.current, changes, incremental, (n) => TOPIC_DEFS_BY_NAME.get(n)?.default ?? null);
  const r = validateTopicConfigs([...next].map(([name, value]) => ({ name, value })));
  return r.ok ? null : err(r.errorCode, r.message);
}

export interface BrokerAlterContext {
  readonly nodeId: number;
  readonly current: ReadonlyMap<string, string>;
}

export function validateBrokerAlter(resourceName: string, changes: readonly RequestedChange[], incremental: boolean, ctx: BrokerAlterContext): AlterError | null {
  const perBroker = resourceName !== "";
  if (perBroker) {
    if (!/^-?\d+$/.test(resourceName)) return err(ErrorCode.INVALID_REQUEST, `Broker id must be an integer, but it is: ${resourceName}`);
    // -1: the controller, which takes any broker's configs (the forwarding broker checked its own id).
    if (ctx.nodeId !== -1 && Number(resourceName) !== ctx.nodeId) return err(ErrorCode.INVALID_REQUEST, `Unexpected broker id, expected ${ctx.nodeId}, but received ${resourceName}`);
  }
  const shape = checkChangeShape(changes, incremental);
  if (shape) return shape;
  const readOnly = changes.filter((c) => brokerDef(c.name)?.scope === "read-only").map((c) => c.name);
  if (readOnly.length > 0) return err(ErrorCode.INVALID_REQUEST, `Cannot update these configs dynamically: [${readOnly.join(", ")}]`);
  if (!perBroker) {
    const onlyPerBroker = changes.filter((c) => brokerDef(c.name)?.scope === "per-broker").map((c) => c.name);
    if (onlyPerBroker.length > 0) return err(ErrorCode.INVALID_REQUEST, `Cannot update these configs at default cluster level, broker id must be specified: [${onlyPerBroker.join(", ")}]`);
  }
  for (const c of changes) {
    if (incremental && (c.op === "append" || c.op === "subtract") && brokerDef(c.name) && brokerDef(c.name)!.type !== "list") {
      return err(ErrorCode.INVALID_CONFIG, `Can't ${c.op.toUpperCase()} to key ${c.name} because its type is not LIST.`);
    }
  }
  const next = applyChanges(ctx.current, changes, incremental, (n) => brokerDef(n)?.default ?? null);
  for (const c of changes) {
    const def = brokerDef(c.name);
    const v = next.get(c.name);
    if (!def || v === undefined) continue;
    try {
      checkValue(def, v);
    } catch (e) {
      if (e instanceof ConfigError) return err(ErrorCode.INVALID_REQUEST, `Invalid value ${e.value} for configuration ${e.key}: ${e.allowed}`);
      throw e;
    }
  }
  return null;
}

/**
 * A GROUP resource (KIP-848 group configs, src/config/group-config.ts): not the default "" resource,
 * known keys only, values of the key's type and within the broker's range (INVALID_CONFIG, Kafka's
 * texts). The group need not exist, as in Kafka.
 */
export function validateGroupAlter(resourceName: string, changes: readonly RequestedChange[], incremental: boolean, brokerValue: BrokerValueOf): AlterError | null {
  if (resourceName === "") return err(ErrorCode.INVALID_REQUEST, "Default group resources are not allowed.");
  const shape = checkChangeShape(changes, incremental);
  if (shape) return shape;
  for (const c of changes) {
    const key = GROUP_CONFIG_BY_NAME.get(c.name);
    if (!key) return err(ErrorCode.INVALID_CONFIG, `Unknown group config name: ${c.name}`);
    if ((c.op === "append" || c.op === "subtract") && key.type !== "list") {
      return err(ErrorCode.INVALID_CONFIG, `Config value append is not allowed for config key: ${c.name}`);
    }
    if (c.op === "set") {
      const why = groupConfigValueError(c.name, c.value!, brokerValue);
      if (why) return err(ErrorCode.INVALID_CONFIG, why);
    }
  }
  return null;
}

/**
 * A CLIENT_METRICS resource (KIP-714 subscription, src/config/client-metrics-config.ts): the request's
 * shape, APPEND/SUBTRACT refused as Kafka 4.4.0 refuses them (its broker finds no LIST type for these
 * keys), then ClientMetricsConfigs.validate of the configs that would result. On success, the changes
 * to write: every resulting key SET to the value as Kafka stores it (normalized), removed keys deleted.
 */
export function validateClientMetricsAlter(
  resourceName: string,
  changes: readonly RequestedChange[],
  incremental: boolean,
  current: ReadonlyMap<string, string>,
): AlterError | { changes: RequestedChange[] } {
  const shape = checkChangeShape(changes, incremental);
  if (shape) return shape;
  for (const c of changes) {
    if (incremental && (c.op === "append" || c.op === "subtract")) {
      return err(ErrorCode.INVALID_CONFIG, `Can't ${c.op.toUpperCase()} to key ${c.name} because its type is not LIST.`);
    }
  }
  const next = applyChanges(current, changes, incremental, () => null);
  const valid = validateClientMetricsConfigs(resourceName, next);
  if (!(valid instanceof Map)) return err(valid.errorCode, valid.errorMessage);
  const out: RequestedChange[] = [...valid].map(([name, value]) => ({ name, value, op: "set" as const }));
  for (const name of current.keys()) if (!valid.has(name)) out.push({ name, value: null, op: "delete" });
  return { changes: out };
}

/** One IncrementalAlterConfigs entry as the request carries it (operation id not yet checked). */
export interface RawAlterableConfig {
  readonly name: string;
  readonly value: string | null;
  readonly configOperation: number;
}

/**
 * A BROKER_LOGGER resource, as Kafka 4.4.0's ConfigAdminManager.preprocess and RuntimeLoggerManager check
 * it: duplicate keys, null values (any operation but DELETE), the node id, then each operation in order
 * (SET: the logger exists, the level is one of Kafka's six, upper case; DELETE: the logger exists and is
 * not root; APPEND, SUBTRACT and unknown operation ids are refused).
 */
export function validateLoggerAlter(resourceName: string, configs: readonly RawAlterableConfig[], nodeId: number, loggerExists: (name: string) => boolean): AlterError | null {
  if (new Set(configs.map((c) => c.name)).size !== configs.length) return err(ErrorCode.INVALID_REQUEST, "Error due to duplicate config keys");
  const nulls = configs.filter((c) => c.configOperation !== 1 && c.value === null).map((c) => c.name);
  if (nulls.length > 0) return err(ErrorCode.INVALID_REQUEST, `Null value not supported for : ${nulls.join(", ")}`);
  if (!/^-?\d+$/.test(resourceName)) return err(ErrorCode.INVALID_REQUEST, `Node id must be an integer, but it is: ${resourceName}`);
  if (Number(resourceName) !== nodeId) return err(ErrorCode.INVALID_REQUEST, `Unexpected node id. Expected ${nodeId}, but received ${resourceName}`);
  for (const c of configs) {
    const op = OP_BY_ID.get(c.configOperation);
    if (op === undefined) return err(ErrorCode.INVALID_REQUEST, `Unknown operation type ${c.configOperation} is not allowed for the BROKER_LOGGER resource`);
    if (op === "append" || op === "subtract") return err(ErrorCode.INVALID_REQUEST, `${op.toUpperCase()} operation is not allowed for the BROKER_LOGGER resource`);
    if (!loggerExists(c.name)) return err(ErrorCode.INVALID_CONFIG, `Logger ${c.name} does not exist!`);
    if (op === "set" && !LOG_LEVELS.includes(c.value!)) {
      return err(ErrorCode.INVALID_CONFIG, `Cannot set the log level of ${c.name} to ${c.value} as it is not a supported log level. Valid log levels are ${LOG_LEVELS.join(", ")}`);
    }
    if (op === "delete" && c.name === ROOT_LOGGER) return err(ErrorCode.INVALID_REQUEST, `Removing the log level of the ${ROOT_LOGGER} logger is not allowed`);
  }
  return null;
}
