// The record formula every interop driver implements (Java, Go, Python, KafkaJS; kcat is checked
// here). Record i of `count` goes to partition i % partitions and lands at offset i / partitions of a
// fresh topic:
//   key       "k<i>"
//   value     size(i) bytes, byte j = 'a' + (i + j) % 26  (sizes 1..1500, and 100 000 every 5000th)
//   headers   i % 3 of them: "h<k>" = String(i * (k + 1))
//   timestamp t0 + i (CreateTime)
// So a consumer checks order, content, offsets and timestamps from (partition, offset) alone.

const SIZES = [1, 10, 50, 100, 300, 600, 1500] as const;
export const LARGE_EVERY = 5000;
export const LARGE_SIZE = 100_000;

export function valueSize(i: number): number {
  return i % LARGE_EVERY === LARGE_EVERY - 1 ? LARGE_SIZE : SIZES[i % SIZES.length];
}

export function keyOf(i: number): string {
  return `k${i}`;
}

export function valueOf(i: number): string {
  const n = valueSize(i);
  // Build from a repeated alphabet slice: O(n) without per-char string concatenation.
  const start = i % 26;
  const alphabet = "abcdefghijklmnopqrstuvwxyz";
  const rotated = alphabet.slice(start) + alphabet.slice(0, start);
  return rotated.repeat(Math.ceil(n / 26)).slice(0, n);
}

export function headersOf(i: number): [string, string][] {
  return Array.from({ length: i % 3 }, (_, k) => [`h${k}`, String(i * (k + 1))] as [string, string]);
}

export function timestampOf(t0: number, i: number): number {
  return t0 + i;
}

/** How many of `count` records land in partition p. */
export function partitionCount(count: number, partitions: number, p: number): number {
  return Math.floor(count / partitions) + (p < count % partitions ? 1 : 0);
}

/** A t0 safely inside Kafka's default timestamp bounds (message.timestamp.after/before.max.ms). */
export function freshT0(): number {
  return Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000;
}

export function totalBytes(count: number): number {
  let n = 0;
  for (let i = 0; i < count; i++) n += valueSize(i);
  return n;
}
