// Create and delete topic from the console, through the metadata layer's controller operations that the
// CreateTopics (19) and DeleteTopics (20) handlers call: the records are committed to the metadata log
// (forwarded to the active controller in a cluster) before the answer, and the controller's checks and
// Kafka's error texts apply unchanged (name rules, TOPIC_ALREADY_EXISTS, INVALID_CONFIG, ...).
// The console adds no ACL check of its own: it is served on the admin listener (loopback by default),
// whose operator is the broker's administrator.

import { ErrorCode, errorName } from "../../../protocol/errors.ts";
import type { BrokerServices } from "../../services.ts";
import { ConsoleError, intParam, stringParam } from "./http.ts";

/** Bound on the configs one creation may carry. */
const MAX_CONFIGS = 100;

export interface CreateTopicInput {
  name: string;
  partitions: number;
  replicationFactor: number;
  configs: Array<{ name: string; value: string }>;
}

export function parseCreateTopic(body: Record<string, unknown>): CreateTopicInput {
  const name = stringParam(body.name, "name");
  const partitions = intParam(body.partitions, "partitions", -1, -1, 100_000);
  const replicationFactor = intParam(body.replicationFactor, "replicationFactor", -1, -1, 32_767);
  const raw = body.configs ?? {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new ConsoleError(400, "configs must be an object of name: value");
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_CONFIGS) throw new ConsoleError(400, `${entries.length} configs is over the limit of ${MAX_CONFIGS}`);
  const configs = entries.map(([k, v]) => {
    if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") throw new ConsoleError(400, `config ${k} must be a string, number or boolean`);
    return { name: k, value: String(v) };
  });
  return { name, partitions: partitions === 0 ? -1 : partitions, replicationFactor: replicationFactor === 0 ? -1 : replicationFactor, configs };
}

export async function createTopic(services: BrokerServices, input: CreateTopicInput): Promise<{ name: string; topicId: string; partitions: number; replicationFactor: number }> {
  const [r] = await services.metadata.createTopics(
    [{ name: input.name, numPartitions: input.partitions, replicationFactor: input.replicationFactor, assignments: [], configs: input.configs }],
    { validateOnly: false, timeoutMs: 30_000 },
  );
  if (!r) throw new ConsoleError(500, "the controller gave no answer for the topic");
  if (r.errorCode !== 0) throw new ConsoleError(r.errorCode === ErrorCode.TOPIC_ALREADY_EXISTS ? 409 : 400, `${errorName(r.errorCode)}: ${r.errorMessage ?? "topic not created"}`);
  return { name: r.name, topicId: r.topicId, partitions: r.numPartitions, replicationFactor: r.replicationFactor };
}

export async function deleteTopic(services: BrokerServices, name: string): Promise<{ name: string }> {
  if (!services.metadata.image.topicsByName.has(name)) throw new ConsoleError(404, `topic ${JSON.stringify(name)} does not exist`);
  const [r] = await services.metadata.deleteTopics([{ name, topicId: null }]);
  if (!r) throw new ConsoleError(500, "the controller gave no answer for the topic");
  if (r.errorCode !== 0) throw new ConsoleError(400, `${errorName(r.errorCode)}: ${r.errorMessage ?? "topic not deleted"}`);
  return { name };
}
