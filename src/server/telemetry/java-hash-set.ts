// The iteration order of a java.util.HashSet<String> (and, near enough, a ConcurrentHashMap's key set)
// filled one key at a time: bucket by bucket (bucket = spread(hashCode) & (capacity - 1)), insertion
// order within a bucket. Kafka's telemetry answers depend on it: the subscription id is a CRC of
// HashSet.toString(), and RequestedMetrics and the client-metrics resource list come in that order.
// Unlike util/java-hash-order.ts (small maps only) this takes any number of keys; treeified buckets
// (8+ colliding keys) are not modelled.

import { javaStringHash } from "../../util/java-hash-order.ts";

/** The table size of a HashSet created empty (16) after `size` distinct adds (load factor 0.75). */
export function javaHashSetCapacity(size: number): number {
  let cap = 16;
  while (size > cap * 0.75) cap *= 2;
  return cap;
}

/** `keys` in insertion order (duplicates are dropped, as HashSet.add does) -> HashSet iteration order. */
export function javaHashSetOrder(keys: Iterable<string>, capacity?: number): string[] {
  const distinct = [...new Set(keys)];
  const cap = capacity ?? javaHashSetCapacity(distinct.length);
  return distinct
    .map((key, i) => {
      const h = javaStringHash(key);
      return { key, i, bucket: (h ^ (h >>> 16)) & (cap - 1) };
    })
    .sort((a, b) => a.bucket - b.bucket || a.i - b.i)
    .map((e) => e.key);
}

/** AbstractCollection.toString: "[a, b]". */
export function javaCollectionString(items: readonly string[]): string {
  return `[${items.join(", ")}]`;
}
