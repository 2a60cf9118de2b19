// The order in which a java.util.HashMap<String, ?> iterates its keys. Kafka fills some response
// arrays by iterating a HashMap (ApiVersions' SupportedFeatures and FinalizedFeatures); clients read
// them as maps, but answering in Kafka's order makes a field-by-field comparison with Kafka possible.
//
// A HashMap iterates bucket by bucket (bucket = spread(hashCode) & (capacity - 1)), and within a bucket
// in insertion order (resizing splits buckets without reordering them). Treeified buckets (8+ keys in
// one bucket) are not modelled: the maps ordered here hold fewer than ten keys.

/** Java's String.hashCode over UTF-16 code units. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** HashMap.tableSizeFor: the power of two >= n (at least 1). */
function tableSizeFor(n: number): number {
  let c = 1;
  while (c < n) c *= 2;
  return c;
}

/**
 * The capacity of a HashMap after `copied` keys were passed to `new HashMap<>(map)` (0: `new HashMap<>()`)
 * and `added` more were put one by one (load factor 0.75).
 */
export function javaHashMapCapacity(copied: number, added: number): number {
  let cap = copied > 0 ? tableSizeFor(Math.floor(copied / 0.75 + 1)) : 16;
  const size = copied + added;
  while (size > cap * 0.75) cap *= 2;
  return cap;
}

/** `keys` (in insertion order, distinct) in the order a HashMap of `capacity` buckets iterates them. */
export function javaHashMapOrder(keys: readonly string[], capacity: number): string[] {
  if (keys.length > 64 || (capacity & (capacity - 1)) !== 0) throw new RangeError(`javaHashMapOrder: ${keys.length} keys, capacity ${capacity}`);
  return keys
    .map((key, i) => {
      const h = javaStringHash(key);
      return { key, i, bucket: (h ^ (h >>> 16)) & (capacity - 1) };
    })
    .sort((a, b) => a.bucket - b.bucket || a.i - b.i)
    .map((e) => e.key);
}
