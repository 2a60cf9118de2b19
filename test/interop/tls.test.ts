// TLS listeners with unmodified clients, against Strand and (STRAND_INTEROP_TARGET=kafka) Apache Kafka
// 4.4.0 with the same certificates: an SSL listener (server certificate only) and an mTLS listener
// (listener.name.mtls.ssl.client.auth=required), keystores as keytool writes them (PKCS12).
// - Java kafka-clients: kafka-topics (AdminClient) creates and describes, the console producer
//   produces, the console consumer consumes in a group; over SSL and over mTLS.
// - librdkafka (confluent-kafka-python): produce + consume group over mTLS; a large consume over SSL
//   (multi-MiB fetches, which use sendfile on plaintext) with every value's sha256 checked.
// - KafkaJS: produce + consume group over mTLS.
// - franz-go: kadm creates the topic, produce + consume group over mTLS.
// - Refusals, each checked against Kafka: a client certificate from an untrusted CA on the mTLS
//   listener, no client certificate there, a client that does not trust the broker, and a plaintext
//   client on the TLS port (closed without a Kafka answer).
// Certificates are made by the test (openssl, keytool) in a temp dir it removes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureKafkaJs, type KafkaJsClient } from "../support/clients/kafkajs.ts";
import { ensureGoClient, type GoClient } from "../support/clients/go.ts";
import { ensurePythonClient, type PythonClient } from "../support/clients/python.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { KAFKA_MAIN, runKafkaClass, startKafka, type KafkaHandle } from "../support/kafka-dist.ts";
import { freePorts } from "../support/ports.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { makeCerts, reissueBroker, STORE_PASSWORD, type CertPaths } from "../support/tls-certs.ts";
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { interopTarget } from "./targets.ts";

const TARGET = interopTarget();
const HERE = resolve(import.meta.dir, "tls");
const python = await probeInstall("confluent-kafka", ensurePythonClient);
const kafkajs = await probeInstall("kafkajs", ensureKafkaJs);
const franz = await probeInstall("franz-go", ensureGoClient);

let certs: CertPaths;
let work: string;
let broker: StrandHandle | KafkaHandle;
let sslPort = 0;
let nodeId = 1;
let mtlsPort = 0;

function brokerSslProps(): Record<string, string> {
  return {
    "ssl.keystore.type": "PKCS12",
    "ssl.keystore.location": certs.brokerKeytoolP12,
    "ssl.keystore.password": STORE_PASSWORD,
    "ssl.truststore.type": "PKCS12",
    "ssl.truststore.location": certs.truststoreP12,
    "ssl.truststore.password": STORE_PASSWORD,
    "listener.name.mtls.ssl.client.auth": "required",
  };
}

async function startBroker(): Promise<void> {
  const protocolMap = "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SSL:SSL,MTLS:SSL";
  if (TARGET === "kafka") {
    const [p, c, s, m] = await freePorts(4);
    sslPort = s!;
    mtlsPort = m!;
    broker = await startKafka({
      port: p!,
      controllerPort: c!,
      overrides: {
        listeners: `PLAINTEXT://127.0.0.1:${p},CONTROLLER://127.0.0.1:${c},SSL://127.0.0.1:${s},MTLS://127.0.0.1:${m}`,
        "advertised.listeners": `PLAINTEXT://127.0.0.1:${p},SSL://127.0.0.1:${s},MTLS://127.0.0.1:${m}`,
        "listener.security.protocol.map": protocolMap,
        ...brokerSslProps(),
      },
    });
    return;
  }
  const s = await startStrand({
    overrides: {
      listeners: "PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0,MTLS://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
      "advertised.listeners": "PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0,MTLS://127.0.0.1:0",
      "listener.security.protocol.map": protocolMap,
      ...brokerSslProps(),
    },
  });
  broker = s;
  const line = /strand started.*/.exec(s.output())![0];
  sslPort = Number(/[=,"]SSL:\/\/127\.0\.0\.1:(\d+)/.exec(line)![1]);
  mtlsPort = Number(/MTLS:\/\/127\.0\.0\.1:(\d+)/.exec(line)![1]);
  nodeId = Number(/nodeId[=":]+(\d+)/.exec(line)![1]);
}

const boot = (port: number) => `127.0.0.1:${port}`;

/** Java client properties for the SSL listener (trust only) or the mTLS one (with the client's keystore). */
function javaProps(mtls: boolean): Record<string, string> {
  return {
    "security.protocol": "SSL",
    "ssl.truststore.type": "PEM",
    "ssl.truststore.location": certs.caPem,
    ...(mtls ? { "ssl.keystore.type": "PKCS12", "ssl.keystore.location": certs.client.p12, "ssl.keystore.password": STORE_PASSWORD } : {}),
  };
}

function propsFile(name: string, props: Record<string, string>): string {
  const path = join(work, `${name}.properties`);
  writeFileSync(path, Object.entries(props).map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
  return path;
}

async function java(main: string, args: string[]): Promise<string> {
  const r = await runKafkaClass(main, args, { timeoutMs: 120_000 });
  if (r.exitCode !== 0) throw new Error(`${main} ${args.join(" ")} exited ${r.exitCode}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function librdkafkaConf(mtls: boolean, who: "client" | "rogue" = "client", ca = certs.caPem): Record<string, string> {
  const c = who === "client" ? certs.client : certs.rogue;
  return {
    "security.protocol": "SSL",
    "ssl.ca.location": ca,
    ...(mtls ? { "ssl.certificate.location": c.certPem, "ssl.key.location": c.keyPem } : {}),
  };
}

async function runJson(cmd: string[], timeoutMs = 180_000): Promise<Record<string, unknown>> {
  const proc = Bun.spawn({ cmd, stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  const last = out.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(last) as Record<string, unknown>;
  } catch {
    throw new Error(`${cmd.slice(0, 3).join(" ")}: no JSON result\n${out}\n${err}`);
  }
}

describe(`TLS listeners vs ${TARGET}`, () => {
  beforeAll(async () => {
    certs = makeCerts();
    work = mkdtempSync(join(tmpdir(), "strand-tls-interop-"));
    await startBroker();
  }, 180_000);

  afterAll(async () => {
    if (broker) "remove" in broker ? await broker.remove() : await broker.stop();
    certs?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  test("Java: AdminClient, producer and consumer group over SSL and over mTLS", async () => {
    const ssl = propsFile("java-ssl", javaProps(false));
    const mtls = propsFile("java-mtls", javaProps(true));
    await java(KAFKA_MAIN.topics, ["--bootstrap-server", boot(sslPort), "--command-config", ssl, "--create", "--topic", "java-tls", "--partitions", "2", "--replication-factor", "1"]);
    const described = await java(KAFKA_MAIN.topics, ["--bootstrap-server", boot(mtlsPort), "--command-config", mtls, "--describe", "--topic", "java-tls"]);
    expect(described).toContain("PartitionCount: 2");
    const lines = Array.from({ length: 50 }, (_, i) => `java-tls-${i}`);
    const r = await runKafkaClass(KAFKA_MAIN.consoleProducer, ["--bootstrap-server", boot(sslPort), "--topic", "java-tls", "--command-config", ssl], { stdin: lines.join("\n") + "\n", timeoutMs: 120_000 });
    expect(r.exitCode).toBe(0);
    const consumed = await java(KAFKA_MAIN.consoleConsumer, ["--bootstrap-server", boot(mtlsPort), "--topic", "java-tls", "--command-config", mtls, "--group", "java-tls-group", "--from-beginning", "--max-messages", "50", "--timeout-ms", "60000"]);
    expect(consumed.trim().split("\n").sort()).toEqual([...lines].sort());
  }, 300_000);

  test.skipIf(!python.ok)("librdkafka: produce + consume group over mTLS", async () => {
    const py = (python as { value: PythonClient }).value;
    const r = await runJson([py.python, "-u", join(HERE, "tls_client.py"), "roundtrip", boot(mtlsPort), "py-mtls", "30", "100", "py-mtls-group", JSON.stringify(librdkafkaConf(true))]);
    expect(r.failed).toEqual([]);
    expect(r.got).toEqual(r.sent);
  }, 300_000);

  test.skipIf(!python.ok)("librdkafka: a large consume over SSL (multi-MiB fetches) returns every byte intact", async () => {
    const py = (python as { value: PythonClient }).value;
    // 40 values of 700 KiB: 28 MiB, fetched up to 16 MiB per partition per fetch.
    const r = await runJson([py.python, "-u", join(HERE, "tls_client.py"), "roundtrip", boot(sslPort), "py-large", "40", String(700 * 1024), "py-large-group", JSON.stringify(librdkafkaConf(false))]);
    console.log(`large consume seed ${r.seed}`);
    expect(r.failed).toEqual([]);
    expect((r.got as string[]).length).toBe(40);
    expect(r.got).toEqual(r.sent);
  }, 300_000);

  test.skipIf(!kafkajs.ok)("KafkaJS: produce + consume group over mTLS", async () => {
    const k = (kafkajs as { value: KafkaJsClient }).value;
    const r = await runJson([k.node, join(HERE, "tls-kafkajs.cjs"), k.kafkajsDir, boot(mtlsPort), "kjs-mtls", "20", "kjs-mtls-group", JSON.stringify({ ca: certs.caPem, cert: certs.client.certPem, key: certs.client.keyPem })]);
    expect(r.error).toBeUndefined();
    expect((r.got as string[]).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `kafkajs-tls-${i}`).sort());
  }, 300_000);

  test.skipIf(!franz.ok)("franz-go: create, produce + consume group over mTLS", async () => {
    const g = (franz as { value: GoClient }).value;
    const r = await runJson([g.bin, "tls-roundtrip", "--bootstrap", boot(mtlsPort), "--topic", "franz-mtls", "--group", "franz-mtls-group", "--count", "20", "--ca", certs.caPem, "--cert", certs.client.certPem, "--key", certs.client.keyPem]);
    expect(r.error).toBeUndefined();
    expect((r.consumed as string[]).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `franz-tls-${i}`).sort());
  }, 300_000);

  test.skipIf(!python.ok)("refused: an untrusted client certificate, no client certificate, a broker the client does not trust", async () => {
    const py = (python as { value: PythonClient }).value;
    const md = (conf: Record<string, string>, port: number) => runJson([py.python, "-u", join(HERE, "tls_client.py"), "metadata", boot(port), JSON.stringify(conf)]);
    // At once: each refused client waits out its 15 s metadata timeout, so one after another took 45 s.
    const [good, rogue, none, distrust] = await Promise.all([
      md(librdkafkaConf(true), mtlsPort),
      md(librdkafkaConf(true, "rogue"), mtlsPort),
      md(librdkafkaConf(false), mtlsPort),
      md(librdkafkaConf(false, "client", certs.rogue.caPem), sslPort),
    ]);
    expect(good.ok).toBe(true);
    expect(rogue.ok).toBe(false);
    expect(none.ok).toBe(false);
    expect(distrust.ok).toBe(false);
    // librdkafka reports each as a broker transport failure (its SSL handshake failed), against Kafka too.
    for (const r of [rogue, none, distrust]) expect(String(r.error)).toContain("_TRANSPORT");
  }, 300_000);

  test("certificate reload: kafka-configs --alter on listener.name.ssl.ssl.keystore.location; a bad store or a new DN is refused", async () => {
    const ssl = propsFile("java-ssl-admin", javaProps(false));
    const alter = (config: string) =>
      runKafkaClass(KAFKA_MAIN.configs, ["--bootstrap-server", boot(sslPort), "--command-config", ssl, "--alter", "--entity-type", "brokers", "--entity-name", String(nodeId), "--add-config", config], { timeoutMs: 120_000 });
    const fingerprint = () =>
      new Promise<string>((done, fail) => {
        void Bun.connect({
          hostname: "127.0.0.1",
          port: sslPort,
          tls: { ca: readFileSync(certs.caPem, "utf8"), serverName: "localhost" },
          socket: {
            handshake(s, ok, err) {
              if (!ok) return fail(err);
              done(s.getPeerX509Certificate().fingerprint256);
              s.end();
            },
            data() {},
          },
        }).catch(fail);
      });
    const fp = (pem: string) => new X509Certificate(readFileSync(pem)).fingerprint256;
    expect(await fingerprint()).toBe(fp(certs.brokerCertPem));
    const next = reissueBroker(certs, "broker-next");
    const ok = await alter(`listener.name.ssl.ssl.keystore.location=${next.p12}`);
    expect(ok.exitCode).toBe(0);
    // Applied when the change commits: bounded wait for new connections to get the new certificate.
    const deadline = Date.now() + 60_000;
    let seen = "";
    while (Date.now() < deadline && (seen = await fingerprint()) !== fp(next.certPem)) await Bun.sleep(200);
    expect(seen).toBe(fp(next.certPem));
    // A store the password does not open, and a certificate with another subject DN: refused, nothing changes.
    const wrongPass = await alter(`listener.name.ssl.ssl.keystore.location=${certs.brokerP12},listener.name.ssl.ssl.keystore.password=not-the-password`);
    expect(wrongPass.exitCode).not.toBe(0);
    expect(wrongPass.stdout + wrongPass.stderr).toContain("InvalidRequestException");
    const otherDn = reissueBroker(certs, "broker-other", "/O=Elsewhere/CN=localhost");
    const dn = await alter(`listener.name.ssl.ssl.keystore.location=${otherDn.p12}`);
    expect(dn.exitCode).not.toBe(0);
    expect(dn.stdout + dn.stderr).toContain("DistinguishedName does not match");
    expect(await fingerprint()).toBe(fp(next.certPem));
  }, 300_000);

  test("refused: a plaintext client on the TLS port is closed without a Kafka answer", async () => {
    const got = await new Promise<{ bytes: number; closed: boolean }>((done) => {
      let bytes = 0;
      const timer = setTimeout(() => done({ bytes, closed: false }), 60_000);
      void Bun.connect({
        hostname: "127.0.0.1",
        port: sslPort,
        socket: {
          open: (s) => void s.write(new Uint8Array([0, 0, 0, 10, 0, 18, 0, 0, 0, 0, 0, 7, 0, 0])),
          data: (_s, d) => void (bytes += d.length),
          close: () => {
            clearTimeout(timer);
            done({ bytes, closed: true });
          },
        },
      });
    });
    expect(got.closed).toBe(true);
    // Nothing, or a TLS alert record: never a Kafka response (its size prefix + correlation id 7).
    expect(got.bytes).toBeLessThanOrEqual(7);
  }, 120_000);
});
