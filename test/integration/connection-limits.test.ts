// max.connections.per.ip and max.connections against the real broker, with Kafka's behaviour: a
// connection over the per-address maximum is closed at once; one over the broker-wide maximum is kept
// waiting, unanswered, until another connection closes, and is then served.
import { afterAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { waitForOutput } from "../support/output.ts";

const started: StrandHandle[] = [];
afterAll(async () => {
  for (const s of started) {
    await s.stop().catch(() => s.kill());
    removeDataDir(s.dataDir);
  }
}, 120_000);

async function apiVersions(c: KafkaTestClient, timeoutMs = 30_000): Promise<number> {
  const r = await c.request<{ errorCode: number }>(18, 3, { clientSoftwareName: "t", clientSoftwareVersion: "1" }, timeoutMs);
  return r.errorCode;
}

async function waitUntil(cond: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}

test("max.connections.per.ip: the connection over the maximum is closed at once, a slot freed is usable again", async () => {
  const s = await startStrand({ overrides: { "max.connections.per.ip": 2 }, startTimeoutMs: 60_000 });
  started.push(s);
  const a = await KafkaTestClient.connect(s.port);
  const b = await KafkaTestClient.connect(s.port);
  expect(await apiVersions(a)).toBe(0);
  expect(await apiVersions(b)).toBe(0);
  const c = await KafkaTestClient.connect(s.port);
  await waitUntil(() => c.isClosed, "the third connection to be closed");
  await waitForOutput(s, /Rejected connection from 127\.0\.0\.1, address already has the configured maximum of 2 connections\./);
  a.close();
  // The broker releases a's slot when it sees the close; retry until a new connection is served.
  let served = false;
  for (let i = 0; i < 200 && !served; i++) {
    const d = await KafkaTestClient.connect(s.port);
    served = await apiVersions(d, 5_000).then((e) => e === 0, () => false);
    if (!served) await Bun.sleep(50);
    d.close();
    if (served) break;
  }
  expect(served).toBe(true);
  b.close();
}, 120_000);

test("max.connections: a connection over the maximum waits unanswered and is served once another closes", async () => {
  const s = await startStrand({ overrides: { "max.connections": 2 }, startTimeoutMs: 60_000 });
  started.push(s);
  const a = await KafkaTestClient.connect(s.port);
  const b = await KafkaTestClient.connect(s.port);
  expect(await apiVersions(a)).toBe(0);
  expect(await apiVersions(b)).toBe(0);
  const c = await KafkaTestClient.connect(s.port);
  let answered = false;
  const pending = apiVersions(c, 60_000).then((e) => {
    answered = true;
    return e;
  });
  // Give the broker every chance to (wrongly) answer: three round trips on the admitted connections.
  for (let i = 0; i < 3; i++) expect(await apiVersions(a)).toBe(0);
  expect(answered).toBe(false);
  expect(c.isClosed).toBe(false);
  b.close();
  expect(await pending).toBe(0);
  a.close();
  c.close();
}, 120_000);

test("max.connections.per.ip=0 without overrides is refused at start-up, naming the key", async () => {
  const err = await startStrand({ overrides: { "max.connections.per.ip": 0 }, startTimeoutMs: 60_000 }).then(
    (s) => {
      started.push(s);
      return "";
    },
    (e: unknown) => String(e),
  );
  expect(err).toContain('invalid value "0" for configuration max.connections.per.ip');
}, 90_000);
