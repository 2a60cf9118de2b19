// A single Strand node with a PLAINTEXT and a SASL_PLAINTEXT listener (PLAIN and SCRAM-SHA-256/512),
// its storage formatted first with `strand storage format --add-scram`, for the SASL tests. Returns the
// handle and both ports. Users: PLAIN admin/alice from the JAAS config; SCRAM-SHA-256 and -512 alice
// (alice-secret) from --add-scram.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startStrand, type StrandHandle } from "./strand.ts";

const ROOT = resolve(import.meta.dir, "../..");

export const PLAIN_JAAS = 'org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="admin-secret" user_admin="admin-secret" user_alice="alice-secret";';
export const SCRAM_JAAS = 'org.apache.kafka.common.security.scram.ScramLoginModule required username="admin" password="admin-secret";';

export function saslListenerProps(extra: Record<string, string> = {}): Record<string, string> {
  return {
    "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:PLAINTEXT",
    "sasl.enabled.mechanisms": "SCRAM-SHA-512,SCRAM-SHA-256,PLAIN",
    "listener.name.sasl_plaintext.plain.sasl.jaas.config": PLAIN_JAAS,
    "listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config": SCRAM_JAAS,
    "listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config": SCRAM_JAAS,
    ...extra,
  };
}

export interface SaslStrand {
  readonly strand: StrandHandle;
  readonly plaintextPort: number;
  readonly saslPort: number;
}

/** `env`: for the format and the broker (e.g. KAFKA_OPTS with -D system properties). */
export async function startSaslStrand(extra: Record<string, string> = {}, addScram: readonly string[] = ["SCRAM-SHA-256=[name=alice,password=alice-secret]", "SCRAM-SHA-512=[name=alice,password=alice-secret]"], env: Record<string, string> = {}): Promise<SaslStrand> {
  const dataDir = mkdtempSync(join(tmpdir(), "strand-sasl-"));
  const props: Record<string, string> = {
    "process.roles": "broker,controller",
    "node.id": "1",
    "controller.listener.names": "CONTROLLER",
    // As `server start` without -c (SINGLE_NODE_DEFAULTS): a static one-voter quorum.
    "controller.quorum.voters": "1@localhost:9093",
    listeners: "PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
    "advertised.listeners": "PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0",
    "log.dirs": join(dataDir, "logs"),
    ...saslListenerProps(extra),
  };
  const file = join(dataDir, "server.properties");
  writeFileSync(file, Object.entries(props).map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
  const args = ["storage", "format", "-t", "AAAAAAAAAAAAAAAAAAAAAA", "-c", file, ...addScram.flatMap((s) => ["--add-scram", s])];
  const f = Bun.spawnSync([process.execPath, join(ROOT, "src/cli/main.ts"), ...args], { cwd: dataDir, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  if (f.exitCode !== 0) throw new Error(`strand storage format exited ${f.exitCode}: ${f.stdout.toString()}${f.stderr.toString()}`);
  const strand = await startStrand({ dataDir, overrides: props, readyPattern: /strand started .*advertised=PLAINTEXT:\/\/127\.0\.0\.1:(\d+)/, startTimeoutMs: 60_000, env });
  const m = /strand started .*advertised=.*SASL_PLAINTEXT:\/\/127\.0\.0\.1:(\d+)/.exec(strand.output());
  if (!m) throw new Error(`no SASL_PLAINTEXT port in:\n${strand.output()}`);
  return { strand, plaintextPort: strand.port, saslPort: Number(m[1]) };
}
