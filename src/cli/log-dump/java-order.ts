// The order Kafka's tool prints its per-file problem reports in: it keeps them in a java.util.HashMap
// keyed by the file's absolute path, whose iteration order is the bucket order of the keys' String
// hash codes. Reproduced here so stderr matches kafka-dump-log's byte for byte.

/** Java's String.hashCode over UTF-16 code units (int32 arithmetic). */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * Keys (in insertion order) in the order a java.util.HashMap with default capacity iterates them:
 * table of 16 doubled while size > 0.75 x capacity, bucket (h ^ h >>> 16) & (capacity - 1), and
 * insertion order within a bucket (Java appends at the tail and a resize keeps relative order).
 */
export function javaHashMapOrder(keys: readonly string[]): string[] {
  let capacity = 16;
  // Bounded: capacity doubles until it exceeds keys.length / 0.75.
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (k: string) => {
    const h = javaStringHash(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys.map((k, i) => ({ k, i, b: bucket(k) })).sort((x, y) => x.b - y.b || x.i - y.i).map((e) => e.k);
}
