// KIP-714 subscription ids as Kafka 4.4.0's ClientMetricsManager computes them:
// CRC32C(UTF-8(HashSet.toString(metrics) + pushIntervalMs)) cast to int, XORed with the client
// instance id's Uuid.hashCode(). Matching Kafka bit for bit is what lets a test compare the two.

import { crc32c } from "../../protocol/records/crc32c.ts";
import { javaCollectionString } from "./java-hash-set.ts";

/** Kafka's Uuid.hashCode(): h = msb ^ lsb; (int)(h >> 32) ^ (int) h. `id` is Kafka's base64url form. */
export function uuidHashCode(id: string): number {
  const b = Buffer.from(id, "base64url");
  if (b.length !== 16) throw new RangeError(`not a Kafka Uuid: ${id}`);
  const w = (i: number) => b.readInt32BE(i);
  return w(0) ^ w(4) ^ w(8) ^ w(12);
}

/** `metrics` in the order Kafka's HashSet iterates them (java-hash-set.ts). */
export function computeSubscriptionId(metrics: readonly string[], pushIntervalMs: number, clientInstanceId: string): number {
  const bytes = new TextEncoder().encode(javaCollectionString(metrics) + String(pushIntervalMs));
  return (crc32c(bytes) | 0) ^ uuidHashCode(clientInstanceId);
}
