// Replica placement against Apache Kafka 4.4.0's own StripedReplicaPlacer: the expected lists below
// were printed by Kafka's class (kafka-metadata-4.4.0.jar) run with java.util.Random(seed) over the same
// usable brokers (racks, fencing), so a seeded Strand placement must be Kafka's, list for list. Also
// java.util.Random's sequence and Collections.shuffle, and rack spread as a property over seeds.
import { expect, test } from "bun:test";
import { InvalidReplicationFactorError, JavaRandom, placeReplicas, type UsableBroker } from "../../../src/metadata/replica-placer.ts";

const b = (id: number, rack: string | null = null, fenced = false): UsableBroker => ({ id, rack, fenced });

test("java.util.Random: nextInt and Collections.shuffle as Java's for the same seed", () => {
  const r = new JavaRandom(42n);
  const got: number[] = [];
  for (let i = 0; i < 8; i++) got.push(r.nextInt(10), r.nextInt(7), r.nextInt(1 << 20), r.nextInt(1_000_000_007));
  expect(got.join(",")).toBe(
    "0,5,716411,102948884,0,4,290537,519796911,9,3,947254,969067502,6,0,289142,482678025,6,5,820932,974241393,3,1,461163,610411236,1,0,837064,380917387,6,5,354741,450472430",
  );
  const list = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  new JavaRandom(7n).shuffle(list);
  expect(list).toEqual([9, 3, 4, 2, 1, 7, 5, 6, 8]);
});

// [name, seed, brokers, partitions, rf, Kafka's answer]
const CASES: Array<[string, bigint, UsableBroker[], number, number, string]> = [
  ["norack-3x6-rf3", 1n, [b(1), b(2), b(3)], 6, 3, "[1,2,3];[2,3,1];[3,1,2];[3,1,2];[1,2,3];[2,3,1];"],
  ["norack-5x10-rf2", 99n, [b(1), b(2), b(3), b(4), b(5)], 10, 2, "[3,4];[4,5];[5,1];[1,2];[2,3];[1,3];[3,5];[5,2];[2,4];[4,1];"],
  ["racks-3x2-rf3", 5n, [b(1, "a"), b(2, "a"), b(3, "b"), b(4, "b"), b(5, "c"), b(6, "c")], 12, 3, "[5,2,3];[1,4,6];[3,5,2];[6,1,4];[2,3,5];[4,6,1];[1,6,3];[5,4,2];[3,1,6];[2,5,4];[6,3,1];[4,2,5];"],
  ["racks-uneven-rf2", 11n, [b(1, "east"), b(2, "east"), b(3, "east"), b(4, "west"), b(7)], 9, 2, "[7,3];[1,4];[4,7];[7,2];[3,4];[7,1];[3,4];[4,7];[7,2];"],
  ["fenced-rf3", 3n, [b(1), b(2, null, true), b(3)], 4, 3, "[3,1,2];[1,3,2];[3,1,2];[1,3,2];"],
  ["fenced-racks", 8n, [b(1, "a"), b(2, "a", true), b(3, "b", true), b(4, "b")], 5, 4, "[1,4,2,3];[4,1,3,2];[4,1,3,2];[1,4,2,3];[4,1,3,2];"],
  [
    "many-racks",
    1234n,
    [...Array.from({ length: 13 }, (_, i) => b(i + 1, `r${i + 1}`)), b(14, "r1")],
    20,
    3,
    "[5,6,7];[6,7,8];[7,8,9];[8,9,14];[9,1,10];[14,10,11];[10,11,12];[11,12,13];[12,13,2];[13,2,3];[2,3,4];[3,4,5];[4,5,6];[5,6,7];[11,3,14];[3,1,6];[14,6,2];[6,2,7];[2,7,8];[7,8,12];",
  ],
];

for (const [name, seed, brokers, partitions, rf, expected] of CASES) {
  test(`placement equals Kafka 4.4.0's StripedReplicaPlacer: ${name} (seed ${seed})`, () => {
    const got = placeReplicas(new JavaRandom(seed), brokers, partitions, rf);
    expect(got.map((r) => `[${r.join(",")}]`).join(";") + ";").toBe(expected);
  });
}

test("refusals with Kafka's texts", () => {
  const err = (brokers: UsableBroker[], rf: number): string => {
    try {
      placeReplicas(new JavaRandom(1n), brokers, 1, rf);
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidReplicationFactorError);
      return (e as Error).message;
    }
    throw new Error("placed");
  };
  expect(err([b(1, null, true)], 1)).toBe("All brokers are currently fenced, or have all their log directories cordoned.");
  expect(err([b(1), b(2, null, true)], 3)).toBe("The target replication factor of 3 cannot be reached because only 2 broker(s) are registered or some brokers have all their log directories cordoned.");
  expect(err([b(1)], 0)).toBe("Invalid replication factor 0: the replication factor must be positive.");
});

test("rack spread: with RF <= racks every partition's replicas are on distinct racks, first replicas unfenced (seeds printed)", () => {
  const brokers = [b(1, "a"), b(2, "a"), b(3, "b"), b(4, "b", true), b(5, "c"), b(6, "c"), b(7, "d")];
  const rackOf = new Map(brokers.map((x) => [x.id, x.rack]));
  for (let seed = 1n; seed <= 200n; seed++) {
    const placed = placeReplicas(new JavaRandom(seed), brokers, 17, 3);
    for (const replicas of placed) {
      const ctx = { seed: String(seed), replicas };
      expect({ ...ctx, racks: new Set(replicas.map((r) => rackOf.get(r))).size }).toEqual({ ...ctx, racks: 3 });
      expect({ ...ctx, firstFenced: replicas[0] === 4 }).toEqual({ ...ctx, firstFenced: false });
    }
  }
});
