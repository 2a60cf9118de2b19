// The CLI logging in over SASL_PLAINTEXT (Strand only: the SASL set-up of test/support/sasl-strand.ts):
// SCRAM-SHA-256 from flags and environment variables, PLAIN from a --command-config file with Kafka's
// sasl.jaas.config, and a wrong password failing with exit 1 and the broker's reason. Then SASL_SSL:
// the broker's certificate checked against --ssl-ca-location (a CA it was not signed by is refused).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PLAIN_JAAS, startSaslStrand, type SaslStrand } from "../support/sasl-strand.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { makeCerts, STORE_PASSWORD, type CertPaths } from "../support/tls-certs.ts";
import { runCli } from "../support/strand-cli.ts";

describe("strand CLI over SASL_PLAINTEXT", () => {
  let node: SaslStrand;
  let dir: string;

  beforeAll(async () => {
    node = await startSaslStrand();
    dir = mkdtempSync(join(tmpdir(), "strand-cli-sasl-"));
  }, 120_000);

  afterAll(async () => {
    await node?.strand.stop().catch(() => node.strand.kill());
    rmSync(node?.strand.dataDir ?? "/nonexistent", { recursive: true, force: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  test("SCRAM-SHA-256 from flags and from STRAND_* variables", async () => {
    const brokers = `127.0.0.1:${node.saslPort}`;
    const flags = await runCli(["cluster", "info", "--json", "--brokers", brokers, "--security-protocol", "SASL_PLAINTEXT", "--sasl-mechanism", "SCRAM-SHA-256", "--sasl-username", "alice", "--sasl-password", "alice-secret"]);
    expect(flags.stderr).toBe("");
    expect(flags.exitCode).toBe(0);
    // Metadata of a SASL listener names the brokers' SASL endpoints, so later requests log in too.
    expect(JSON.parse(flags.stdout).brokers[0].port).toBe(node.saslPort);
    const viaEnv = await runCli(["topic", "create", "sasl-topic", "-p", "1"], {
      STRAND_BROKERS: brokers, STRAND_SECURITY_PROTOCOL: "SASL_PLAINTEXT", STRAND_SASL_MECHANISM: "SCRAM-SHA-256", STRAND_SASL_USERNAME: "alice", STRAND_SASL_PASSWORD: "alice-secret",
    });
    expect([viaEnv.exitCode, viaEnv.stderr]).toEqual([0, ""]);
  }, 60_000);

  test("PLAIN from a --command-config file; a wrong password is refused", async () => {
    const file = join(dir, "client.properties");
    writeFileSync(file, [
      "security.protocol=SASL_PLAINTEXT",
      "sasl.mechanism=PLAIN",
      'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="alice" password="alice-secret";',
    ].join("\n"));
    const ok = await runCli(["topic", "list", "--json", "--brokers", `127.0.0.1:${node.saslPort}`, "--command-config", file]);
    expect(ok.exitCode).toBe(0);
    expect((JSON.parse(ok.stdout) as Array<{ name: string }>).map((t) => t.name)).toContain("sasl-topic");

    const bad = await runCli(["topic", "list", "--brokers", `127.0.0.1:${node.saslPort}`, "--command-config", file, "--sasl-password", "wrong", "--timeout-ms", "5000"]);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toStartWith(`strand: cannot log in to 127.0.0.1:${node.saslPort}: `);
    expect(bad.stderr).toContain("SASL authentication failed");
  }, 60_000);
});

describe("strand CLI over SASL_SSL", () => {
  let broker: StrandHandle;
  let certs: CertPaths;
  let saslSslPort = 0;

  beforeAll(async () => {
    certs = makeCerts();
    broker = await startStrand({
      overrides: {
        listeners: "PLAINTEXT://127.0.0.1:0,SASL_SSL://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
        "advertised.listeners": "PLAINTEXT://127.0.0.1:0,SASL_SSL://127.0.0.1:0",
        "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SASL_SSL:SASL_SSL",
        "ssl.keystore.type": "PKCS12",
        "ssl.keystore.location": certs.brokerP12,
        "ssl.keystore.password": STORE_PASSWORD,
        "sasl.enabled.mechanisms": "PLAIN",
        "listener.name.sasl_ssl.plain.sasl.jaas.config": PLAIN_JAAS,
      },
    });
    saslSslPort = Number(/SASL_SSL:\/\/127\.0\.0\.1:(\d+)/.exec(/strand started.*/.exec(broker.output())![0])![1]);
  }, 120_000);

  afterAll(async () => {
    await broker?.stop().catch(() => broker.kill());
    if (broker) rmSync(broker.dataDir, { recursive: true, force: true });
    certs?.cleanup();
  }, 120_000);

  test("PLAIN over TLS with the CA from --ssl-ca-location; a wrong CA is refused", async () => {
    const base = ["--brokers", `127.0.0.1:${saslSslPort}`, "--security-protocol", "SASL_SSL", "--sasl-mechanism", "PLAIN", "--sasl-username", "alice", "--sasl-password", "alice-secret"];
    const ok = await runCli(["cluster", "info", "--json", ...base, "--ssl-ca-location", certs.caPem]);
    expect([ok.exitCode, ok.stderr]).toEqual([0, ""]);
    expect(JSON.parse(ok.stdout).brokers[0].port).toBe(saslSslPort);
    const wrongCa = await runCli(["cluster", "info", ...base, "--ssl-ca-location", certs.rogue.caPem, "--timeout-ms", "5000"]);
    expect(wrongCa.exitCode).toBe(1);
    expect(wrongCa.stderr).toStartWith(`strand: cannot reach any broker of 127.0.0.1:${saslSslPort}: `);
    expect(wrongCa.stderr).toContain("TLS handshake");
  }, 60_000);
});
