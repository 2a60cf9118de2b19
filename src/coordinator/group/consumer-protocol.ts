// The consumer embedded protocol (ConsumerProtocolSubscription / Assignment, the bytes inside JoinGroup
// metadata and SyncGroup assignments), through the generated codecs: an int16 version, then the struct
// of that version. The coordinator reads the subscribed topics to answer OffsetDelete with
// GROUP_SUBSCRIBED_TO_TOPIC, as Kafka's ConsumerProtocol.deserializeSubscription does: a version above the
// highest known is read as the highest (later versions only append fields), trailing bytes are ignored.

import { Reader } from "../../protocol/primitives/reader.ts";
import { encodeExact } from "../../protocol/primitives/writer.ts";
import {
  CONSUMER_PROTOCOL_SUBSCRIPTION_SCHEMA,
  newConsumerProtocolSubscription,
  readConsumerProtocolSubscription,
  writeConsumerProtocolSubscription,
} from "../../protocol/generated/messages/consumer-protocol-subscription.ts";
import type { ConsumerProtocolSubscription } from "../../protocol/generated/messages/consumer-protocol-subscription.ts";

/** The subscription in `b`, or null when it cannot be read (Kafka treats the topics as unknown then). */
export function parseConsumerSubscription(b: Uint8Array): ConsumerProtocolSubscription | null {
  const r = new Reader(b);
  const version = r.int16();
  if (!r.ok || version < 0) return null;
  const s = readConsumerProtocolSubscription(r, Math.min(version, CONSUMER_PROTOCOL_SUBSCRIPTION_SCHEMA.maxVersion));
  return r.ok ? s : null;
}

export function parseConsumerSubscriptionTopics(b: Uint8Array): string[] | null {
  return parseConsumerSubscription(b)?.topics ?? null;
}

/** Encode a subscription (version 0): used by tests and by KIP-848 classic-member interop later. */
export function encodeConsumerSubscription(topics: readonly string[], userData: Uint8Array | null = null): Uint8Array {
  const m = newConsumerProtocolSubscription();
  m.topics = [...topics];
  m.userData = userData;
  return encodeExact((s) => {
    s.int16(0);
    writeConsumerProtocolSubscription(s, m, 0);
  });
}
