// Pieces of `strand produce`, `strand consume` and `strand log dump` that need no broker: the Java
// producer's partitioner, the consumer's record decoding (read_committed, a batch starting before the
// fetch offset), output templates, --from, stdin line splitting, and the order of Kafka's reports.
import { expect, test } from "bun:test";
import { murmur2, partitionForKey } from "../../../src/cli/produce-consume/partitioner.ts";
import { fetchedRecords } from "../../../src/cli/produce-consume/fetched-records.ts";
import { jsonFormatter, templateFormatter, valueFormatter } from "../../../src/cli/produce-consume/record-format.ts";
import { lines } from "../../../src/cli/produce-consume/stdin-lines.ts";
import { parseFrom } from "../../../src/cli/commands/consume.ts";
import { javaHashMapOrder, javaStringHash } from "../../../src/cli/log-dump/java-order.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { buildEndTxnMarkerBatch } from "../../../src/protocol/records/control-batch.ts";
import { CliError } from "../../../src/cli/protocol-decode.ts";

const enc = new TextEncoder();

test("murmur2 gives Kafka's values (Kafka's UtilsTest vectors), and keys map to Java's partitions", () => {
  const cases: Array<[Uint8Array, number]> = [
    [enc.encode("21"), -973932308],
    [enc.encode("foobar"), -790332482],
    [enc.encode("a-little-bit-long-string"), -985981536],
    [enc.encode("a-little-bit-longer-string"), -1486304829],
    [enc.encode("lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8"), -58897971],
    [enc.encode("abc"), 479470107],
  ];
  for (const [key, want] of cases) expect(murmur2(key)).toBe(want);
  expect(partitionForKey(enc.encode("foobar"), 7)).toBe((-790332482 & 0x7fffffff) % 7);
});

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

test("fetched records: aborted transactions dropped under read_committed, records below the fetch offset skipped", () => {
  const rec = (v: string) => ({ value: enc.encode(v), timestamp: 1000 });
  const plain = buildRecordBatch({ records: [rec("p0"), rec("p1"), rec("p2")], baseOffset: 0n });
  const abortedTxn = buildRecordBatch({ records: [rec("a3"), rec("a4")], baseOffset: 3n, producerId: 9n, producerEpoch: 0, baseSequence: 0, isTransactional: true });
  const abortMarker = buildEndTxnMarkerBatch({ producerId: 9n, producerEpoch: 0, coordinatorEpoch: 1, result: "ABORT", timestampMs: 1000 });
  new DataView(abortMarker.buffer).setBigInt64(0, 5n);
  const committedTxn = buildRecordBatch({ records: [rec("c6")], baseOffset: 6n, producerId: 9n, producerEpoch: 0, baseSequence: 2, isTransactional: true });
  const bytes = concat(plain, abortedTxn, abortMarker, committedTxn);

  const committed = fetchedRecords(0, bytes, 1n, [{ producerId: 9n, firstOffset: 3n }]);
  expect(committed.records.map((r) => [r.offset, new TextDecoder().decode(r.value!)])).toEqual([[1n, "p1"], [2n, "p2"], [6n, "c6"]]);
  expect(committed.nextOffset).toBe(7n);
  const uncommitted = fetchedRecords(0, bytes, 0n, null);
  expect(uncommitted.records.map((r) => Number(r.offset))).toEqual([0, 1, 2, 3, 4, 6]);
  // A partial last batch (Fetch's max bytes cut it) is left for the next fetch.
  const cut = fetchedRecords(0, bytes.subarray(0, bytes.length - 5), 0n, null);
  expect(cut.nextOffset).toBe(6n);
});

test("output formats: value, JSON and kcat templates", () => {
  const r = { partition: 2, offset: 41n, timestamp: 1700n, timestampType: "CreateTime" as const, key: enc.encode("k"), value: enc.encode("v\u00e9"), headers: [{ key: enc.encode("h"), value: enc.encode("1") }, { key: enc.encode("n"), value: null }] };
  expect(valueFormatter()("t", r)).toBe("v\u00e9\n");
  expect(valueFormatter()("t", { ...r, value: null })).toBe("null\n");
  expect(JSON.parse(jsonFormatter()("t", r))).toEqual({ topic: "t", partition: 2, offset: 41, timestamp: 1700, timestampType: "CreateTime", key: "k", value: "v\u00e9", headers: [{ key: "h", value: "1" }, { key: "n", value: null }] });
  expect(templateFormatter("%t %p %o %k=%s %K/%S [%h] %T 100%%\\t|\\n")("t", r)).toBe("t 2 41 k=v\u00e9 1/3 [h=1,n=] 1700 100%\t|\n");
  expect(() => templateFormatter("%z")).toThrow(CliError);
  expect(() => templateFormatter("50%")).toThrow(CliError);
});

test("--from: beginning, end, offsets and @timestamps; anything else names what is allowed", () => {
  expect(parseFrom("beginning")).toEqual({ kind: "beginning" });
  expect(parseFrom("end")).toEqual({ kind: "end" });
  expect(parseFrom("42")).toEqual({ kind: "offset", offset: 42n });
  expect(parseFrom("@1700000000000")).toEqual({ kind: "timestamp", ms: 1_700_000_000_000n });
  expect(parseFrom("-5")).toEqual({ kind: "last", count: 5n });
  for (const bad of ["", "-0", "--1", "@", "@x", "soon", "99999999999999999999"]) expect(() => parseFrom(bad)).toThrow(CliError);
});

test("stdin lines: split across chunks, CRLF, a last line without newline, and a bound on line length", async () => {
  const stream = (chunks: string[]) => new Blob(chunks).stream();
  const got: string[] = [];
  for await (const l of lines(stream(["a\r\nb", "b\n\nc"]), 100)) got.push(l);
  expect(got).toEqual(["a", "bb", "", "c"]);
  const long = async () => {
    for await (const l of lines(stream(["x".repeat(50), "y".repeat(60)]), 100)) void l;
  };
  await expect(long()).rejects.toThrow(CliError);
});

test("Kafka's report order: java.util.HashMap iteration over String hash codes", () => {
  expect(javaStringHash("hello")).toBe(99162322);
  expect(javaStringHash("")).toBe(0);
  // 16 buckets by default: keys come out by (h ^ h >>> 16) & 15, insertion order within a bucket.
  const keys = ["/d/00000000000000000071.log", "/d/00000000000000000103.log", "/d/00000000000000000000.log", "b", "a"];
  const bucket = (k: string) => {
    const h = javaStringHash(k);
    return (h ^ (h >>> 16)) & 15;
  };
  const order = javaHashMapOrder(keys);
  expect([...order].sort()).toEqual([...keys].sort());
  for (let i = 1; i < order.length; i++) expect(bucket(order[i - 1]!)).toBeLessThanOrEqual(bucket(order[i]!));
});
