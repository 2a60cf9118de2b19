// Create and delete topic from the console, the way the CreateTopics (19) and DeleteTopics (20) requests
// are carried out: creation through the metadata layer, which forwards it to the active controller in a
// cluster (as the CreateTopics handler does); deletion in place on the active controller (a single node
// is its own), else sent as a DeleteTopics request to the active controller over the broker's
// controller channel (the broker's forwarding sends the client's own request in an Envelope; the console
// has no client request, so it sends one as the broker, whose principal the controller already trusts).
// The records are committed to the metadata log before the answer, and the controller's checks and
// Kafka's error texts apply unchanged (name rules, TOPIC_ALREADY_EXISTS, INVALID_CONFIG, ...).
// The console adds no ACL check of its own: it is served on the admin listener (loopback by default),
// whose operator is the broker's administrator.

import { ErrorCode, errorName } from "../../../protocol/errors.ts";
import type { DeleteTopicsResponse } from "../../../protocol/generated/messages/delete-topics-response.ts";
import { ZERO_UUID } from "../../../protocol/primitives/codec-runtime.ts";
import type { TopicDeletion } from "../../../metadata/layer.ts";
import { sendToActiveController } from "../../controller-channel.ts";
import type { BrokerServices } from "../../services.ts";
import { ConsoleError, intParam, stringParam } from "./http.ts";

const DELETE_TOPICS = 20;
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

/** How long a deletion is retried while no controller answers (the forwarding's bound, Kafka's request.timeout.ms). */
const DELETE_RETRY_TIMEOUT_MS = 30_000;

async function deleteOnController(services: BrokerServices, name: string): Promise<TopicDeletion | undefined> {
  const channel = services.controllerChannel;
  if (channel === null || services.quorumController?.isActive === true) return (await services.metadata.deleteTopics([{ name, topicId: null }]))[0];
  const res = await sendToActiveController<DeleteTopicsResponse>(channel, DELETE_TOPICS, { topics: [{ name, topicId: ZERO_UUID }], topicNames: [name], timeoutMs: DELETE_RETRY_TIMEOUT_MS }, {
    maxVersion: 6,
    retryTimeoutMs: DELETE_RETRY_TIMEOUT_MS,
  }).catch((e: unknown) => {
    throw new ConsoleError(503, `the active controller could not be reached to delete ${name}: ${e instanceof Error ? e.message : String(e)}`);
  });
  const r = res.body.responses[0];
  return r === undefined ? undefined : { name: r.name, topicId: r.topicId, errorCode: r.errorCode, errorMessage: r.errorMessage };
}

export async function deleteTopic(services: BrokerServices, name: string): Promise<{ name: string }> {
  if (!services.metadata.image.topicsByName.has(name)) throw new ConsoleError(404, `topic ${JSON.stringify(name)} does not exist`);
  const r = await deleteOnController(services, name);
  if (!r) throw new ConsoleError(500, "the controller gave no answer for the topic");
  if (r.errorCode !== 0) throw new ConsoleError(400, `${errorName(r.errorCode)}: ${r.errorMessage ?? "topic not deleted"}`);
  return { name };
}
