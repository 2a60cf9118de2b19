// Re-makes test/fixtures/captures/: starts Apache Kafka 4.4.0 behind the capture proxy and runs
// kcat, kafka-python, KafkaJS 2.2.4 and Java kafka-clients 4.4.0 (console producer) through it.
//
//   node_modules/.bin/bun tools/capture-proxy/capture-all.ts [--out DIR] [--only kcat,java]
//
// Installs missing clients with their ordinary package managers (apt-get kcat, pip kafka-python and
// codec libraries, npm kafkajs into ~/.cache/strand/capture-clients/kafkajs).
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { runKafkaClass, startKafka } from "../../test/support/kafka-dist.ts";
import { createTopic } from "../../test/support/kafka-tools.ts";
import { freePort } from "../../test/support/ports.ts";
import { CaptureProxy } from "./proxy.ts";
import { commandLine, renderClientReadme } from "./readme.ts";
import type { SessionResult } from "./readme.ts";
import { kafkajsDir, sessions, TOPICS } from "./sessions.ts";
import type { CaptureSession, ClientName } from "./sessions.ts";

const REPO = resolve(import.meta.dir, "..", "..");
const CACHE = process.env.STRAND_CACHE_DIR ?? join(homedir(), ".cache", "strand");
const KAFKA_PYTHON = "kafka-python==3.0.12";
const KAFKAJS = "kafkajs@2.2.4";
/** Every client session exits by itself well within this; a hung client fails the capture run. */
const SESSION_TIMEOUT_MS = 60_000;

async function sh(argv: string[], opts: { stdin?: string; env?: Record<string, string>; cwd?: string } = {}) {
  const proc = Bun.spawn({ cmd: argv, cwd: opts.cwd, env: { ...process.env, ...opts.env },
    stdin: opts.stdin === undefined ? "ignore" : new TextEncoder().encode(opts.stdin), stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => proc.kill("SIGKILL"), SESSION_TIMEOUT_MS);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  return { code, stdout, stderr };
}

async function must(argv: string[], opts?: Parameters<typeof sh>[1]): Promise<string> {
  const r = await sh(argv, opts);
  if (r.code !== 0) throw new Error(`${argv.join(" ")} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
}

/** Installs what is missing and returns each client's version line for the READMEs. */
async function ensureClients(only: Set<ClientName>): Promise<Record<ClientName, string>> {
  const versions = {} as Record<ClientName, string>;
  if (only.has("kcat")) {
    if (!Bun.which("kcat")) await must(["apt-get", "install", "-y", "-q", "kcat"]);
    const v = (await sh(["kcat", "-V"])).stdout;
    versions.kcat = `kcat ${v.match(/Version (\S+)/)?.[1]} (librdkafka ${v.match(/librdkafka (\S+)/)?.[1]}), Debian package \`kcat\``;
  }
  if (only.has("kafka-python")) {
    const probe = "import kafka, snappy, zstandard, lz4.frame; print(kafka.__version__)";
    if ((await sh(["python3", "-c", probe])).code !== 0) {
      await must(["pip", "install", "-q", KAFKA_PYTHON, "python-snappy", "zstandard", "lz4"]);
    }
    const v = (await must(["python3", "-c", probe])).trim();
    const py = (await must(["python3", "--version"])).trim();
    versions["kafka-python"] = `kafka-python ${v} on ${py} (pip: ${KAFKA_PYTHON} python-snappy zstandard lz4)`;
  }
  if (only.has("kafkajs")) {
    const dir = kafkajsDir(CACHE);
    if (!existsSync(join(dir, "node_modules", "kafkajs", "package.json"))) {
      mkdirSync(dir, { recursive: true });
      if (!existsSync(join(dir, "package.json"))) writeFileSync(join(dir, "package.json"), "{\"private\":true}\n");
      await must(["npm", "install", "--no-audit", "--no-fund", KAFKAJS], { cwd: dir });
    }
    const node = (await must(["node", "--version"])).trim();
    const v = (await Bun.file(join(dir, "node_modules", "kafkajs", "package.json")).json()) as { version: string };
    versions.kafkajs = `KafkaJS ${v.version} on Node.js ${node} (npm: ${KAFKAJS}, installed outside the repository)`;
  }
  if (only.has("java")) {
    versions.java = "Java kafka-clients 4.4.0 through kafka-console-producer (org.apache.kafka.tools.ConsoleProducer) of Kafka 4.4.0";
  }
  return versions;
}

async function runSession(s: CaptureSession, proxyAddr: string): Promise<void> {
  const argv = s.argv.map((a) => a.replaceAll("$PROXY", proxyAddr));
  if (s.mainClass) {
    const r = await runKafkaClass(s.mainClass, argv, { stdin: s.stdin, timeoutMs: SESSION_TIMEOUT_MS });
    if (r.exitCode !== 0) throw new Error(`${s.client}/${s.name} exited ${r.exitCode}\n${r.stdout}\n${r.stderr}`);
    return;
  }
  const env = s.client === "kafkajs" ? { NODE_PATH: join(kafkajsDir(CACHE), "node_modules") } : undefined;
  // NODE_PATH is not consulted for ESM imports; the script uses createRequire, which honours it.
  await must(argv, { stdin: s.stdin, env });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: "string" }, only: { type: "string" } } });
  const outRoot = resolve(values.out ?? join(REPO, "test", "fixtures", "captures"));
  const all: ClientName[] = ["kcat", "kafka-python", "kafkajs", "java"];
  const only = new Set((values.only?.split(",") ?? all) as ClientName[]);
  const versions = await ensureClients(only);

  const proxy = new CaptureProxy();
  const proxyPort = await proxy.listen();
  const proxyAddr = `127.0.0.1:${proxyPort}`;
  const kafkaPort = await freePort();
  const kafka = await startKafka({ port: kafkaPort, overrides: { "advertised.listeners": `PLAINTEXT://${proxyAddr}` } });
  proxy.setUpstream("127.0.0.1", kafka.port);
  console.log(`kafka on ${kafka.bootstrap}, proxy on ${proxyAddr}, broker log ${kafka.logFile}`);
  try {
    for (const topic of Object.values(TOPICS)) await createTopic(kafka.bootstrap, topic, { partitions: 1 });
    const results = new Map<ClientName, SessionResult[]>();
    for (const s of sessions(REPO)) {
      if (!only.has(s.client)) continue;
      const dir = join(outRoot, s.client, s.name);
      rmSync(dir, { recursive: true, force: true });
      proxy.startSession(dir);
      const t0 = performance.now();
      try {
        await runSession(s, proxyAddr);
      } finally {
        await Bun.sleep(200); // let the last responses cross the proxy
      }
      const entries = proxy.endSession();
      console.log(`${s.client}/${s.name}: ${entries.length} frames in ${Math.round(performance.now() - t0)} ms`);
      const list = results.get(s.client) ?? [];
      list.push({ session: s, command: commandLine(s), entries });
      results.set(s.client, list);
    }
    for (const [client, list] of results) {
      writeFileSync(join(outRoot, client, "README.md"), renderClientReadme(client, versions[client], list));
    }
  } finally {
    await proxy.close();
    await kafka.remove();
  }
}

await main();
