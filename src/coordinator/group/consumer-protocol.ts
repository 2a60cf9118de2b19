// The parts of the consumer embedded protocol (ConsumerProtocolSubscription / Assignment, the bytes
// inside JoinGroup metadata and SyncGroup assignments) the coordinator reads: the subscribed topics,
// to answer OffsetDelete with GROUP_SUBSCRIBED_TO_TOPIC. Layout (versions 0-3, not flexible):
//   version int16 | topics: int32 count, each int16 length + UTF-8 | user_data ... (ignored)

/** Most topics read from one subscription: bounded by the bytes anyway (2 bytes per topic at least). */
const MAX_TOPICS = 1 << 20;

export function parseConsumerSubscriptionTopics(b: Uint8Array): string[] | null {
  if (b.length < 6) return null;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const version = dv.getInt16(0);
  if (version < 0) return null;
  const count = dv.getInt32(2);
  if (count < 0 || count > MAX_TOPICS || count * 2 > b.length - 6) return null;
  const out: string[] = [];
  let pos = 6;
  const dec = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (pos + 2 > b.length) return null;
    const len = dv.getInt16(pos);
    pos += 2;
    if (len < 0 || pos + len > b.length) return null;
    out.push(dec.decode(b.subarray(pos, pos + len)));
    pos += len;
  }
  return out;
}

/** Encode a subscription (version 0): used by tests and by KIP-848 classic-member interop later. */
export function encodeConsumerSubscription(topics: readonly string[], userData: Uint8Array | null = null): Uint8Array {
  const enc = new TextEncoder();
  const names = topics.map((t) => enc.encode(t));
  const size = 2 + 4 + names.reduce((s, n) => s + 2 + n.length, 0) + 4 + (userData?.length ?? 0);
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  dv.setInt16(0, 0);
  dv.setInt32(2, names.length);
  let pos = 6;
  for (const n of names) {
    dv.setInt16(pos, n.length);
    out.set(n, pos + 2);
    pos += 2 + n.length;
  }
  dv.setInt32(pos, userData === null ? -1 : userData.length);
  if (userData) out.set(userData, pos + 4);
  return out;
}
