// The broker-key table and the config documentation are generated: a fresh run of tools/gen-broker-keys
// against Kafka 4.4.0's jars must give the committed src/config/kafka-broker-keys.ts and
// kafka-config-docs.ts byte for byte.
import { expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { EXIT_UNAVAILABLE } from "../../../tools/gen-broker-keys/main.ts";
import { KAFKA_BROKER_KEYS } from "../../../src/config/kafka-broker-keys.ts";

const ROOT = resolve(import.meta.dir, "..", "..", "..");
const COMMITTED = join(ROOT, "src", "config", "kafka-broker-keys.ts");

test("regenerating the broker-key table from Kafka 4.4.0's ConfigDef gives the committed file", () => {
  const dir = mkdtempSync(join(tmpdir(), "strand-gen-broker-keys-"));
  try {
    const p = Bun.spawnSync([process.execPath, join(ROOT, "tools", "gen-broker-keys", "main.ts"), "--out", dir], { stdout: "pipe", stderr: "pipe" });
    const stderr = p.stderr.toString();
    // Kafka's jars come from Maven Central, as for every interop test; without it this check cannot run.
    if (p.exitCode === EXIT_UNAVAILABLE) throw new Error(`gen-broker-keys cannot run here: ${stderr}`);
    expect(p.exitCode, stderr).toBe(0);
    expect(readFileSync(join(dir, "kafka-broker-keys.ts"), "utf8")).toBe(readFileSync(COMMITTED, "utf8"));
    expect(readFileSync(join(dir, "kafka-config-docs.ts"), "utf8")).toBe(readFileSync(join(ROOT, "src", "config", "kafka-config-docs.ts"), "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);

test("the table holds Kafka 4.4.0's 350 non-internal broker keys, each once", () => {
  expect(KAFKA_BROKER_KEYS.length).toBe(350);
  expect(new Set(KAFKA_BROKER_KEYS.map((r) => r[0])).size).toBe(350);
  const listeners = KAFKA_BROKER_KEYS.find((r) => r[0] === "listeners");
  expect(listeners).toEqual(["listeners", "list", "PLAINTEXT://:9092", "b"]);
});
