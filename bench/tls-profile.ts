// Consume over TLS on one broker, repeated, for before/after work on the TLS fetch path (issue 14; the
// side-by-side rows are bench/run.ts --only tls / sasl_ssl, bench/lib/tls.ts). One broker with the bench's
// SSL (or SASL_SSL) listener; the topic is written once over PLAINTEXT (ProducerPerformance, 1 KB
// records, acks=1), then ConsumerPerformance reads it back over TLS --repeat times, each in a new group.
//
//   bun bench/tls-profile.ts [--system strand|kafka] [--mode ssl|sasl_ssl] [--mib N] [--repeat N]
//                            [--binary PATH | --source CHECKOUT] [--perf FILE] [--cpu-prof DIR] [--env K=V,...]
//
// Each consume prints fetch MiB/s and the broker's and the client's CPU seconds per GiB (/proc), and the
// TCP segments the broker's TLS port sent and received per MiB (`ss -ti`, sampled every 200 ms: figures
// that do not move with the machine's load, unlike the CPU and throughput ones). With
// --perf FILE the broker is sampled by `perf record -e cpu-clock -g` during the consumes (software
// clock: this VM has no hardware counters); `perf report -i FILE` reads it. --cpu-prof DIR: the broker
// runs under `bun --cpu-prof` (bench/cpuprofile-summary.ts reads DIR/*.cpuprofile). Bind: 127.0.0.1, port 0.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { consumerPerf, producerPerf } from "./lib/kafka-perf.ts";
import { cpuSeconds } from "./lib/procs.ts";
import { addScramUser, SCRAM_JAAS, startTlsBroker, type TlsMode } from "./lib/tls.ts";
import { makeCerts } from "../test/support/tls-certs.ts";

const ROOT = resolve(import.meta.dir, "..");

/** Per connection of the port (by peer): the latest bytes_sent, data_segs_out and segs_in `ss` shows. */
type SegStats = Map<string, { bytes: number; segsOut: number; segsIn: number }>;
async function sampleSegments(port: number, into: SegStats): Promise<void> {
  const p = Bun.spawn(["ss", "-tinH", "state", "established", `( sport = :${port} )`], { stdout: "pipe", stderr: "ignore" });
  const text = await new Response(p.stdout).text();
  await p.exited;
  const lines = text.split("\n");
  // Bounded by ss's output: a header line per connection, then its info line.
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const peer = lines[i]!.trim().split(/\s+/).pop() ?? "";
    const num = (k: string) => Number(new RegExp(`\\b${k}:(\\d+)`).exec(lines[i + 1]!)?.[1] ?? 0);
    into.set(peer, { bytes: num("bytes_sent"), segsOut: num("data_segs_out"), segsIn: num("segs_in") });
  }
}

const argv = process.argv.slice(2);
function opt(name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : dflt;
}
const system = opt("system", "strand") as "strand" | "kafka";
const mode = opt("mode", "ssl") as TlsMode;
const mib = Number(opt("mib", "1024"));
const repeat = Number(opt("repeat", "3"));
const perfFile = opt("perf", "");
const cpuProfDir = opt("cpu-prof", "");
const sourceRoot = resolve(opt("source", ROOT));
let binary: string | null = opt("binary", "") || null;
const extraEnv = Object.fromEntries(opt("env", "").split(",").filter(Boolean).map((kv) => kv.split("=", 2) as [string, string]));

const work = mkdtempSync(join("/tmp", "strand-tlsprof-"));
if (system === "strand" && !binary && (sourceRoot !== ROOT || cpuProfDir || Object.keys(extraEnv).length > 0)) {
  // A wrapper so the broker's command line stays `<binary> server start ...`, with the chosen checkout.
  binary = join(work, "strand.sh");
  const envs = Object.entries(extraEnv).map(([k, v]) => `${k}=${v}`).join(" ");
  writeFileSync(binary, `#!/bin/sh\nexec env ${envs} ${process.execPath} ${cpuProfDir ? `--cpu-prof --cpu-prof-dir=${resolve(cpuProfDir)}` : ""} ${join(sourceRoot, "src/cli/main.ts")} "$@"\n`, { mode: 0o755 });
}
const certs = makeCerts();
const b = await startTlsBroker(system, { dataRoot: "/tmp", kafkaHeapMb: 1024, strandBinary: binary, startTimeoutMs: 120_000 }, certs, mode);
let perf: ReturnType<typeof Bun.spawn> | null = null;
try {
  const topic = "tls-prof";
  const numRecords = Math.floor((mib * 1024 * 1024) / 1024);
  const gib = mib / 1024;
  const p = await producerPerf(b.plaintextBootstrap, {
    topic, numRecords, recordBytes: 1024, throughput: -1, timeoutMs: 600_000,
    producerProps: { acks: 1, "compression.type": "none", "linger.ms": 5, "batch.size": 65536 },
  });
  console.log(JSON.stringify({ system, mode, producedMiBs: p.mbPerSec }));
  if (mode === "sasl_ssl") await addScramUser(b);
  let commandConfig: string | undefined;
  if (mode === "sasl_ssl") {
    commandConfig = join(certs.dir, "sasl-client.properties");
    writeFileSync(commandConfig, `sasl.mechanism=SCRAM-SHA-512\nsasl.jaas.config=${SCRAM_JAAS}\n`);
  }
  const client = { "security.protocol": mode === "ssl" ? "SSL" : "SASL_SSL", "ssl.truststore.type": "PEM", "ssl.truststore.location": certs.caPem };
  if (perfFile) perf = Bun.spawn(["perf", "record", "-e", "cpu-clock", "-F", "999", "-g", "-p", String(b.pid), "-o", resolve(perfFile)], { stdout: "ignore", stderr: "ignore" });
  for (let i = 0; i < repeat; i++) {
    const load = loadavg()[0];
    const cpu0 = cpuSeconds(b.pid) ?? 0;
    const segs: SegStats = new Map();
    const sslPort = Number(b.sslBootstrap.split(":")[1]);
    let sampling = true;
    const sampler = (async () => {
      // Bounded by the consume's own time bound.
      while (sampling) {
        await sampleSegments(sslPort, segs);
        await Bun.sleep(200);
      }
    })();
    const c = await consumerPerf(b.sslBootstrap, { topic, numRecords, group: `g${i}`, timeoutMs: 600_000, consumerProps: client, commandConfig });
    const brokerCpuS = (cpuSeconds(b.pid) ?? 0) - cpu0;
    sampling = false;
    await sampler;
    let sentBytes = 0, segsOut = 0, segsIn = 0;
    for (const v of segs.values()) {
      sentBytes += v.bytes;
      segsOut += v.segsOut;
      segsIn += v.segsIn;
    }
    const sentMiB = sentBytes / 2 ** 20;
    console.log(JSON.stringify({
      system, mode, run: i, fetchMiBs: c.fetchMbPerSec, fetchMs: c.fetchMs,
      brokerCpuSPerGiB: +(brokerCpuS / gib).toFixed(3), clientCpuSPerGiB: +(c.clientCpuS / gib).toFixed(3), load1m: +load.toFixed(2),
      sentKiBPerSegment: segsOut ? +((sentBytes / 1024) / segsOut).toFixed(1) : null, segsInPerMiB: sentMiB ? +(segsIn / sentMiB).toFixed(1) : null,
    }));
  }
} finally {
  if (perf) {
    perf.kill("SIGINT");
    await perf.exited;
  }
  await b.stop().catch(() => undefined);
  certs.cleanup();
  rmSync(work, { recursive: true, force: true });
}
