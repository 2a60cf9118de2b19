// Which partition a produced record goes to, as Kafka's Java producer chooses (BuiltInPartitioner):
// a keyed record to murmur2(key) mod partitions, so `strand produce -k K` lands where a Java client
// with the same key would; an unkeyed record to the partition of the batch being filled (sticky),
// moving on to the next partition once a batch is full.

/** Kafka's Utils.murmur2 (32-bit, seed 0x9747b28c), in int32 arithmetic. */
export function murmur2(data: Uint8Array): number {
  const length = data.length;
  const m = 0x5bd1e995;
  let h = (0x9747b28c ^ length) | 0;
  const length4 = length >>> 2;
  for (let i = 0; i < length4; i++) {
    const i4 = i * 4;
    let k = (data[i4]! | (data[i4 + 1]! << 8) | (data[i4 + 2]! << 16) | (data[i4 + 3]! << 24)) | 0;
    k = Math.imul(k, m);
    k ^= k >>> 24;
    k = Math.imul(k, m);
    h = Math.imul(h, m);
    h ^= k;
  }
  const tail = length & ~3;
  const rest = length % 4;
  // Java's switch falls through from case 3 to case 1.
  if (rest === 3) h ^= data[tail + 2]! << 16;
  if (rest >= 2) h ^= data[tail + 1]! << 8;
  if (rest >= 1) {
    h ^= data[tail]!;
    h = Math.imul(h, m);
  }
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h | 0;
}

/** Kafka's BuiltInPartitioner.partitionForKey: toPositive(murmur2(key)) % partitions. */
export function partitionForKey(key: Uint8Array, partitions: number): number {
  return (murmur2(key) & 0x7fffffff) % partitions;
}
