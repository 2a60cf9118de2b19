// Kafka's SharePartitionKey (server-common): a share partition's state is keyed by group id, topic id
// and partition. Its coordinator key is "groupId:topicId:partition" (the topic id in Kafka's base64
// form); FindCoordinator key type SHARE carries that string, and the share coordinator's partition of
// __share_group_state is abs(javaHashCode(key)) % partitions (ShareCoordinatorService.partitionFor).

import { javaStringHashCode, kafkaAbs } from "../group/partitioner.ts";

export interface SharePartitionKey {
  groupId: string;
  topicId: string;
  partition: number;
}

export function asCoordinatorKey(groupId: string, topicId: string, partition: number): string {
  return `${groupId}:${topicId}:${partition}`;
}

/** The map key of one share partition inside a shard. */
export function sharePartitionMapKey(groupId: string, topicId: string, partition: number): string {
  return asCoordinatorKey(groupId, topicId, partition);
}

export function partitionForShareKey(coordinatorKey: string, numPartitions: number): number {
  return kafkaAbs(javaStringHashCode(coordinatorKey)) % numPartitions;
}

/** A FindCoordinator SHARE key Kafka refuses (SharePartitionKey.getInstance's IllegalArgumentException). */
export class InvalidSharePartitionKeyError extends Error {
  override readonly name = "InvalidSharePartitionKeyError";
}

const JAVA_INT = /^[+-]?\d+$/;

/**
 * Kafka's SharePartitionKey.getInstance(String): split on ':' (the group id may hold ':'), the last
 * token the partition, the one before it the topic id (22 chars of url-safe base64, 16 bytes).
 */
export function parseSharePartitionKey(key: string): SharePartitionKey {
  if (key === "") throw new InvalidSharePartitionKeyError("Share partition key cannot be empty");
  // Java's String.split drops trailing empty strings.
  const tokens = key.split(":");
  while (tokens.length > 0 && tokens[tokens.length - 1] === "") tokens.pop();
  if (tokens.length < 3) throw new InvalidSharePartitionKeyError(`Invalid key format: expected - groupId:topicId:partition, found - ${key}`);
  const last = tokens.length - 1;
  const partitionStr = tokens[last]!;
  const topicIdStr = tokens[last - 1]!;
  const groupId = tokens.slice(0, last - 1).join(":");
  if (groupId.trim() === "") throw new InvalidSharePartitionKeyError("GroupId must not be empty");
  if (!isKafkaUuid(topicIdStr)) throw new InvalidSharePartitionKeyError(`Invalid topic ID: ${topicIdStr}`);
  const n = JAVA_INT.test(partitionStr) ? Number(partitionStr) : NaN;
  if (!Number.isInteger(n) || n < -2147483648 || n > 2147483647) throw new InvalidSharePartitionKeyError(`Invalid partition: ${partitionStr}`);
  return { groupId, topicId: topicIdStr, partition: n };
}

/** Kafka's Uuid.fromString: url-safe base64 of 16 bytes (22 characters without padding). */
function isKafkaUuid(s: string): boolean {
  if (s.length !== 22 || !/^[A-Za-z0-9_-]+$/.test(s)) return false;
  return Buffer.from(s, "base64url").length === 16;
}
