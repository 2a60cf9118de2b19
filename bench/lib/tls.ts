// The TLS workloads (issue 14): a session of its own per system and round. One broker with a PLAINTEXT
// listener (for readiness) and an SSL listener (PKCS12 keystore made by keytool, no client auth), the
// same server.properties for both systems (COMMON_OVERRIDES), the same clients as the plaintext rows,
// connected to the SSL listener (security.protocol=SSL, the CA as a PEM truststore):
//   tls.produce       ProducerPerformance, --data-mib of --record-bytes records, acks=1, no compression,
//                     linger.ms=5, batch.size=65536 (as produce.acks1.none): MiB/s.
//   tls.consume       ConsumerPerformance reads them back (fetch phase MiB/s). Strand cannot use
//                     sendfile(2) under TLS (Bun exposes no kernel TLS): file bytes are read and encrypted.
//   cpu.tls.produce / cpu.tls.consume   broker CPU seconds per GiB over each run (/proc samples).
import { loadavg } from "node:os";
import { startKafka, type KafkaHandle } from "../../test/support/kafka-broker.ts";
import { freePorts } from "../../test/support/ports.ts";
import { startStrand, type StrandHandle } from "../../test/support/strand.ts";
import { makeCerts, STORE_PASSWORD, type CertPaths } from "../../test/support/tls-certs.ts";
import { COMMON_OVERRIDES, STRAND_ONLY_OVERRIDES, type BrokerSettings } from "./brokers.ts";
import { consumerPerf, producerPerf } from "./kafka-perf.ts";
import { addSample, type BenchResult, type Slot } from "./metrics.ts";
import type { BenchOptions, SystemName } from "./options.ts";
import { cpuSeconds } from "./procs.ts";
import { cpuCost, log, recordError, workloadTimeoutMs } from "./session.ts";

const TOPIC = "tls-perf";

interface TlsBroker {
  pid: number;
  sslBootstrap: string;
  logTail(): string;
  stop(): Promise<void>;
}

function sslProps(certs: CertPaths): Record<string, string> {
  return {
    "ssl.keystore.type": "PKCS12",
    "ssl.keystore.location": certs.brokerKeytoolP12,
    "ssl.keystore.password": STORE_PASSWORD,
  };
}

async function startTlsBroker(system: SystemName, s: BrokerSettings, certs: CertPaths): Promise<TlsBroker> {
  const map = "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SSL:SSL";
  if (system === "kafka") {
    const [p, c, ssl] = await freePorts(3);
    const h: KafkaHandle = await startKafka({
      port: p!,
      controllerPort: c!,
      heapMb: s.kafkaHeapMb,
      startTimeoutMs: s.startTimeoutMs,
      overrides: {
        ...COMMON_OVERRIDES,
        listeners: `PLAINTEXT://127.0.0.1:${p},CONTROLLER://127.0.0.1:${c},SSL://127.0.0.1:${ssl}`,
        "advertised.listeners": `PLAINTEXT://127.0.0.1:${p},SSL://127.0.0.1:${ssl}`,
        "listener.security.protocol.map": map,
        ...sslProps(certs),
      },
    });
    return { pid: h.pid, sslBootstrap: `127.0.0.1:${ssl}`, logTail: () => h.logTail(4_000), stop: () => h.remove() };
  }
  const h: StrandHandle = await startStrand({
    binary: s.strandBinary ?? undefined,
    startTimeoutMs: s.startTimeoutMs,
    overrides: {
      ...COMMON_OVERRIDES,
      ...STRAND_ONLY_OVERRIDES,
      listeners: "PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
      "advertised.listeners": "PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0",
      "listener.security.protocol.map": map,
      ...sslProps(certs),
    },
  });
  const line = /strand started.*/.exec(h.output())?.[0] ?? "";
  const port = Number(/[=,"]SSL:\/\/127\.0\.0\.1:(\d+)/.exec(line)?.[1] ?? "0");
  if (port === 0) {
    await h.kill();
    throw new Error(`no SSL listener in Strand's start line: ${line}`);
  }
  return {
    pid: h.pid,
    sslBootstrap: `127.0.0.1:${port}`,
    logTail: () => h.output().slice(-4_000),
    async stop() {
      try {
        await h.stop(15_000);
      } catch {
        await h.kill();
      }
    },
  };
}

export async function runTlsSession(o: BenchOptions, r: BenchResult, slot: Slot, system: SystemName, round: number, s: BrokerSettings): Promise<void> {
  const base = { o, r, slot, system, round };
  r.loadAvg1m?.push(loadavg()[0]);
  const certs = makeCerts();
  let b: TlsBroker;
  try {
    log(base, `tls: starting ${system} with an SSL listener (load average ${loadavg()[0].toFixed(2)})`);
    b = await startTlsBroker(system, s, certs);
  } catch (e) {
    certs.cleanup();
    recordError(base, "tls", e);
    return;
  }
  const client = { "security.protocol": "SSL", "ssl.truststore.type": "PEM", "ssl.truststore.location": certs.caPem };
  const numRecords = Math.floor((o.dataMiB * 1024 * 1024) / o.recordBytes);
  const gib = (numRecords * o.recordBytes) / 2 ** 30;
  const details: Record<string, unknown> = {};
  try {
    try {
      const cpu0 = cpuSeconds(b.pid);
      const res = await producerPerf(b.sslBootstrap, {
        topic: TOPIC, numRecords, recordBytes: o.recordBytes, throughput: -1, timeoutMs: workloadTimeoutMs(o),
        producerProps: { acks: 1, "compression.type": "none", "linger.ms": 5, "batch.size": 65536, ...client },
      });
      const cpu1 = cpuSeconds(b.pid);
      if (res.records < numRecords) throw new Error(`ProducerPerformance sent ${res.records} of ${numRecords} records\n${res.stdout.slice(-2000)}`);
      addSample(r, "tls.produce", slot, res.mbPerSec);
      const cost = cpuCost(cpu0, cpu1, res, gib);
      if (cost) addSample(r, "cpu.tls.produce", slot, cost.brokerCpuS / gib);
      const { stdout: _s, ...parsed } = res;
      details["tls.produce"] = { ...parsed, cost };
      log(base, `tls.produce: ${res.mbPerSec} MiB/s over SSL${cost ? `; broker CPU ${(cost.brokerCpuS / gib).toFixed(2)} s/GiB` : ""}`);
    } catch (e) {
      recordError(base, "tls.produce", e, b.logTail());
      return;
    }
    try {
      const cpu0 = cpuSeconds(b.pid);
      const res = await consumerPerf(b.sslBootstrap, { topic: TOPIC, numRecords, group: `bench-tls-${round}`, timeoutMs: workloadTimeoutMs(o), consumerProps: client });
      const cpu1 = cpuSeconds(b.pid);
      addSample(r, "tls.consume", slot, res.fetchMbPerSec);
      const cost = cpuCost(cpu0, cpu1, res, gib);
      if (cost) addSample(r, "cpu.tls.consume", slot, cost.brokerCpuS / gib);
      const { stdout: _s, ...parsed } = res;
      details["tls.consume"] = { ...parsed, cost };
      log(base, `tls.consume: ${res.fetchMbPerSec} MiB/s in the fetch phase over SSL${cost ? `; broker CPU ${(cost.brokerCpuS / gib).toFixed(2)} s/GiB` : ""}`);
    } catch (e) {
      recordError(base, "tls.consume", e, b.logTail());
    }
  } finally {
    r.loadAvg1m?.push(loadavg()[0]);
    r.details.push({ round, slot, system, workload: "tls", ...details });
    await b.stop().catch((e: unknown) => recordError(base, "tls.stop", e));
    certs.cleanup();
  }
}
