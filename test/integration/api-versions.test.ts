// ApiVersions against the real broker process: the answer, the KIP-511 fallback for an unknown version,
// and a clean SIGTERM shutdown.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";

let broker: StrandHandle;
beforeAll(async () => {
  broker = await startStrand();
}, 120_000);
afterAll(async () => {
  await broker?.stop();
}, 120_000);

test("ApiVersions v3 lists ApiVersions 0-5 with header v0", async () => {
  const c = await KafkaTestClient.connect(broker.port);
  const res = (await c.request(18, 3, { clientSoftwareName: "strand-test", clientSoftwareVersion: "1.0" })) as {
    errorCode: number;
    apiKeys: Array<{ apiKey: number; minVersion: number; maxVersion: number }>;
  };
  expect(res.errorCode).toBe(0);
  const av = res.apiKeys.find((a) => a.apiKey === 18)!;
  expect([av.minVersion, av.maxVersion]).toEqual([0, 5]);
  c.close();
});

test("an unknown ApiVersions version gets UNSUPPORTED_VERSION and ApiVersions' range (KIP-511)", async () => {
  const c = await KafkaTestClient.connect(broker.port);
  const raw = await c.rawRequest(18, 42, new Uint8Array([0])); // a v42 body we cannot know
  // v0 response: correlation id, error 35, one api key entry (18, 0, 5)
  const dv = new DataView(raw.buffer, raw.byteOffset);
  expect(dv.getInt16(4)).toBe(35);
  expect(dv.getInt32(6)).toBe(1);
  expect([dv.getInt16(10), dv.getInt16(12), dv.getInt16(14)]).toEqual([18, 0, 5]);
  c.close();
});

test("ApiVersions v3 with an invalid software name gets INVALID_REQUEST", async () => {
  const c = await KafkaTestClient.connect(broker.port);
  const res = (await c.request(18, 3, { clientSoftwareName: "-bad name", clientSoftwareVersion: "1" })) as { errorCode: number };
  expect(res.errorCode).toBe(42);
  c.close();
});

test("a request for an unknown API key closes the connection", async () => {
  const c = await KafkaTestClient.connect(broker.port);
  await expect(c.rawRequest(9999, 0, new Uint8Array(0))).rejects.toThrow(/closed/);
});
