// The outbound NetworkClient over real sockets, against a Strand broker and an Apache Kafka 4.4.0 broker:
// the ApiVersions handshake gives each node's own ranges (Kafka's as Kafka advertises them), requests go
// at the highest common version, and a node that goes away fails what was in flight with
// DisconnectException and leaves the connection DISCONNECTED, with later requests timing out, not hanging.
import { afterAll, expect, test } from "bun:test";
import { DEFAULT_NETWORK_CLIENT_CONFIG, NetworkClient } from "../../src/network/network-client.ts";
import { DisconnectException, TimeoutException } from "../../src/network/network-errors.ts";
import { socketTransport } from "../../src/network/transport.ts";
import { systemClock } from "../../src/util/purgatory/clock.ts";
import { API_BY_KEY } from "../../src/protocol/generated/api-table.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { probeKafkaDist, startKafka } from "../support/kafka-dist.ts";
import { startStrand } from "../support/strand.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 120_000);

function client(): NetworkClient {
  const c = new NetworkClient({ ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId: "strand-network-client-test", requestTimeoutMs: 15_000 }, socketTransport, systemClock);
  cleanups.push(async () => c.close());
  return c;
}

/** What the node advertises, read with the test client (independent of NetworkClient). */
async function advertised(port: number): Promise<Map<number, { min: number; max: number }>> {
  const c = await KafkaTestClient.connect(port);
  try {
    const r = await c.request<{ apiKeys: Array<{ apiKey: number; minVersion: number; maxVersion: number }> }>(18, 3, { clientSoftwareName: "t", clientSoftwareVersion: "1" });
    return new Map(r.apiKeys.map((k) => [k.apiKey, { min: k.minVersion, max: k.maxVersion }]));
  } finally {
    c.close();
  }
}

async function exercise(port: number, label: string): Promise<void> {
  const nc = client();
  const node = { id: 1, host: "127.0.0.1", port };
  const md = await nc.send<{ clusterId: string | null; brokers: Array<{ nodeId: number; port: number }> }>(node, 3, { topics: [] });
  const theirs = await advertised(port);
  expect(nc.apiVersions(1)).toEqual(theirs);
  expect(md.version, label).toBe(Math.min(theirs.get(3)!.max, API_BY_KEY.get(3)!.maxVersion));
  expect(md.body.brokers.map((b) => b.port), label).toEqual([port]);
  const dc = await nc.send<{ errorCode: number; clusterId: string }>(node, 60, {});
  expect(dc.body.errorCode, label).toBe(0);
  expect(dc.body.clusterId, label).toBe(md.body.clusterId!);
  expect(nc.connectionState(1)).toBe("READY");
}

test("against Strand: handshake, highest common versions; a killed node fails in-flight requests and later ones time out", async () => {
  const strand = await startStrand();
  cleanups.push(() => strand.kill());
  await exercise(strand.port, "strand");
  const nc = new NetworkClient({ ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId: "t", requestTimeoutMs: 3_000, connectionSetupTimeoutMs: 1_000 }, socketTransport, systemClock);
  cleanups.push(async () => nc.close());
  const node = { id: 1, host: "127.0.0.1", port: strand.port };
  await nc.send(node, 3, { topics: [] });
  // A Fetch that waits (max wait 10 s on an empty log) is in flight when the broker dies.
  const created = await nc.send<{ topics: Array<{ errorCode: number; topicId: string }> }>(node, 19, { topics: [{ name: "nc", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 });
  expect(created.body.topics[0]!.errorCode).toBe(0);
  const waiting = nc
    .send(node, 1, { maxWaitMs: 10_000, minBytes: 1, topics: [{ topicId: created.body.topics[0]!.topicId, topic: "nc", partitions: [{ partition: 0, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1024, replicaDirectoryId: "AAAAAAAAAAAAAAAAAAAAAA", highWatermark: 9223372036854775807n }] }] }, { timeoutMs: 20_000 })
    .catch((e: unknown) => e);
  await Bun.sleep(200);
  await strand.kill();
  expect(await waiting).toBeInstanceOf(DisconnectException);
  const later = await nc.send(node, 3, { topics: [] }).catch((e: unknown) => e);
  expect(later).toBeInstanceOf(TimeoutException);
  expect(nc.connectionState(1)).toBe("DISCONNECTED");
}, 60_000);

test("against Apache Kafka 4.4.0: the handshake records Kafka's own ranges and requests go at the highest common version", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const kafka = await startKafka();
  cleanups.push(() => kafka.remove());
  await exercise(kafka.port, "kafka");
}, 120_000);
