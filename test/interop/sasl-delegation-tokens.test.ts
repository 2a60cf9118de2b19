// Delegation tokens with Kafka's own tools, against Strand and (STRAND_INTEROP_TARGET=kafka) Apache
// Kafka 4.4.0 with the same keys (delegation.token.secret.key) and users:
// - kafka-delegation-tokens.sh --create / --describe (--owner-principal; without it the tool asks for an
//   empty owner list, answered with no tokens as Kafka does) / --renew / --expire over SASL_PLAINTEXT as a
//   SCRAM-SHA-512 user; --create over PLAINTEXT is refused (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED);
// - a Java producer (kafka-console-producer) and consumer authenticating with the token
//   (ScramLoginModule username=<token id> password=<HMAC> tokenauth="true");
// - after --expire, a client with the token fails with Kafka's authentication error.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KAFKA_MAIN, runKafkaClass } from "../support/kafka-dist.ts";
import { consumeConsole, produceConsole } from "../support/kafka-tools.ts";
import { createTopics } from "./topics.ts";
import { interopTarget } from "./targets.ts";
import { startSaslTarget, type SaslTarget } from "./sasl-target.ts";

const TOKENS_MAIN = "org.apache.kafka.tools.DelegationTokenCommand"; // kafka-delegation-tokens.sh
const GENERIC_512 = "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512";
const scram = (user: string, password: string, tokenauth = false): Record<string, string> => ({
  "security.protocol": "SASL_PLAINTEXT",
  "sasl.mechanism": "SCRAM-SHA-512",
  "sasl.jaas.config": `org.apache.kafka.common.security.scram.ScramLoginModule required username="${user}" password="${password}"${tokenauth ? ' tokenauth="true"' : ""};`,
});

describe(`delegation tokens vs ${interopTarget()}`, () => {
  let target: SaslTarget;
  let dir: string;
  let n = 0;

  const props = (p: Record<string, string>): string => {
    const f = join(dir, `client-${n++}.properties`);
    writeFileSync(f, Object.entries(p).map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
    return f;
  };
  const tokens = (bootstrap: string, args: string[], commandConfig: Record<string, string>) =>
    runKafkaClass(TOKENS_MAIN, ["--bootstrap-server", bootstrap, "--command-config", props(commandConfig), ...args], { timeoutMs: 90_000 });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "strand-dtoken-interop-"));
    target = await startSaslTarget({ "delegation.token.secret.key": "interop-token-secret" });
    const r = await runKafkaClass(KAFKA_MAIN.configs, ["--bootstrap-server", target.plaintextBootstrap, "--alter", "--add-config", "SCRAM-SHA-512=[password=alice-secret]", "--entity-type", "users", "--entity-name", "alice"], { timeoutMs: 90_000 });
    expect(r.exitCode).toBe(0);
  }, 240_000);

  afterAll(async () => {
    await target?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  test("create, describe, produce and consume with the token, renew, expire: the token then fails", async () => {
    const alice = scram("alice", "alice-secret");
    const created = await tokens(target.saslBootstrap, ["--create", "--max-life-time-period", "-1", "--renewer-principal", "User:bob"], alice);
    const out = `${created.stdout}${created.stderr}`;
    expect(created.exitCode).toBe(0);
    expect(out).toContain("Created delegation token with tokenId : ");
    // The table row after the TOKENID header: token id, HMAC, owner, requester, renewers, dates.
    const lines = created.stdout.split("\n").map((l) => l.trim()).filter((l) => l !== "");
    const row = lines[lines.findIndex((l) => l.startsWith("TOKENID")) + 1]!.split(/\s+/);
    const [tokenId, hmac, owner, requester, renewers] = row;
    expect([owner, requester, renewers]).toEqual(["User:alice", "User:alice", "[User:bob]"]);
    expect(Buffer.from(hmac!, "base64").length).toBe(64);

    // Without --owner-principal the tool sends an empty owner list, which Kafka answers with no tokens.
    const mine = await tokens(target.saslBootstrap, ["--describe"], alice);
    expect(mine.stdout).toContain("Total number of tokens : 0");
    const byOwner = ["--describe", "--owner-principal", "User:alice"];
    // The broker learns of the token from the metadata log after the controller answered (both brokers): a few tries.
    let described = await tokens(target.saslBootstrap, byOwner, alice);
    for (let i = 0; i < 5 && !described.stdout.includes(tokenId!); i++) described = await tokens(target.saslBootstrap, byOwner, alice);
    expect(described.exitCode).toBe(0);
    expect(described.stdout).toContain(tokenId!);
    expect(described.stdout).toContain(hmac!);
    expect(described.stdout).toContain("Total number of tokens : 1");

    // Not over PLAINTEXT (Kafka's UnsupportedByAuthenticationException).
    const plain = await tokens(target.plaintextBootstrap, ["--create", "--max-life-time-period", "-1"], { "security.protocol": "PLAINTEXT" });
    expect(plain.exitCode).not.toBe(0);
    expect(`${plain.stdout}${plain.stderr}`).toContain("Delegation Token requests are not allowed on PLAINTEXT/1-way SSL channels");

    const topic = "dtoken-java";
    await createTopics(target.plaintextPort, [{ name: topic, partitions: 2 }]);
    const withToken = scram(tokenId!, hmac!, true);
    const values = Array.from({ length: 50 }, (_, i) => `t${i}`);
    await produceConsole(target.saslBootstrap, topic, values, { ...withToken, acks: "all" });
    const { lines: got } = await consumeConsole(target.saslBootstrap, topic, values.length, { consumerProps: { ...withToken, "group.id": "dtoken-group" }, timeoutMs: 60_000 });
    expect(got.sort()).toEqual([...values].sort());

    const renewed = await tokens(target.saslBootstrap, ["--renew", "--hmac", hmac!, "--renew-time-period", "3600000"], alice);
    expect(renewed.exitCode).toBe(0);
    expect(renewed.stdout).toContain("Completed renew operation. New expiry date : ");

    const expired = await tokens(target.saslBootstrap, ["--expire", "--hmac", hmac!, "--expiry-time-period", "-1"], alice);
    expect(expired.exitCode).toBe(0);
    expect(expired.stdout).toContain("Completed expire operation. New expiry date : ");

    const after = await runKafkaClass(KAFKA_MAIN.topics, ["--bootstrap-server", target.saslBootstrap, "--list", "--command-config", props(withToken)], { timeoutMs: 90_000 });
    expect(after.exitCode).not.toBe(0);
    expect(`${after.stdout}${after.stderr}`).toContain(GENERIC_512);
    let none = await tokens(target.saslBootstrap, byOwner, alice);
    for (let i = 0; i < 5 && !none.stdout.includes("Total number of tokens : 0"); i++) none = await tokens(target.saslBootstrap, byOwner, alice);
    expect(none.stdout).toContain("Total number of tokens : 0");
  }, 420_000);
});
