// Finalized features over the wire against the real broker process: what a fresh cluster finalizes
// (ApiVersions v3/v4), UpdateFeatures v0/v1/v2 answers as Kafka 4.4.0 gave them, FeatureLevelRecords
// that survive a restart, and a cluster whose features were disabled is not bootstrapped again
// (an absent feature stays at level 0, as in Kafka).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { waitForOutput } from "../support/output.ts";

interface AvFeatures {
  errorCode: number;
  supportedFeatures: Array<{ name: string; minVersion: number; maxVersion: number }>;
  finalizedFeatures: Array<{ name: string; minVersionLevel: number; maxVersionLevel: number }>;
  finalizedFeaturesEpoch: bigint;
}
interface UfResponse {
  errorCode: number;
  errorMessage: string | null;
  results: Array<{ feature: string; errorCode: number; errorMessage: string | null }>;
}

let broker: StrandHandle;
let dataDir: string;
beforeAll(async () => {
  broker = await startStrand();
  dataDir = broker.dataDir;
}, 60_000);
afterAll(async () => {
  await broker?.stop();
  if (dataDir) removeDataDir(dataDir);
}, 120_000);

async function apiVersions(version: number): Promise<AvFeatures> {
  const c = await KafkaTestClient.connect(broker.port);
  try {
    return (await c.request(18, version, { clientSoftwareName: "strand-test", clientSoftwareVersion: "1.0" })) as AvFeatures;
  } finally {
    c.close();
  }
}

async function updateFeatures(version: number, updates: Array<{ feature: string; maxVersionLevel: number; upgradeType?: number; allowDowngrade?: boolean }>, validateOnly = false): Promise<UfResponse> {
  const c = await KafkaTestClient.connect(broker.port);
  try {
    const featureUpdates = updates.map((u) => ({ allowDowngrade: false, upgradeType: 1, ...u }));
    return (await c.request(57, version, { timeoutMs: 30_000, featureUpdates, validateOnly })) as UfResponse;
  } finally {
    c.close();
  }
}

const finalized = (av: AvFeatures) => Object.fromEntries(av.finalizedFeatures.map((f) => [f.name, f.maxVersionLevel]));

test("a fresh cluster finalizes metadata.version 33, transaction.version 2, group.version 1, share.version 2 and streams.version 1", async () => {
  const v4 = await apiVersions(4);
  expect(v4.errorCode).toBe(0);
  expect(finalized(v4)).toEqual({ "metadata.version": 33, "transaction.version": 2, "group.version": 1, "share.version": 2, "streams.version": 1 });
  expect(v4.supportedFeatures.find((f) => f.name === "transaction.version")).toEqual({ name: "transaction.version", minVersion: 0, maxVersion: 2 });
  expect(v4.finalizedFeaturesEpoch).toBeGreaterThan(0n);
  const v3 = await apiVersions(3);
  expect(v3.supportedFeatures.map((f) => f.name)).toEqual(["metadata.version"]);
  expect(finalized(v3)).toEqual(finalized(v4));
  const v2 = await apiVersions(2);
  expect(v2.supportedFeatures).toEqual([]);
  expect(v2.finalizedFeaturesEpoch).toBe(-1n);
}, 30_000);

test("UpdateFeatures v1: a refused update is a top-level INVALID_UPDATE_VERSION with no results", async () => {
  const r = await updateFeatures(1, [{ feature: "transaction.version", maxVersionLevel: 5 }]);
  expect(r).toMatchObject({
    errorCode: 95,
    errorMessage: "The update failed for all features since the following feature had an error: Invalid update version 5 for feature transaction.version. Local controller 1 only supports versions 0-2",
    results: [],
  });
  const bad = await updateFeatures(1, [{ feature: "transaction.version", maxVersionLevel: 2, upgradeType: 0 }]);
  expect(bad.errorMessage).toEndWith("Invalid update version 2 for feature transaction.version. The controller does not support the given upgrade type.");
}, 30_000);

test("UpdateFeatures v1 validateOnly answers NONE per feature and writes nothing", async () => {
  const epoch = (await apiVersions(4)).finalizedFeaturesEpoch;
  const r = await updateFeatures(1, [{ feature: "transaction.version", maxVersionLevel: 0, upgradeType: 3 }], true);
  expect(r).toMatchObject({ errorCode: 0, errorMessage: null, results: [{ feature: "transaction.version", errorCode: 0, errorMessage: "NONE" }] });
  const after = await apiVersions(4);
  expect(after.finalizedFeaturesEpoch).toBe(epoch);
  expect(finalized(after)["transaction.version"]).toBe(2);
}, 30_000);

test("UpdateFeatures v0 ignores AllowDowngrade (as Kafka 4.4.0): a downgrade is refused", async () => {
  const r = await updateFeatures(0, [{ feature: "transaction.version", maxVersionLevel: 1, allowDowngrade: true }]);
  expect(r.errorCode).toBe(95);
  expect(r.errorMessage).toEndWith("Can't downgrade the version of this feature without setting the upgrade type to either safe or unsafe downgrade.");
}, 30_000);

test("UpdateFeatures v2 downgrades transaction.version to 1 (no per-feature results); the level survives a restart", async () => {
  const epoch = (await apiVersions(4)).finalizedFeaturesEpoch;
  const r = await updateFeatures(2, [{ feature: "transaction.version", maxVersionLevel: 1, upgradeType: 2 }]);
  expect(r).toMatchObject({ errorCode: 0, errorMessage: null, results: [] });
  const after = await apiVersions(4);
  expect(finalized(after)["transaction.version"]).toBe(1);
  expect(after.finalizedFeaturesEpoch).toBeGreaterThan(epoch);

  expect(await broker.stop()).toBe(0);
  broker = await startStrand({ dataDir });
  expect(finalized(await apiVersions(4))).toEqual({ "metadata.version": 33, "transaction.version": 1, "group.version": 1, "share.version": 2, "streams.version": 1 });
}, 60_000);

test("features disabled stay absent (level 0) across a restart: an existing cluster is not bootstrapped again", async () => {
  const r = await updateFeatures(1, [
    { feature: "transaction.version", maxVersionLevel: 0, upgradeType: 2 },
    { feature: "group.version", maxVersionLevel: 0, upgradeType: 2 },
  ]);
  expect(r.errorCode).toBe(0);
  expect(r.results.map((x) => x.feature)).toEqual(["transaction.version", "group.version"]);
  expect(finalized(await apiVersions(4))).toEqual({ "metadata.version": 33, "share.version": 2, "streams.version": 1 });

  expect(await broker.stop()).toBe(0);
  broker = await startStrand({ dataDir });
  expect(finalized(await apiVersions(4))).toEqual({ "metadata.version": 33, "share.version": 2, "streams.version": 1 });
  await waitForOutput(broker, /finalized features/);
}, 60_000);
