// The TLS workloads (issue 14): a session of its own per system and round. One broker with a PLAINTEXT
// listener (for readiness) and an SSL listener (PKCS12 keystore made by keytool, no client auth), the
// same server.properties for both systems (COMMON_OVERRIDES), the same clients as the plaintext rows,
// connected to the SSL listener (security.protocol=SSL, the CA as a PEM truststore):
//   tls.produce       ProducerPerformance, --data-mib of --record-bytes records, acks=1, no compression,
//                     linger.ms=5, batch.size=65536 (as produce.acks1.none): MiB/s.
//   tls.consume       ConsumerPerformance reads them back (fetch phase MiB/s). Strand cannot use
//                     sendfile(2) under TLS (Bun exposes no kernel TLS): file bytes are read and encrypted.
//   cpu.tls.produce / cpu.tls.consume   broker CPU seconds per GiB over each run (/proc samples).
// The SASL_SSL workloads (workload "sasl_ssl"): the same, on a SASL_SSL listener with SCRAM-SHA-512
// (user admin, made with kafka-configs over PLAINTEXT on both systems, no authorizer), the clients
// logging in with security.protocol=SASL_SSL: sasl_ssl.produce, sasl_ssl.consume, cpu.sasl_ssl.*.
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { startKafka, type KafkaHandle } from "../../test/support/kafka-broker.ts";
import { KAFKA_MAIN, runKafkaClass } from "../../test/support/kafka-dist.ts";
import { freePorts } from "../../test/support/ports.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../../test/support/strand.ts";
import { makeCerts, STORE_PASSWORD, type CertPaths } from "../../test/support/tls-certs.ts";
import { COMMON_OVERRIDES, STRAND_ONLY_OVERRIDES, type BrokerSettings } from "./brokers.ts";
import { consumerPerf, producerPerf } from "./kafka-perf.ts";
import { addSample, type BenchResult, type Slot } from "./metrics.ts";
import type { BenchOptions, SystemName } from "./options.ts";
import { cpuSeconds } from "./procs.ts";
import { cpuCost, log, recordError, workloadTimeoutMs } from "./session.ts";

const TOPIC = "tls-perf";
const SCRAM_USER = "admin";
const SCRAM_PASSWORD = "admin-secret";
export const SCRAM_JAAS = `org.apache.kafka.common.security.scram.ScramLoginModule required username="${SCRAM_USER}" password="${SCRAM_PASSWORD}";`;

/** "ssl": the tls.* rows; "sasl_ssl": the sasl_ssl.* rows (SCRAM-SHA-512 over TLS). */
export type TlsMode = "ssl" | "sasl_ssl";

export interface TlsBroker {
  pid: number;
  plaintextBootstrap: string;
  sslBootstrap: string;
  logTail(): string;
  stop(): Promise<void>;
}

function sslProps(certs: CertPaths, mode: TlsMode): Record<string, string> {
  return {
    "ssl.keystore.type": "PKCS12",
    "ssl.keystore.location": certs.brokerKeytoolP12,
    "ssl.keystore.password": STORE_PASSWORD,
    ...(mode === "sasl_ssl" ? { "sasl.enabled.mechanisms": "SCRAM-SHA-512", "listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config": SCRAM_JAAS } : {}),
  };
}

export async function startTlsBroker(system: SystemName, s: BrokerSettings, certs: CertPaths, mode: TlsMode): Promise<TlsBroker> {
  const L = mode === "ssl" ? "SSL" : "SASL_SSL";
  const map = `CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,${L}:${L}`;
  if (system === "kafka") {
    const [p, c, ssl] = await freePorts(3);
    const h: KafkaHandle = await startKafka({
      port: p!,
      controllerPort: c!,
      heapMb: s.kafkaHeapMb,
      startTimeoutMs: s.startTimeoutMs,
      overrides: {
        ...COMMON_OVERRIDES,
        listeners: `PLAINTEXT://127.0.0.1:${p},CONTROLLER://127.0.0.1:${c},${L}://127.0.0.1:${ssl}`,
        "advertised.listeners": `PLAINTEXT://127.0.0.1:${p},${L}://127.0.0.1:${ssl}`,
        "listener.security.protocol.map": map,
        ...sslProps(certs, mode),
      },
    });
    return { pid: h.pid, plaintextBootstrap: h.bootstrap, sslBootstrap: `127.0.0.1:${ssl}`, logTail: () => h.logTail(4_000), stop: () => h.remove() };
  }
  const h: StrandHandle = await startStrand({
    binary: s.strandBinary ?? undefined,
    startTimeoutMs: s.startTimeoutMs,
    overrides: {
      ...COMMON_OVERRIDES,
      ...STRAND_ONLY_OVERRIDES,
      listeners: `PLAINTEXT://127.0.0.1:0,${L}://127.0.0.1:0,CONTROLLER://127.0.0.1:0`,
      "advertised.listeners": `PLAINTEXT://127.0.0.1:0,${L}://127.0.0.1:0`,
      "listener.security.protocol.map": map,
      ...sslProps(certs, mode),
    },
  });
  const line = /strand started.*/.exec(h.output())?.[0] ?? "";
  const port = Number(new RegExp(`[=,"]${L}://127\\.0\\.0\\.1:(\\d+)`).exec(line)?.[1] ?? "0");
  if (port === 0) {
    await h.kill();
    throw new Error(`no ${L} listener in Strand's start line: ${line}`);
  }
  return {
    pid: h.pid,
    plaintextBootstrap: `127.0.0.1:${h.port}`,
    sslBootstrap: `127.0.0.1:${port}`,
    logTail: () => h.output().slice(-4_000),
    async stop() {
      try {
        await h.stop(15_000);
      } catch {
        await h.kill();
      }
      // Like Kafka's remove(): a session's GiBs of segments do not outlive it.
      removeDataDir(h.dataDir);
    },
  };
}

/** The SCRAM user the clients log in as, made over PLAINTEXT (kafka-configs.sh, as an operator would). */
export async function addScramUser(b: TlsBroker): Promise<void> {
  const args = ["--bootstrap-server", b.plaintextBootstrap, "--alter", "--add-config", `SCRAM-SHA-512=[password=${SCRAM_PASSWORD}]`, "--entity-type", "users", "--entity-name", SCRAM_USER];
  const res = await runKafkaClass(KAFKA_MAIN.configs, args, { timeoutMs: 120_000 });
  if (res.exitCode !== 0) throw new Error(`kafka-configs --add-config SCRAM-SHA-512 exited ${res.exitCode}: ${res.stderr.slice(-2000)}`);
}

export async function runTlsSession(o: BenchOptions, r: BenchResult, slot: Slot, system: SystemName, round: number, s: BrokerSettings, mode: TlsMode = "ssl"): Promise<void> {
  const w = mode === "ssl" ? "tls" : "sasl_ssl";
  const over = mode === "ssl" ? "SSL" : "SASL_SSL";
  const base = { o, r, slot, system, round };
  r.loadAvg1m?.push(loadavg()[0]);
  const certs = makeCerts();
  let b: TlsBroker;
  try {
    log(base, `${w}: starting ${system} with an ${over} listener (load average ${loadavg()[0].toFixed(2)})`);
    b = await startTlsBroker(system, s, certs, mode);
  } catch (e) {
    certs.cleanup();
    recordError(base, w, e);
    return;
  }
  if (mode === "sasl_ssl") {
    try {
      await addScramUser(b);
    } catch (e) {
      recordError(base, w, e, b.logTail());
      await b.stop().catch(() => undefined);
      certs.cleanup();
      return;
    }
  }
  const client = { "security.protocol": over, "ssl.truststore.type": "PEM", "ssl.truststore.location": certs.caPem };
  // The JAAS string holds '=', which --command-property cannot carry: the SASL settings go in a file.
  let commandConfig: string | undefined;
  if (mode === "sasl_ssl") {
    commandConfig = join(certs.dir, "sasl-client.properties");
    writeFileSync(commandConfig, `sasl.mechanism=SCRAM-SHA-512\nsasl.jaas.config=${SCRAM_JAAS}\n`);
  }
  const numRecords = Math.floor((o.dataMiB * 1024 * 1024) / o.recordBytes);
  const gib = (numRecords * o.recordBytes) / 2 ** 30;
  const details: Record<string, unknown> = {};
  try {
    try {
      const cpu0 = cpuSeconds(b.pid);
      const res = await producerPerf(b.sslBootstrap, {
        topic: TOPIC, numRecords, recordBytes: o.recordBytes, throughput: -1, timeoutMs: workloadTimeoutMs(o),
        producerProps: { acks: 1, "compression.type": "none", "linger.ms": 5, "batch.size": 65536, ...client },
        commandConfig,
      });
      const cpu1 = cpuSeconds(b.pid);
      if (res.records < numRecords) throw new Error(`ProducerPerformance sent ${res.records} of ${numRecords} records\n${res.stdout.slice(-2000)}`);
      addSample(r, `${w}.produce`, slot, res.mbPerSec);
      const cost = cpuCost(cpu0, cpu1, res, gib);
      if (cost) addSample(r, `cpu.${w}.produce`, slot, cost.brokerCpuS / gib);
      const { stdout: _s, ...parsed } = res;
      details[`${w}.produce`] = { ...parsed, cost };
      log(base, `${w}.produce: ${res.mbPerSec} MiB/s over ${over}${cost ? `; broker CPU ${(cost.brokerCpuS / gib).toFixed(2)} s/GiB` : ""}`);
    } catch (e) {
      recordError(base, `${w}.produce`, e, b.logTail());
      return;
    }
    try {
      const cpu0 = cpuSeconds(b.pid);
      const res = await consumerPerf(b.sslBootstrap, { topic: TOPIC, numRecords, group: `bench-${w}-${round}`, timeoutMs: workloadTimeoutMs(o), consumerProps: client, commandConfig });
      const cpu1 = cpuSeconds(b.pid);
      addSample(r, `${w}.consume`, slot, res.fetchMbPerSec);
      const cost = cpuCost(cpu0, cpu1, res, gib);
      if (cost) addSample(r, `cpu.${w}.consume`, slot, cost.brokerCpuS / gib);
      const { stdout: _s, ...parsed } = res;
      details[`${w}.consume`] = { ...parsed, cost };
      log(base, `${w}.consume: ${res.fetchMbPerSec} MiB/s in the fetch phase over ${over}${cost ? `; broker CPU ${(cost.brokerCpuS / gib).toFixed(2)} s/GiB` : ""}`);
    } catch (e) {
      recordError(base, `${w}.consume`, e, b.logTail());
    }
  } finally {
    r.loadAvg1m?.push(loadavg()[0]);
    r.details.push({ round, slot, system, workload: w, ...details });
    await b.stop().catch((e: unknown) => recordError(base, `${w}.stop`, e));
    certs.cleanup();
  }
}
