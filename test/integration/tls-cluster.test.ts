// A 3-node Strand cluster whose every listener is TLS with required client certificates: the raft
// quorum (controller listener), the broker-to-controller channel and the replica fetchers (inter-broker
// listener) all connect with the brokers' keystore as client certificate and verify each other. A
// topic with replication factor 3 is created, written with acks=all and read back by Java clients over
// mTLS, and every replica joins the ISR. The cluster helper names its client listener PLAINTEXT: here
// listener.security.protocol.map makes that name SSL (Kafka allows any name for any protocol).
// Certificates are made by the test in a temp dir.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KAFKA_MAIN, runKafkaClass } from "../support/kafka-dist.ts";
import { StrandCluster } from "../support/strand-cluster.ts";
import { makeCerts, STORE_PASSWORD, type CertPaths } from "../support/tls-certs.ts";

let certs: CertPaths;
let cluster: StrandCluster;
let work: string;

beforeAll(async () => {
  certs = makeCerts();
  work = mkdtempSync(join(tmpdir(), "strand-tls-cluster-"));
  cluster = await StrandCluster.start({
    size: 3,
    overrides: {
      "listener.security.protocol.map": "PLAINTEXT:SSL,CONTROLLER:SSL",
      "ssl.keystore.type": "PKCS12",
      "ssl.keystore.location": certs.brokerKeytoolP12,
      "ssl.keystore.password": STORE_PASSWORD,
      "ssl.truststore.type": "PEM",
      "ssl.truststore.location": certs.caPem,
      "ssl.client.auth": "required",
      "offsets.topic.replication.factor": 3,
    },
    startTimeoutMs: 120_000,
  });
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  certs?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

test("raft, controller channel and replication over mTLS: RF 3, acks=all, full ISR", async () => {
  const props = join(work, "client.properties");
  writeFileSync(
    props,
    ["security.protocol=SSL", "ssl.truststore.type=PEM", `ssl.truststore.location=${certs.caPem}`, "ssl.keystore.type=PKCS12", `ssl.keystore.location=${certs.client.p12}`, `ssl.keystore.password=${STORE_PASSWORD}`, "acks=all"].join("\n") + "\n",
  );
  const bootstrap = [...cluster.handles.values()].map((h) => h.bootstrap).join(",");
  const run = async (main: string, args: string[], stdin?: string) => {
    const r = await runKafkaClass(main, args, { timeoutMs: 120_000, ...(stdin ? { stdin } : {}) });
    if (r.exitCode !== 0) throw new Error(`${main} ${args.join(" ")} exited ${r.exitCode}\n${r.stdout}\n${r.stderr}`);
    return r.stdout;
  };
  await run(KAFKA_MAIN.topics, ["--bootstrap-server", bootstrap, "--command-config", props, "--create", "--topic", "tls-rf3", "--partitions", "3", "--replication-factor", "3", "--config", "min.insync.replicas=3"]);
  const lines = Array.from({ length: 30 }, (_, i) => `tls-cluster-${i}`);
  await run(KAFKA_MAIN.consoleProducer, ["--bootstrap-server", bootstrap, "--topic", "tls-rf3", "--command-config", props], lines.join("\n") + "\n");
  const consumed = await run(KAFKA_MAIN.consoleConsumer, ["--bootstrap-server", bootstrap, "--topic", "tls-rf3", "--command-config", props, "--from-beginning", "--max-messages", "30", "--timeout-ms", "60000"]);
  expect(consumed.trim().split("\n").sort()).toEqual([...lines].sort());
  // Every partition's ISR holds all three replicas (the followers fetch over TLS); bounded wait.
  const deadline = Date.now() + 60_000;
  let described = "";
  while (Date.now() < deadline) {
    described = await run(KAFKA_MAIN.topics, ["--bootstrap-server", bootstrap, "--command-config", props, "--describe", "--topic", "tls-rf3"]);
    const isrs = [...described.matchAll(/Isr: ([0-9,]+)/g)].map((m) => m[1]!.split(",").length);
    if (isrs.length === 3 && isrs.every((n) => n === 3)) break;
    await Bun.sleep(500);
  }
  expect([...described.matchAll(/Isr: ([0-9,]+)/g)].map((m) => m[1]!.split(",").length)).toEqual([3, 3, 3]);
}, 300_000);
