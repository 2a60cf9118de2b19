// The consumer embedded protocol goes through the generated ConsumerProtocolSubscription codec.
import { expect, test } from "bun:test";
import { encodeConsumerSubscription, parseConsumerSubscription, parseConsumerSubscriptionTopics } from "../../../src/coordinator/group/consumer-protocol.ts";
import { encodeExact } from "../../../src/protocol/primitives/writer.ts";
import { newConsumerProtocolSubscription, writeConsumerProtocolSubscription } from "../../../src/protocol/generated/messages/consumer-protocol-subscription.ts";

function encodeAt(version: number, topics: string[], extra: Uint8Array = new Uint8Array()): Uint8Array {
  const m = newConsumerProtocolSubscription();
  m.topics = topics;
  m.ownedPartitions = [{ topic: topics[0] ?? "x", partitions: [0, 1] }];
  m.generationId = 7;
  m.rackId = "r1";
  const body = encodeExact((s) => {
    s.int16(version);
    writeConsumerProtocolSubscription(s, m, Math.min(version, 3));
  });
  const out = new Uint8Array(body.length + extra.length);
  out.set(body);
  out.set(extra, body.length);
  return out;
}

test("v0 round trip, with and without user data; bytes as Kafka's ConsumerProtocol writes them", () => {
  const b = encodeConsumerSubscription(["a", "bc"], new Uint8Array([9]));
  // version 0 | 2 topics | "a" | "bc" | user_data length 1 | 9
  expect([...b]).toEqual([0, 0, 0, 0, 0, 2, 0, 1, 97, 0, 2, 98, 99, 0, 0, 0, 1, 9]);
  expect(parseConsumerSubscriptionTopics(b)).toEqual(["a", "bc"]);
  expect(parseConsumerSubscription(encodeConsumerSubscription([]))?.userData).toBeNull();
});

test("every version 0-3 is read; a higher version is read as 3 and trailing bytes are ignored", () => {
  for (const v of [0, 1, 2, 3]) expect(parseConsumerSubscriptionTopics(encodeAt(v, ["t1", "t2"]))).toEqual(["t1", "t2"]);
  const future = parseConsumerSubscription(encodeAt(9, ["t"], new Uint8Array([1, 2, 3])));
  expect(future?.topics).toEqual(["t"]);
  expect(future?.generationId).toBe(7);
  expect(future?.rackId).toBe("r1");
});

test("truncated, negative-version or over-long input is unknown (null), never a huge allocation", () => {
  const good = encodeConsumerSubscription(["topic"]);
  for (let n = 0; n < good.length; n++) expect(parseConsumerSubscriptionTopics(good.subarray(0, n))).toBeNull();
  expect(parseConsumerSubscriptionTopics(new Uint8Array([0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]))).toBeNull();
  // 2^31-1 topics declared in 10 bytes
  expect(parseConsumerSubscriptionTopics(new Uint8Array([0, 0, 0x7f, 0xff, 0xff, 0xff, 0, 0, 0, 0]))).toBeNull();
});
