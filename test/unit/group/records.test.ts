import { describe, expect, test } from "bun:test";
import { javaStringHashCode, partitionForGroup } from "../../../src/coordinator/group/partitioner.ts";
import { decodeRecord, groupMetadataRecord, offsetCommitRecord } from "../../../src/coordinator/group/records.ts";
import { ZERO_UUID } from "../../../src/protocol/primitives/codec-runtime.ts";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

describe("__consumer_offsets placement", () => {
  test("Java String.hashCode and Utils.abs", () => {
    expect(javaStringHashCode("test")).toBe(3556498);
    expect(javaStringHashCode("")).toBe(0);
    // The well-known string whose hashCode is Integer.MIN_VALUE: Utils.abs maps it to 0.
    expect(javaStringHashCode("polygenelubricants")).toBe(-2147483648);
    expect(partitionForGroup("polygenelubricants", 50)).toBe(0);
    expect(partitionForGroup("test", 50)).toBe(3556498 % 50);
    // UTF-16 code units, not UTF-8 bytes: "é" is one unit (0xe9).
    expect(javaStringHashCode("é")).toBe(0xe9);
    expect(javaStringHashCode("😀")).toBe(0xd83d * 31 + 0xde00);
  });
});

describe("coordinator records in Kafka 4.4's format", () => {
  test("offset commit key: int16 type 1, then group, topic, partition (key version 0)", () => {
    const kv = offsetCommitRecord({ group: "g", topic: "t", partition: 3 }, null);
    expect(hex(kv.key)).toBe("0001" + "0001" + "67" + "0001" + "74" + "00000003");
    expect(kv.value).toBeNull();
  });

  test("offset commit value: version 4 (flexible) unless an expire timestamp forces version 1", () => {
    const v = { offset: 42n, leaderEpoch: 5, metadata: "m", commitTimestamp: 1000n, expireTimestamp: -1n, topicId: ZERO_UUID };
    const kv = offsetCommitRecord({ group: "g", topic: "t", partition: 0 }, v);
    // 0004 | offset int64 | epoch int32 | compact string "m" (len+1=2) | commit ts | no tagged fields (zero topic id)
    expect(hex(kv.value!)).toBe("0004" + "000000000000002a" + "00000005" + "02" + "6d" + "00000000000003e8" + "00");
    const kv1 = offsetCommitRecord({ group: "g", topic: "t", partition: 0 }, { ...v, expireTimestamp: 2000n });
    // v1: offset | metadata (int16 string) | commit ts | expire ts
    expect(hex(kv1.value!)).toBe("0001" + "000000000000002a" + "0001" + "6d" + "00000000000003e8" + "00000000000007d0");
    const d = decodeRecord(kv1.key, kv1.value);
    expect(d.type).toBe("offset");
    if (d.type === "offset") expect(d.value).toMatchObject({ offset: 42n, metadata: "m", expireTimestamp: 2000n });
  });

  test("group metadata: type 2 key, value version 3, round trip", () => {
    const kv = groupMetadataRecord("grp", {
      protocolType: "consumer",
      generation: 7,
      protocol: "range",
      leader: "m1",
      currentStateTimestamp: 99n,
      members: [{ memberId: "m1", groupInstanceId: "i1", clientId: "c", clientHost: "/h", rebalanceTimeout: 1, sessionTimeout: 2, subscription: new Uint8Array([1]), assignment: new Uint8Array([2, 3]) }],
    });
    expect(hex(kv.key)).toBe("0002" + "0003" + Buffer.from("grp").toString("hex"));
    expect(hex(kv.value!.subarray(0, 2))).toBe("0003");
    const d = decodeRecord(kv.key, kv.value);
    expect(d.type).toBe("group");
    if (d.type === "group") {
      expect(d.groupId).toBe("grp");
      expect(d.value!.generation).toBe(7);
      expect(d.value!.members[0]!.groupInstanceId).toBe("i1");
      expect([...d.value!.members[0]!.assignment]).toEqual([2, 3]);
    }
    const tomb = decodeRecord(groupMetadataRecord("grp", null).key, null);
    expect(tomb).toEqual({ type: "group", groupId: "grp", value: null });
  });

  test("truncated records are typed errors, unknown types are passed through", () => {
    expect(() => decodeRecord(new Uint8Array([0, 1, 0, 5]), null)).toThrow(/record type 1/);
    expect(decodeRecord(new Uint8Array([0, 3, 0, 0]), null).type).toBe("other");
  });
});
