// NetworkClient under a FakeClock over MemoryTransport: version negotiation (KIP-511 included), request
// timeouts that close the connection, reconnect back-off with jitter (seeded), the in-flight and queue
// bounds, and a response stream that cannot be trusted (wrong correlation id) closing the connection.

import { expect, test } from "bun:test";
import { FakeClock } from "../../../src/util/purgatory/fake-clock.ts";
import { MemoryTransport } from "../../../src/network/memory-transport.ts";
import { DEFAULT_NETWORK_CLIENT_CONFIG, NetworkClient, type NetworkClientConfig } from "../../../src/network/network-client.ts";
import { DisconnectException, QueueFullException, TimeoutException, UnsupportedVersionException } from "../../../src/network/network-errors.ts";
import { ExponentialBackoff } from "../../../src/network/exponential-backoff.ts";
import { FakeKafkaNode } from "../../support/fake-kafka-node.ts";
import { encodeResponse } from "../../../src/protocol/frame.ts";
import { API_CODECS } from "../../../src/protocol/generated/apis.ts";
import { seededRandom as seeded } from "../../support/seeded-random.ts";

const SEED = Number(process.env.STRAND_TEST_SEED ?? 20261201);
console.log(`network-client seed=${SEED}`);

const NODE = { id: 1, host: "n1", port: 9092 };

function setup(overrides: Partial<NetworkClientConfig> = {}) {
  const clock = new FakeClock(1_000);
  const net = new MemoryTransport(clock);
  const client = new NetworkClient({ ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId: "test", ...overrides }, net.forNode("client"), clock, seeded(SEED));
  return { clock, net, client };
}

/** Let promise callbacks run, then deliver what is due now; a few rounds cover connect + handshake + reply. */
async function settle(clock: FakeClock, rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await new Promise((r) => setImmediate(r));
    clock.advance(0);
  }
}

test("ApiVersions first, then each request at the highest version both sides serve", async () => {
  const { clock, net, client } = setup();
  const node = new FakeKafkaNode(net, "n1", 9092);
  node.ranges.set(3, { min: 0, max: 9 });
  node.handlers.set(3, () => ({ clusterId: "c1", controllerId: 1 }));
  const p = client.send<{ clusterId: string }>(NODE, 3, { topics: [] });
  expect(client.connectionState(1)).toBe("CONNECTING");
  await settle(clock);
  const r = await p;
  expect(r.version).toBe(9);
  expect(r.body.clusterId).toBe("c1");
  expect(node.received.map((x) => [x.apiKey, x.version])).toEqual([[18, 5], [3, 9]]);
  expect(node.received[0]!.body.clientSoftwareName).toBe("strand");
  expect(node.received[1]!.clientId).toBe("test");
  expect(client.connectionState(1)).toBe("READY");
  // The caller's range narrows the choice.
  const q = client.send(NODE, 3, { topics: [] }, { maxVersion: 4 });
  await settle(clock);
  expect((await q).version).toBe(4);
  client.close();
});

test("KIP-511: an ApiVersions version the node does not know is retried at the node's own highest", async () => {
  const { clock, net, client } = setup();
  const node = new FakeKafkaNode(net, "n1", 9092);
  node.ranges.set(18, { min: 0, max: 3 });
  const p = client.send(NODE, 3, { topics: [] });
  await settle(clock, 10);
  await p;
  expect(node.received.map((x) => [x.apiKey, x.version])).toEqual([[18, 5], [18, 3], [3, 13]]);
  client.close();
});

test("an API the node does not serve, or not in the caller's range, fails with UnsupportedVersionException", async () => {
  const { clock, net, client } = setup();
  const node = new FakeKafkaNode(net, "n1", 9092);
  node.ranges.delete(52);
  node.ranges.set(3, { min: 0, max: 3 });
  const a = client.send(NODE, 52, {}).catch((e: unknown) => e);
  const b = client.send(NODE, 3, { topics: [] }, { minVersion: 5 }).catch((e: unknown) => e);
  await settle(clock);
  expect(await a).toBeInstanceOf(UnsupportedVersionException);
  const eb = (await b) as Error;
  expect(eb).toBeInstanceOf(UnsupportedVersionException);
  expect(eb.message).toContain("serves versions 0-3, this side sends 5-");
  expect(client.connectionState(1)).toBe("READY");
  client.close();
});

test("a request that times out in flight closes the connection; the others in flight fail as disconnected", async () => {
  const { clock, net, client } = setup({ requestTimeoutMs: 5_000 });
  const node = new FakeKafkaNode(net, "n1", 9092);
  node.handlers.set(3, () => "hold");
  const a = client.send(NODE, 3, { topics: [] }).catch((e: unknown) => e);
  await settle(clock);
  clock.advance(1_000);
  const b = client.send(NODE, 3, { topics: [] }).catch((e: unknown) => e);
  await settle(clock);
  expect(client.inFlightCount(1)).toBe(2);
  clock.advance(3_999);
  await settle(clock);
  expect(client.inFlightCount(1)).toBe(2);
  clock.advance(1);
  await settle(clock);
  const ea = (await a) as Error;
  expect(ea).toBeInstanceOf(TimeoutException);
  expect(ea.message).toBe("api 3 v13 request to node 1 timed out after 5000 ms");
  expect(await b).toBeInstanceOf(DisconnectException);
  expect(client.connectionState(1)).toBe("DISCONNECTED");
  expect(net.openLinks).toBe(0);
  client.close();
});

test("reconnect back-off: reconnect.backoff.ms doubling to the max with 20% jitter; a queued request waits through it", async () => {
  const clock = new FakeClock(1_000);
  const net = new MemoryTransport(clock);
  const attempts: number[] = [];
  // Count connection attempts by time: nothing listens yet, so each is refused.
  const inner = net.forNode("client");
  const counting = {
    connect: (h: string, p: number, handlers: Parameters<MemoryTransport["connect"]>[2]) => {
      attempts.push(clock.nowMs());
      return inner.connect(h, p, handlers);
    },
  };
  const client = new NetworkClient({ ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId: "t", reconnectBackoffMs: 100, reconnectBackoffMaxMs: 1_000, requestTimeoutMs: 60_000 }, counting, clock, seeded(SEED));
  const p = client.send(NODE, 3, { topics: [] });
  for (let i = 0; i < 80; i++) {
    await settle(clock, 2);
    clock.advance(50);
  }
  expect(attempts.length).toBeGreaterThanOrEqual(5);
  const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
  // Each gap is the back-off for that attempt (rounded up to the 50 ms steps of this loop), within jitter.
  gaps.forEach((g, i) => {
    const nominal = Math.min(100 * 2 ** i, 1_000);
    expect(g).toBeGreaterThanOrEqual(Math.min(Math.floor(nominal * 0.8), 1_000) - 50);
    expect(g).toBeLessThanOrEqual(Math.min(nominal * 1.2, 1_000) + 100);
  });
  expect(gaps.at(-1)!).toBeGreaterThan(700);
  // The node comes up: the queued request goes out on the next attempt.
  new FakeKafkaNode(net, "n1", 9092);
  for (let i = 0; i < 30; i++) {
    await settle(clock, 2);
    clock.advance(50);
  }
  expect((await p).version).toBe(13);
  client.close();
});

test("ExponentialBackoff: Kafka's formula, capped, jittered within ±20%", () => {
  const b = new ExponentialBackoff({ initialMs: 50, multiplier: 2, maxMs: 1_000, jitter: 0.2 });
  expect(b.backoffMs(0, () => 0.5)).toBe(50);
  expect(b.backoffMs(3, () => 0.5)).toBe(400);
  expect(b.backoffMs(30, () => 0.5)).toBe(1_000);
  expect(b.backoffMs(2, () => 0)).toBe(160);
  expect(b.backoffMs(2, () => 0.999999)).toBe(239);
  expect(new ExponentialBackoff({ initialMs: 100, multiplier: 2, maxMs: 100, jitter: 0.2 }).backoffMs(5, () => 0)).toBe(100);
  expect(() => new ExponentialBackoff({ initialMs: 1, multiplier: 0.5, maxMs: 1, jitter: 0 })).toThrow(/multiplier >= 1/);
});

test("max.in.flight.requests.per.connection holds the rest in the queue; the queue is bounded", async () => {
  const { clock, net, client } = setup({ maxInFlightRequestsPerConnection: 2, maxQueuedRequestsPerNode: 3 });
  const node = new FakeKafkaNode(net, "n1", 9092);
  node.handlers.set(3, () => "hold");
  const ps = [0, 1, 2].map(() => client.send(NODE, 3, { topics: [] }));
  expect(await client.send(NODE, 3, { topics: [] }).catch((e: unknown) => e)).toBeInstanceOf(QueueFullException);
  await settle(clock);
  // Two went out; one waits for a slot, so two more fit in the queue.
  expect(client.inFlightCount(1)).toBe(2);
  ps.push(client.send(NODE, 3, { topics: [] }), client.send(NODE, 3, { topics: [] }));
  expect(await client.send(NODE, 3, { topics: [] }).catch((e: unknown) => e)).toBeInstanceOf(QueueFullException);
  const sent = () => node.received.filter((r) => r.apiKey === 3);
  expect(sent().length).toBe(2);
  node.reply(sent()[0]!, { clusterId: "r0" });
  await settle(clock);
  expect(sent().length).toBe(3);
  // Answer the rest in order as they go out; never more than two in flight.
  for (let i = 1; i < 5; i++) {
    expect(client.inFlightCount(1)).toBeLessThanOrEqual(2);
    node.reply(sent()[i]!, { clusterId: `r${i}` });
    await settle(clock);
  }
  const bodies = (await Promise.all(ps)).map((r) => (r.body as { clusterId: string }).clusterId);
  expect(bodies).toEqual(["r0", "r1", "r2", "r3", "r4"]);
  client.close();
});

test("a response whose correlation id is not the oldest in flight closes the connection", async () => {
  const { clock, net, client } = setup();
  const node = new FakeKafkaNode(net, "n1", 9092);
  node.handlers.set(3, () => "hold");
  const a = client.send(NODE, 3, { topics: [] }).catch((e: unknown) => e);
  await settle(clock);
  const req = node.received.find((r) => r.apiKey === 3)!;
  node.replyRaw(req, encodeResponse(3, req.version, req.correlationId + 7, API_CODECS.get(3)!.newResponse()));
  await settle(clock);
  const e = (await a) as Error;
  expect(e).toBeInstanceOf(DisconnectException);
  expect(e.message).toContain("does not match the oldest request in flight");
  expect(client.connectionState(1)).toBe("DISCONNECTED");
  client.close();
});

test("an oversized response frame closes the connection instead of buffering it", async () => {
  const { clock, net, client } = setup({ maxResponseBytes: 1024 });
  const node = new FakeKafkaNode(net, "n1", 9092);
  node.handlers.set(3, () => "hold");
  const a = client.send(NODE, 3, { topics: [] }).catch((e: unknown) => e);
  await settle(clock);
  const req = node.received.find((r) => r.apiKey === 3)!;
  const frame = new Uint8Array(8);
  new DataView(frame.buffer).setInt32(0, 1 << 30);
  node.replyRaw(req, frame);
  await settle(clock);
  expect(((await a) as Error).message).toContain("larger than the limit of 1024 bytes");
  client.close();
});

test("a node that moves (new host:port) is reached at its new address", async () => {
  const { clock, net, client } = setup();
  const a = new FakeKafkaNode(net, "n1", 9092);
  const b = new FakeKafkaNode(net, "n1b", 9093);
  await Promise.all([client.send(NODE, 3, { topics: [] }), settle(clock)]);
  await Promise.all([client.send({ ...NODE, host: "n1b", port: 9093 }, 3, { topics: [] }), settle(clock)]);
  expect(a.connections).toBe(1);
  expect(b.connections).toBe(1);
  client.close();
});

test("waitForConnection: false fails the request with the connection attempt that fails; others keep waiting", async () => {
  const clock = new FakeClock(1_000);
  const net = new MemoryTransport(clock);
  const client = new NetworkClient({ ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId: "t", reconnectBackoffMs: 100, requestTimeoutMs: 60_000 }, net.forNode("client"), clock, seeded(SEED));
  // Nothing listens: the first attempt is refused.
  const failFast = client.send(NODE, 3, { topics: [] }, { waitForConnection: false }).then(() => null, (e: Error) => e);
  const waiting = client.send(NODE, 3, { topics: [] });
  await settle(clock, 4);
  const e = await failFast;
  expect(e).toBeInstanceOf(DisconnectException);
  expect(e!.message).toContain("never sent");
  // While the node backs off after that failure, another such send fails at once.
  const during = await client.send(NODE, 3, { topics: [] }, { waitForConnection: false }).then(() => null, (x: Error) => x);
  expect(during).toBeInstanceOf(DisconnectException);
  expect(during!.message).toContain("reconnecting in");
  // The default request is still queued: the node comes up and it is answered.
  new FakeKafkaNode(net, "n1", 9092);
  for (let i = 0; i < 30; i++) {
    await settle(clock, 2);
    clock.advance(50);
  }
  expect((await waiting).version).toBe(13);
  client.close();
});
