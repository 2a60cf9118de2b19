// Turns AlterConfigs / IncrementalAlterConfigs changes into ConfigRecords, as Kafka's
// ConfigurationControlManager does: set, delete (only when an override exists), append and subtract
// on list values (starting from the override, or the key's default when there is none). Legacy
// AlterConfigs replaces a resource's overrides by the set given. Values are validated by the config
// handlers before they get here; this checks only that the resource exists.

import { ErrorCode } from "../protocol/errors.ts";
import { configKey, type MetadataImage } from "./image.ts";
import { ConfigResourceTypeId } from "./image-builder.ts";
import type { ConfigChange, ConfigResourceType, OperationResult } from "./layer.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";

export interface ResourceChanges {
  resourceType: ConfigResourceType;
  resourceName: string;
  changes: ConfigChange[];
}

export type ResourceResult = OperationResult & { resourceType: ConfigResourceType; resourceName: string };

function listParts(v: string | undefined | null): string[] {
  if (!v) return [];
  return v.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
}

/** Records for one resource, or an error. `defaultValue` gives a key's default for append/subtract. */
export function planResourceConfigs(
  image: MetadataImage,
  res: ResourceChanges,
  incremental: boolean,
  defaultValue: (resourceType: ConfigResourceType, name: string) => string | null,
): { result: ResourceResult; records: MetadataRecordOut[] } {
  const { resourceType, resourceName } = res;
  const fail = (errorCode: number, errorMessage: string) => ({ result: { resourceType, resourceName, errorCode, errorMessage }, records: [] });
  let typeId: number;
  if (resourceType === "topic") {
    if (!image.topicsByName.has(resourceName)) return fail(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `Topic ${resourceName} does not exist.`);
    typeId = ConfigResourceTypeId.TOPIC;
  } else if (resourceType === "broker") {
    if (resourceName !== "" && !/^\d+$/.test(resourceName)) return fail(ErrorCode.INVALID_REQUEST, `Invalid broker name ${resourceName}`);
    typeId = ConfigResourceTypeId.BROKER;
  } else if (resourceType === "group") {
    typeId = ConfigResourceTypeId.GROUP;
  } else if (resourceType === "client-metrics") {
    typeId = ConfigResourceTypeId.CLIENT_METRICS;
  } else {
    return fail(ErrorCode.INVALID_REQUEST, "broker-logger levels are not stored in the metadata log");
  }
  const current = image.configs.get(configKey(resourceType, resourceName)) ?? new Map<string, string>();
  const next = new Map(current);
  if (!incremental) next.clear();
  for (const c of res.changes) {
    switch (incremental ? c.op : "set") {
      case "set":
        if (c.value === null) next.delete(c.name);
        else next.set(c.name, c.value);
        break;
      case "delete":
        next.delete(c.name);
        break;
      case "append": {
        const parts = listParts(next.get(c.name) ?? defaultValue(resourceType, c.name));
        for (const v of listParts(c.value)) if (!parts.includes(v)) parts.push(v);
        next.set(c.name, parts.join(","));
        break;
      }
      case "subtract": {
        const drop = new Set(listParts(c.value));
        next.set(c.name, listParts(next.get(c.name) ?? defaultValue(resourceType, c.name)).filter((v) => !drop.has(v)).join(","));
        break;
      }
    }
  }
  const records: MetadataRecordOut[] = [];
  const names = [...new Set([...current.keys(), ...next.keys()])].sort();
  for (const name of names) {
    const before = current.get(name);
    const after = next.get(name);
    if (before === after) continue;
    records.push(metadataRecord(RecordType.CONFIG, { resourceType: typeId, resourceName, name, value: after ?? null }));
  }
  return { result: { resourceType, resourceName, errorCode: 0, errorMessage: null }, records };
}
