import { describe, expect, test } from "bun:test";
import { buildEndTxnMarkerBatch, controlKey, endTxnMarkerValue, InvalidControlRecordError, parseControlType, parseEndTxnMarker } from "../../../src/protocol/records/control-batch.ts";
import { MessageSetIterator } from "../../../src/protocol/records/message-set.ts";

describe("end transaction marker batches", () => {
  test("a built marker is a transactional control batch with one record that parses back", () => {
    const bytes = buildEndTxnMarkerBatch({ producerId: 4242n, producerEpoch: 7, coordinatorEpoch: 3, result: "COMMIT", timestampMs: 1_700_000_000_000 });
    const batches = [...new MessageSetIterator(bytes, 0, bytes.length)];
    expect(batches.length).toBe(1);
    const b = batches[0]!;
    expect(b.isControl).toBe(true);
    expect(b.isTransactional).toBe(true);
    expect(b.producerId).toBe(4242n);
    expect(b.producerEpoch).toBe(7);
    expect(b.baseSequence).toBe(-1);
    const recs = [...b.records()];
    expect(recs.length).toBe(1);
    expect(parseEndTxnMarker(recs[0]!.key, recs[0]!.value)).toEqual({ result: "COMMIT", coordinatorEpoch: 3 });
  });

  test("Kafka's bytes: key version 0 type 0 (ABORT), value version 0 then the epoch", () => {
    expect([...controlKey("ABORT")]).toEqual([0, 0, 0, 0]);
    expect([...controlKey("COMMIT")]).toEqual([0, 0, 0, 1]);
    expect([...endTxnMarkerValue(0x01020304)]).toEqual([0, 0, 1, 2, 3, 4]);
  });

  test("short or malformed keys and values are refused, unknown control types are not markers", () => {
    expect(() => parseControlType(new Uint8Array(3))).toThrow(InvalidControlRecordError);
    expect(() => parseControlType(null)).toThrow(InvalidControlRecordError);
    expect(() => parseEndTxnMarker(controlKey("COMMIT"), new Uint8Array(5))).toThrow(InvalidControlRecordError);
    expect(() => parseEndTxnMarker(controlKey("COMMIT"), new Uint8Array(7))).toThrow(InvalidControlRecordError);
    expect(parseEndTxnMarker(new Uint8Array([0, 0, 0, 3]), null)).toBeNull();
    // A newer value version may carry more fields: its version-0 part is read.
    const v1 = new Uint8Array([0, 1, 0, 0, 0, 9, 0xff]);
    expect(parseEndTxnMarker(controlKey("ABORT"), v1)).toEqual({ result: "ABORT", coordinatorEpoch: 9 });
  });
});
