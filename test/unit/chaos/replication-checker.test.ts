// The replication chaos checker (test/support/replication-checker.ts) must report every kind of
// violation it is there for, and nothing on a clean history: otherwise a chaos run that passes proves
// nothing.
import { describe, expect, test } from "bun:test";
import { checkHistory, failoverMs, historyIsClean } from "../../support/replication-checker.ts";
import type { AckedRecord, History, ReadRecord } from "../../support/replication-checker.ts";

const ack = (partition: number, offset: number, value: string, sentAtMs = 0, ackedAtMs = 1): AckedRecord => ({ partition, offset, value, sentAtMs, ackedAtMs });
const rec = (partition: number, offset: number, value: string): ReadRecord => ({ partition, offset, value });

/** Two partitions, three records each, every one acknowledged, read during the run and at the end. */
function clean(): { acks: AckedRecord[]; duringRun: ReadRecord[]; final: ReadRecord[]; sent: Set<string> } {
  const acks = [ack(0, 0, "a-0"), ack(1, 0, "a-1"), ack(0, 1, "a-2"), ack(1, 1, "a-3"), ack(0, 2, "a-4"), ack(1, 2, "a-5")];
  const final = acks.map((a) => rec(a.partition, a.offset, a.value));
  return { acks, duringRun: final.slice(0, 4), final, sent: new Set(acks.map((a) => a.value)) };
}

const check = (h: Partial<History> & Pick<History, "final">) => checkHistory({ acks: [], duringRun: [], sent: null, ...h });

describe("replication checker", () => {
  test("a clean history has no violation", () => {
    const r = checkHistory(clean());
    expect(r).toMatchObject({ acknowledged: 6, readAtEnd: 6, readDuringRun: 4, lost: 0, duplicates: 0, inconsistentOffsets: 0, readThenTruncated: 0, phantoms: 0 });
    expect(historyIsClean(r)).toBe(true);
  });

  test("an unacknowledged record (a failed send) may be in the log once", () => {
    const h = clean();
    h.final.push(rec(0, 3, "a-6"));
    h.sent.add("a-6");
    expect(historyIsClean(checkHistory(h))).toBe(true);
  });

  test("a lost acknowledged record", () => {
    const h = clean();
    const final = h.final.filter((r) => r.value !== "a-5"); // the tail of partition 1 is gone
    const r = checkHistory({ ...h, final, duringRun: [] });
    expect(r.lost).toBe(1);
    expect(r.examples.join("\n")).toContain(`lost "a-5"`);
    expect(historyIsClean(r)).toBe(false);
  });

  test("a lost record whose offset now holds another value is lost and inconsistent", () => {
    const h = clean();
    const final = h.final.map((r) => (r.value === "a-4" ? rec(0, 2, "b-0") : r));
    const r = checkHistory({ ...h, final, sent: new Set([...h.sent, "b-0"]) });
    expect(r.lost).toBe(1);
    expect(r.inconsistentOffsets).toBe(1);
  });

  test("a duplicate: one value at two offsets", () => {
    const h = clean();
    h.final.push(rec(0, 3, "a-2")); // a retried batch written twice
    const r = checkHistory(h);
    expect(r.duplicates).toBe(1);
    expect(r.lost).toBe(0);
    expect(r.examples.join("\n")).toContain(`duplicate "a-2" at 0/1, 0/3`);
  });

  test("a duplicate across partitions counts too", () => {
    const r = check({ final: [rec(0, 0, "x"), rec(1, 0, "x")] });
    expect(r.duplicates).toBe(1);
  });

  test("an inconsistent offset: two reads disagree on one offset", () => {
    const h = clean();
    h.duringRun.push(rec(1, 1, "zz")); // a consumer once saw another value at 1/1
    const r = checkHistory(h);
    expect(r.inconsistentOffsets).toBe(1);
    expect(r.examples.join("\n")).toContain("inconsistent offset 1/1");
  });

  test("an inconsistent offset: the acknowledgement names an offset that holds another value", () => {
    const h = clean();
    const final = h.final.map((r) => (r.value === "a-0" ? rec(0, 5, "a-0") : r.value === "a-2" ? rec(0, 0, "a-2") : r));
    const r = checkHistory({ ...h, duringRun: [], final });
    expect(r.inconsistentOffsets).toBeGreaterThanOrEqual(1);
    expect(r.lost).toBe(0);
  });

  test("an inconsistent offset: two acknowledgements of one offset", () => {
    const r = check({ acks: [ack(0, 0, "p"), ack(0, 0, "q")], final: [rec(0, 0, "p"), rec(0, 1, "q")] });
    expect(r.inconsistentOffsets).toBeGreaterThanOrEqual(1);
  });

  test("a record served during the run and truncated afterwards (read past the high watermark)", () => {
    const h = clean();
    h.duringRun.push(rec(1, 3, "a-7")); // served, never acknowledged, gone at the end
    h.sent.add("a-7");
    const r = checkHistory(h);
    expect(r.readThenTruncated).toBe(1);
    expect(r.lost).toBe(0);
    expect(r.examples.join("\n")).toContain(`read then truncated: "a-7" served at 1/3`);
  });

  test("a record served during the run and replaced at its offset is truncated and inconsistent", () => {
    const h = clean();
    h.duringRun.push(rec(1, 3, "a-7"));
    h.final.push(rec(1, 3, "a-9"));
    h.sent.add("a-7").add("a-9");
    const r = checkHistory(h);
    expect(r.readThenTruncated).toBe(1);
    expect(r.inconsistentOffsets).toBe(1);
  });

  test("one truncated record read many times counts once", () => {
    const h = clean();
    for (let i = 0; i < 5; i++) h.duringRun.push(rec(1, 3, "a-7"));
    h.sent.add("a-7");
    expect(checkHistory(h).readThenTruncated).toBe(1);
  });

  test("a phantom: a value no producer sent", () => {
    const h = clean();
    h.final.push(rec(0, 3, "garbage"));
    const r = checkHistory(h);
    expect(r.phantoms).toBe(1);
    expect(check({ final: [rec(0, 0, "garbage")] }).phantoms).toBe(0); // sent unknown: not checked
  });

  test("examples are bounded, counts are exact", () => {
    const acks = Array.from({ length: 500 }, (_, i) => ack(0, i, `v-${i}`));
    const r = check({ acks, final: [] });
    expect(r.lost).toBe(500);
    expect(r.examples.length).toBeLessThanOrEqual(40);
  });
});

describe("failover time", () => {
  const acks = [ack(0, 0, "a", 100, 150), ack(0, 1, "b", 990, 2_500), ack(1, 0, "c", 1_000, 1_200), ack(0, 2, "d", 1_100, 3_000)];

  test("from the fault to the first acknowledgement of a record sent after it", () => {
    expect(failoverMs(acks, 1_000, null)).toBe(200);
    // Only the partitions the victim led: partition 0's first post-fault send is acknowledged at 3000.
    expect(failoverMs(acks, 1_000, [0])).toBe(2_000);
  });

  test("a record sent before the fault does not count, and none at all is null", () => {
    expect(failoverMs(acks, 1_050, [0])).toBe(1_950); // "b" was sent at 990: not counted
    expect(failoverMs(acks, 5_000, null)).toBeNull();
    expect(failoverMs(acks, 1_000, [0], 2_900)).toBeNull();
  });
});
