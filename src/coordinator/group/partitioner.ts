// Which partition of __consumer_offsets holds a group: Kafka's Utils.abs(groupId.hashCode()) modulo
// offsets.topic.num.partitions, with Java's String.hashCode over UTF-16 code units. Clients never
// compute it, but an existing Kafka log directory (and kafka-dump-log's offsets decoder) relies on it.

export function javaStringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** Kafka's Utils.abs: Integer.MIN_VALUE maps to 0. */
export function kafkaAbs(n: number): number {
  return n === -2147483648 ? 0 : Math.abs(n);
}

export function partitionForGroup(groupId: string, numPartitions: number): number {
  if (!Number.isInteger(numPartitions) || numPartitions < 1) throw new RangeError(`offsets.topic.num.partitions must be >= 1, got ${numPartitions}`);
  return kafkaAbs(javaStringHashCode(groupId)) % numPartitions;
}
