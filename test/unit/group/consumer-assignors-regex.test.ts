// Server assignors (uniform: balanced and sticky; range: contiguous per topic) and the RE2/J -> JS
// regex translation used for SubscribedTopicRegex.
import { describe, expect, test } from "bun:test";
import { uniformAssignor } from "../../../src/coordinator/group/assignors/uniform.ts";
import { rangeAssignor } from "../../../src/coordinator/group/assignors/range.ts";
import type { AssignorMember, AssignorTopic } from "../../../src/coordinator/group/assignors/assignor.ts";
import { compileTopicRegex, RegexError } from "../../../src/coordinator/group/regex.ts";

const topics = new Map<string, AssignorTopic>([
  ["A", { topicId: "A", name: "a", numPartitions: 7 }],
  ["B", { topicId: "B", name: "b", numPartitions: 3 }],
]);
const member = (id: string, subs: string[], current = new Map<string, Set<number>>()): AssignorMember => ({ memberId: id, instanceId: null, rackId: null, topics: new Set(subs), current });
const count = (a: Map<string, Set<number>>) => [...a.values()].reduce((n, s) => n + s.size, 0);

describe("uniform assignor", () => {
  test("every partition once, counts differ by at most one", () => {
    const out = uniformAssignor.assign([member("m1", ["A", "B"]), member("m2", ["A", "B"]), member("m3", ["A", "B"])], topics);
    const all = [...out.values()].flatMap((a) => [...a].flatMap(([t, ps]) => [...ps].map((p) => `${t}${p}`)));
    expect(new Set(all).size).toBe(10);
    expect(all.length).toBe(10);
    const counts = [...out.values()].map(count);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  test("sticky: a new member takes partitions only from over-loaded members", () => {
    const first = uniformAssignor.assign([member("m1", ["A"]), member("m2", ["A"])], topics);
    const next = uniformAssignor.assign([member("m1", ["A"], first.get("m1")), member("m2", ["A"], first.get("m2")), member("m3", ["A"])], topics);
    for (const id of ["m1", "m2"]) for (const p of next.get(id)!.get("A") ?? []) expect(first.get(id)!.get("A")!.has(p)).toBe(true);
    expect(count(next.get("m3")!)).toBe(2);
  });

  test("different subscriptions: each topic only to its subscribers", () => {
    const out = uniformAssignor.assign([member("m1", ["A"]), member("m2", ["B"])], topics);
    expect(count(out.get("m1")!)).toBe(7);
    expect([...out.get("m2")!.get("B")!].sort()).toEqual([0, 1, 2]);
  });
});

describe("range assignor", () => {
  test("contiguous ranges, first members get the extra partition", () => {
    const out = rangeAssignor.assign([member("m2", ["A"]), member("m1", ["A"])], topics);
    expect([...out.get("m1")!.get("A")!]).toEqual([0, 1, 2, 3]);
    expect([...out.get("m2")!.get("A")!]).toEqual([4, 5, 6]);
  });
});

describe("RE2/J regex translation", () => {
  test("whole-name match, inline flags, \\Q..\\E, POSIX classes, named groups", () => {
    expect(compileTopicRegex("orders.*").test("orders-1")).toBe(true);
    expect(compileTopicRegex("orders").test("my-orders")).toBe(false);
    expect(compileTopicRegex("(?i)ORDERS").test("orders")).toBe(true);
    expect(compileTopicRegex("\\Qa.b\\E").test("a.b")).toBe(true);
    expect(compileTopicRegex("\\Qa.b\\E").test("axb")).toBe(false);
    expect(compileTopicRegex("[[:digit:]]+").test("123")).toBe(true);
    expect(compileTopicRegex("(?P<x>t)-1").test("t-1")).toBe(true);
  });
  test("RE2 rejects what JS would accept: lookaround and backreferences", () => {
    expect(() => compileTopicRegex("a(?=b)")).toThrow(RegexError);
    expect(() => compileTopicRegex("(a)\\1")).toThrow(RegexError);
    expect(() => compileTopicRegex("(a")).toThrow(RegexError);
  });
});
