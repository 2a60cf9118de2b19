// A 3-node Strand cluster whose nodes talk to each other over SASL_SSL only: the inter-broker listener
// BROKER (SASL_SSL; fetchers and forwarding log in with PLAIN, clients with SCRAM-SHA-512) and the
// controller listener CONTROLLER (SASL_SSL with PLAIN: SCRAM credentials live in the metadata log, so
// the quorum cannot use them to form, as in Kafka). A PLAINTEXT listener is kept for readiness and the
// first SCRAM user. Then: a topic with RF 3 created over SASL_SSL, records produced with acks=all and
// min.insync.replicas=3 by the Java producer over SASL_SSL (only possible with every follower fetching
// over SASL_SSL), the ISR full on every partition, and the records read back in a consumer group.
// With the StandardAuthorizer and super.users=User:broker (the principal the nodes log in as on BROKER
// and CONTROLLER, which Kafka needs for CLUSTER_ACTION between nodes) plus User:ANONYMOUS (the
// PLAINTEXT set-up listener only): alice works on her prefixed ACLs alone.
// Certificates are made by the test in a temp dir it removes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KAFKA_MAIN, runKafkaClass } from "../support/kafka-dist.ts";
import { StrandCluster } from "../support/strand-cluster.ts";
import { makeCerts, STORE_PASSWORD, type CertPaths } from "../support/tls-certs.ts";

const PLAIN_JAAS = 'org.apache.kafka.common.security.plain.PlainLoginModule required username="broker" password="broker-secret" user_broker="broker-secret";';
const SCRAM_JAAS = 'org.apache.kafka.common.security.scram.ScramLoginModule required;';

let certs: CertPaths;
let work: string;
let cluster: StrandCluster;

function saslSslPort(id: number): number {
  const line = /strand started.*/.exec(cluster.handles.get(id)!.output())![0];
  return Number(/BROKER:\/\/127\.0\.0\.1:(\d+)/.exec(line)![1]);
}

async function java(main: string, args: string[], stdin?: string): Promise<string> {
  const r = await runKafkaClass(main, args, { timeoutMs: 120_000, ...(stdin === undefined ? {} : { stdin }) });
  if (r.exitCode !== 0) throw new Error(`${main} ${args.join(" ")} exited ${r.exitCode}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

describe("3-node Strand cluster over SASL_SSL", () => {
  let client: string;
  let bootstrap: string;

  beforeAll(async () => {
    certs = makeCerts();
    work = mkdtempSync(join(tmpdir(), "strand-sasl-ssl-cluster-"));
    cluster = await StrandCluster.start({
      size: 3,
      listeners: (controllerPort) => `PLAINTEXT://127.0.0.1:0,BROKER://127.0.0.1:0,CONTROLLER://127.0.0.1:${controllerPort}`,
      overrides: {
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,BROKER:SASL_SSL,CONTROLLER:SASL_SSL",
        "advertised.listeners": "PLAINTEXT://127.0.0.1:0,BROKER://127.0.0.1:0",
        "inter.broker.listener.name": "BROKER",
        "ssl.keystore.type": "PKCS12",
        "ssl.keystore.location": certs.brokerKeytoolP12,
        "ssl.keystore.password": STORE_PASSWORD,
        "ssl.truststore.type": "PKCS12",
        "ssl.truststore.location": certs.truststoreP12,
        "ssl.truststore.password": STORE_PASSWORD,
        "sasl.enabled.mechanisms": "SCRAM-SHA-512,PLAIN",
        "sasl.mechanism.inter.broker.protocol": "PLAIN",
        "sasl.mechanism.controller.protocol": "PLAIN",
        "listener.name.broker.plain.sasl.jaas.config": PLAIN_JAAS,
        "listener.name.broker.scram-sha-512.sasl.jaas.config": SCRAM_JAAS,
        "listener.name.controller.sasl.enabled.mechanisms": "PLAIN",
        "listener.name.controller.plain.sasl.jaas.config": PLAIN_JAAS,
        "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
        "super.users": "User:broker;User:ANONYMOUS",
        "offsets.topic.replication.factor": 3,
        "default.replication.factor": 3,
      },
    });
    const plain = `127.0.0.1:${cluster.portOf(1)}`;
    bootstrap = [1, 2, 3].map((id) => `127.0.0.1:${saslSslPort(id)}`).join(",");
    await java(KAFKA_MAIN.configs, ["--bootstrap-server", plain, "--alter", "--add-config", "SCRAM-SHA-512=[password=alice-secret]", "--entity-type", "users", "--entity-name", "alice"]);
    for (const [type, name] of [["--topic", "rf3-"], ["--group", "rf3-"]] as const) {
      await java(KAFKA_MAIN.acls, ["--bootstrap-server", plain, "--add", "--allow-principal", "User:alice", "--operation", "All", type, name, "--resource-pattern-type", "prefixed"]);
    }
    client = join(work, "client.properties");
    writeFileSync(
      client,
      [
        "security.protocol=SASL_SSL",
        "ssl.truststore.type=PEM",
        `ssl.truststore.location=${certs.caPem}`,
        "sasl.mechanism=SCRAM-SHA-512",
        'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="alice" password="alice-secret";',
      ].join("\n") + "\n",
    );
  }, 300_000);

  afterAll(async () => {
    await cluster?.close();
    certs?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 120_000);

  test("RF 3, acks=all with min.insync.replicas=3 over SASL_SSL, full ISR, consumed back", async () => {
    await java(KAFKA_MAIN.topics, ["--bootstrap-server", bootstrap, "--command-config", client, "--create", "--topic", "rf3-sasl-ssl", "--partitions", "3", "--replication-factor", "3", "--config", "min.insync.replicas=3"]);
    // Followers join the ISR once they have fetched (over SASL_SSL): a bounded wait for a full ISR.
    const deadline = Date.now() + 90_000;
    let described = "";
    const fullIsr = (d: string) => {
      const isrs = [...d.matchAll(/Isr: ([\d,]+)/g)].map((m) => m[1]!.split(",").sort().join(","));
      return isrs.length === 3 && isrs.every((i) => i === "1,2,3");
    };
    while (Date.now() < deadline && !fullIsr((described = await java(KAFKA_MAIN.topics, ["--bootstrap-server", bootstrap, "--command-config", client, "--describe", "--topic", "rf3-sasl-ssl"])))) await Bun.sleep(1000);
    expect(fullIsr(described)).toBe(true);
    const lines = Array.from({ length: 300 }, (_, i) => `rf3-${i}`);
    await java(KAFKA_MAIN.consoleProducer, ["--bootstrap-server", bootstrap, "--topic", "rf3-sasl-ssl", "--command-config", client, "--producer-property", "acks=all"], lines.join("\n") + "\n");
    const consumed = await java(KAFKA_MAIN.consoleConsumer, ["--bootstrap-server", bootstrap, "--topic", "rf3-sasl-ssl", "--command-config", client, "--group", "rf3-group", "--from-beginning", "--max-messages", "300", "--timeout-ms", "60000"]);
    expect(consumed.trim().split("\n").sort()).toEqual([...lines].sort());
    // Still a full ISR after the acks=all writes: every follower kept up over SASL_SSL.
    expect(fullIsr(await java(KAFKA_MAIN.topics, ["--bootstrap-server", bootstrap, "--command-config", client, "--describe", "--topic", "rf3-sasl-ssl"]))).toBe(true);
  }, 300_000);
});
