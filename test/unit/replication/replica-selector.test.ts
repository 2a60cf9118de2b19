// KIP-392's preferred read replica on the leader (replica-selector.ts), as Kafka's
// findPreferredReadReplica with LeaderReplicaSelector / RackAwareReplicaSelector.
import { expect, test } from "bun:test";
import { findPreferredReadReplica, LEADER_REPLICA_SELECTOR, RACK_AWARE_REPLICA_SELECTOR, replicaSelectorOf } from "../../../src/replication/replica-selector.ts";

const racks: Record<number, string | null> = { 1: "a", 2: "b", 3: "b", 4: null };
const broker = (id: number) => ({ rack: racks[id] ?? null, hasEndpoint: id !== 5 });
const follower = (brokerId: number, logEndOffset: number, lastCaughtUpTimeMs = 1_000, logStartOffset = 0) => ({ brokerId, logStartOffset, logEndOffset, lastCaughtUpTimeMs });

test("replica.selector.class: Kafka's two selectors by class name, unset is none, anything else refused naming both", () => {
  expect(replicaSelectorOf(null)).toBeNull();
  expect(replicaSelectorOf(LEADER_REPLICA_SELECTOR)).toBe("leader");
  expect(replicaSelectorOf(RACK_AWARE_REPLICA_SELECTOR)).toBe("rack-aware");
  expect(() => replicaSelectorOf("com.example.MySelector")).toThrow(/replica.selector.class=com.example.MySelector .*LeaderReplicaSelector.*RackAwareReplicaSelector/);
});

test("rack-aware: a follower in the client's rack that holds the offset; the leader when it is in that rack, no rack was sent, or none is", () => {
  const isr = [1, 2, 3];
  const pick = (clientRack: string, followers = [follower(2, 100), follower(3, 100)], fetchOffset = 50) =>
    findPreferredReadReplica("rack-aware", clientRack, 1, 100, isr, followers, fetchOffset, 2_000, broker);
  expect(pick("a")).toBe(-1); // the leader is in rack a
  expect(pick("")).toBe(-1);
  expect(pick("z")).toBe(-1);
  // Two followers in rack b: the larger log end wins, then the more recently caught up.
  expect(pick("b", [follower(2, 90), follower(3, 100)])).toBe(3);
  expect(pick("b", [follower(2, 100, 1_900), follower(3, 100, 1_000)])).toBe(2);
  // A follower below the fetch offset, or whose log starts after it, is no candidate.
  expect(pick("b", [follower(2, 40), follower(3, 100, 1_000, 60)])).toBe(-1);
});

test("followers out of the ISR or without an endpoint on the client's listener are not chosen; the leader selector never moves a consumer", () => {
  expect(findPreferredReadReplica("rack-aware", "b", 1, 100, [1, 3], [follower(2, 100), follower(3, 100)], 10, 2_000, broker)).toBe(3);
  expect(findPreferredReadReplica("rack-aware", "b", 1, 100, [1], [follower(2, 100), follower(3, 100)], 10, 2_000, broker)).toBe(-1);
  const noEndpoint = (id: number) => ({ rack: "b", hasEndpoint: id === 1 });
  expect(findPreferredReadReplica("rack-aware", "b", 1, 100, [1, 2], [follower(2, 100)], 10, 2_000, (id) => (id === 1 ? { rack: "a", hasEndpoint: true } : noEndpoint(id)))).toBe(-1);
  expect(findPreferredReadReplica("leader", "b", 1, 100, [1, 2, 3], [follower(2, 100), follower(3, 100)], 10, 2_000, broker)).toBe(-1);
});
