// Offsets inside the storage layer are JavaScript numbers, not bigint.
//
// Decision: every offset (base/last/log-start/log-end/high-watermark) is an integer in
// [0, MAX_OFFSET] with MAX_OFFSET = 2^53 - 1. At 10 million records per second a partition needs
// 28 years to pass it, and Kafka's own tools never see such offsets in practice. Numbers keep the
// append and fetch paths free of bigint arithmetic. Every place that reads an int64 offset from disk
// or from a client checks the bound and fails with OffsetOverflowError (or treats the batch as
// corrupt) instead of losing precision. Convert with BigInt() at the wire boundary.
export const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

export function isValidOffset(offset: number): boolean {
  return Number.isSafeInteger(offset) && offset >= 0;
}
