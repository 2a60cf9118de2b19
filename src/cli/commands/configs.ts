// DescribeConfigs and IncrementalAlterConfigs for the CLI (topic describe / alter-config, config get|set),
// routed as Kafka's AdminClient routes them: a broker's own configs to that broker (it forwards an alter
// to the controller), the cluster-wide broker default and topics to any broker.

import { API } from "../client/api-keys.ts";
import { checkError, type KafkaCliClient } from "../client/kafka-cli-client.ts";
import type { DescribeConfigsResponse } from "../../protocol/generated/messages/describe-configs-response.ts";
import type { IncrementalAlterConfigsResponse } from "../../protocol/generated/messages/incremental-alter-configs-response.ts";
import { CliError } from "../protocol-decode.ts";

/** ConfigResource.Type ids. */
export const RESOURCE_TYPE = { topic: 2, broker: 4, "broker-logger": 8, group: 32 } as const;
export type ResourceKind = keyof typeof RESOURCE_TYPE;

/** DescribeConfigsResponse.ConfigSource ids, by Kafka's names. */
const CONFIG_SOURCE = ["UNKNOWN", "DYNAMIC_TOPIC_CONFIG", "DYNAMIC_BROKER_CONFIG", "DYNAMIC_DEFAULT_BROKER_CONFIG", "STATIC_BROKER_CONFIG", "DEFAULT_CONFIG", "DYNAMIC_BROKER_LOGGER_CONFIG", "CLIENT_METRICS_CONFIG", "GROUP_CONFIG"];

export function configSourceName(id: number): string {
  return CONFIG_SOURCE[id] ?? `UNKNOWN(${id})`;
}

/** AlterConfigOp.OpType ids. */
export const CONFIG_OP = { SET: 0, DELETE: 1, APPEND: 2, SUBTRACT: 3 } as const;

export interface ConfigEntryView {
  name: string;
  value: string | null;
  source: string;
  readOnly: boolean;
  sensitive: boolean;
}

function isDefaultSource(source: string): boolean {
  return source === "DEFAULT_CONFIG" || source === "STATIC_BROKER_CONFIG";
}

/** Sends a broker resource to that broker; "" (the cluster default) and other kinds to any broker. */
async function sendFor<T>(client: KafkaCliClient, kind: ResourceKind, name: string, apiKey: number, body: Record<string, unknown>) {
  if ((kind === "broker" || kind === "broker-logger") && name !== "") {
    if (!/^\d{1,10}$/.test(name)) throw new CliError(`${kind} name`, name, "a broker id (an integer), or empty for the cluster-wide default");
    return client.sendToBroker<T>(Number(name), apiKey, body);
  }
  return client.sendAny<T>(apiKey, body);
}

/**
 * The resource's configs, sorted by name. `all` false keeps only values set for it (not defaults), as
 * kafka-configs.sh --describe shows them; `keys` asks for those only.
 */
export async function describeConfigs(client: KafkaCliClient, kind: ResourceKind, name: string, opts: { all: boolean; keys?: readonly string[] }): Promise<ConfigEntryView[]> {
  const r = await client.retrying(`DescribeConfigs ${kind} ${name}`, () =>
    sendFor<DescribeConfigsResponse>(client, kind, name, API.DescribeConfigs, {
      resources: [{ resourceType: RESOURCE_TYPE[kind], resourceName: name, configurationKeys: opts.keys && opts.keys.length > 0 ? [...opts.keys] : null }],
      includeSynonyms: false,
      includeDocumentation: false,
    }).then((r) => {
      const res = r.body.results[0];
      if (!res) throw new Error(`DescribeConfigs answered no result for ${kind} ${name}`);
      checkError(res.errorCode, `${kind} ${name === "" ? "(default)" : name}`, res.errorMessage);
      return res;
    }),
  );
  return r.configs
    .map((c) => ({ name: c.name, value: c.isSensitive ? null : c.value, source: configSourceName(c.configSource), readOnly: c.readOnly, sensitive: c.isSensitive }))
    .filter((c) => opts.all || (opts.keys && opts.keys.length > 0) || !isDefaultSource(c.source))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface ConfigOp {
  name: string;
  op: keyof typeof CONFIG_OP;
  value: string | null;
}

/** Apply `ops` with IncrementalAlterConfigs (validateOnly for a dry run); throws the resource's error. */
export async function alterConfigs(client: KafkaCliClient, kind: ResourceKind, name: string, ops: readonly ConfigOp[], validateOnly = false): Promise<void> {
  await client.retrying(`IncrementalAlterConfigs ${kind} ${name}`, async () => {
    const r = await sendFor<IncrementalAlterConfigsResponse>(client, kind, name, API.IncrementalAlterConfigs, {
      resources: [{ resourceType: RESOURCE_TYPE[kind], resourceName: name, configs: ops.map((o) => ({ name: o.name, configOperation: CONFIG_OP[o.op], value: o.value })) }],
      validateOnly,
    });
    const res = r.body.responses[0];
    if (!res) throw new Error(`IncrementalAlterConfigs answered no result for ${kind} ${name}`);
    checkError(res.errorCode, `${kind} ${name === "" ? "(default)" : name}`, res.errorMessage);
  });
}

/** The ops of `--set k=v` (repeatable, or `-c`) and `--delete k` flags; at least one. */
export function configOps(sets: ReadonlyMap<string, string>, deletes: readonly string[], flags = "--set/--delete"): ConfigOp[] {
  const ops: ConfigOp[] = [...[...sets].map(([k, v]): ConfigOp => ({ name: k, op: "SET", value: v })), ...deletes.map((k): ConfigOp => ({ name: k, op: "DELETE", value: null }))];
  if (ops.length === 0) throw new CliError(flags, "", "at least one key=value to set or key to delete");
  return ops;
}
