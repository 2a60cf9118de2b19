// One record of a magic-2 batch, and the lazy iterator that decodes them (Kafka's DefaultRecord):
//
//   length varint | attributes int8 | timestampDelta varlong | offsetDelta varint |
//   keyLength varint (-1 = null) | key | valueLength varint (-1 = null) | value |
//   headerCount varint | headers: keyLength varint | key (UTF-8) | valueLength varint (-1 = null) | value
//
// Keys, values and header keys/values are subarrays of the batch (or of its decompressed records):
// nothing is copied. Offsets and timestamps are bigint (int64), the deltas plain numbers.
//
//   RecordIterator   Iterator<Record>; throws RecordBatchError("bad-record") naming the record and
//                    the field on malformed input, including bytes left over after the last record;
//                    RecordBatchError("record-length-varint-too-long") for a length prefix of more
//                    than 5 bytes (Kafka answers that one with UNKNOWN_SERVER_ERROR, see errors.ts).
import { RecordBatchError } from "./errors.ts";
import { VarintCursor } from "./varint.ts";

export interface RecordHeader {
  /** UTF-8 bytes of the header key (decode with TextDecoder when a string is needed). */
  readonly key: Uint8Array;
  readonly value: Uint8Array | null;
}

export interface Record {
  readonly offset: bigint;
  readonly timestamp: bigint;
  readonly offsetDelta: number;
  readonly timestampDelta: number;
  readonly attributes: number;
  readonly key: Uint8Array | null;
  readonly value: Uint8Array | null;
  readonly headers: readonly RecordHeader[];
  /** Bytes of the whole encoded record, length prefix included. */
  readonly sizeInBytes: number;
}

/** Smallest possible encoded record: 7 one-byte fields. Used to bound record counts. */
export const MIN_RECORD_BYTES = 7;

const EMPTY_HEADERS: readonly RecordHeader[] = Object.freeze([]);

/** Whether the varint at pos is longer than 5 bytes (five continuation bits), as opposed to truncated. */
function lengthTooLong(buf: Uint8Array, pos: number, end: number): boolean {
  if (end - pos < 5) return false;
  for (let i = 0; i < 5; i++) if ((buf[pos + i]! & 0x80) === 0) return false;
  return true;
}

export class RecordIterator implements IterableIterator<Record> {
  private readonly cur: VarintCursor;
  private index = 0;

  constructor(
    buf: Uint8Array,
    start: number,
    private readonly end: number,
    private readonly count: number,
    private readonly baseOffset: bigint,
    private readonly baseTimestamp: bigint,
    /** Position of the batch, for error messages. */
    private readonly batchPosition: number,
    /** Timestamp to report for every record instead of base + delta (LogAppendTime batches). */
    private readonly overrideTimestamp: bigint | null = null,
  ) {
    this.cur = new VarintCursor(buf, start, end);
  }

  [Symbol.iterator](): IterableIterator<Record> {
    return this;
  }

  private bad(what: string, reason: "bad-record" | "record-length-varint-too-long" = "bad-record"): never {
    throw new RecordBatchError(
      reason,
      `record ${this.index} of batch at byte ${this.batchPosition}: ${what}`,
      this.batchPosition,
    );
  }

  next(): IteratorResult<Record> {
    const c = this.cur;
    if (this.index >= this.count) {
      if (c.pos !== this.end) this.bad(`${this.end - c.pos} bytes left after the last of ${this.count} records`);
      return { done: true, value: undefined };
    }
    const buf = c.buf;
    const recordStart = c.pos;
    const length = c.readVarint();
    if (c.error) this.bad(c.error, lengthTooLong(buf, recordStart, this.end) ? "record-length-varint-too-long" : "bad-record");
    if (length < MIN_RECORD_BYTES - 1 || length > this.end - c.pos) {
      this.bad(`length ${length} outside [${MIN_RECORD_BYTES - 1}, ${this.end - c.pos}] (bytes left)`);
    }
    const recordEnd = c.pos + length;
    c.end = recordEnd; // fields may not run past the record
    const attributes = c.readInt8();
    const timestampDelta = c.readVarlong();
    const offsetDelta = c.readVarint();
    const keyLen = c.readVarint();
    if (c.error) this.bad(c.error);
    if (keyLen < -1 || keyLen > recordEnd - c.pos) this.bad(`key length ${keyLen} outside the record`);
    const key = keyLen < 0 ? null : buf.subarray(c.pos, c.pos + keyLen);
    c.pos += Math.max(0, keyLen);
    const valueLen = c.readVarint();
    if (c.error) this.bad(c.error);
    if (valueLen < -1 || valueLen > recordEnd - c.pos) this.bad(`value length ${valueLen} outside the record`);
    const value = valueLen < 0 ? null : buf.subarray(c.pos, c.pos + valueLen);
    c.pos += Math.max(0, valueLen);
    const headerCount = c.readVarint();
    if (c.error) this.bad(c.error);
    // Each header takes >= 2 bytes, which bounds the count by the bytes left in the record.
    if (headerCount < 0 || headerCount * 2 > recordEnd - c.pos) this.bad(`header count ${headerCount} outside the record`);
    let headers = EMPTY_HEADERS;
    if (headerCount > 0) {
      const hs: RecordHeader[] = new Array(headerCount);
      for (let h = 0; h < headerCount; h++) {
        const hk = c.readVarint();
        if (c.error) this.bad(c.error);
        if (hk < 0 || hk > recordEnd - c.pos) this.bad(`header ${h} key length ${hk} outside the record`);
        const hkey = buf.subarray(c.pos, c.pos + hk);
        c.pos += hk;
        const hv = c.readVarint();
        if (c.error) this.bad(c.error);
        if (hv < -1 || hv > recordEnd - c.pos) this.bad(`header ${h} value length ${hv} outside the record`);
        const hval = hv < 0 ? null : buf.subarray(c.pos, c.pos + hv);
        c.pos += Math.max(0, hv);
        hs[h] = { key: hkey, value: hval };
      }
      headers = hs;
    }
    if (c.pos !== recordEnd) this.bad(`declared ${length} bytes but fields took ${c.pos - (recordEnd - length)}`);
    c.end = this.end;
    this.index++;
    return {
      done: false,
      value: {
        offset: this.baseOffset + BigInt(offsetDelta),
        timestamp: this.overrideTimestamp ?? this.baseTimestamp + BigInt(timestampDelta),
        offsetDelta,
        timestampDelta,
        attributes,
        key,
        value,
        headers,
        sizeInBytes: recordEnd - recordStart,
      },
    };
  }
}
