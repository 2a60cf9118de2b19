// The broker under test for the SASL interop suite, Apache Kafka 4.4.0 or Strand, both with a
// PLAINTEXT listener (set-up: topics, the first SCRAM users) and a SASL_PLAINTEXT listener with the
// same keys and JAAS strings (PLAIN users admin/alice from the JAAS config; SCRAM users made by the
// test through kafka-configs.sh, so they exist on both brokers the same way).
import { startKafka } from "../support/kafka-broker.ts";
import { freePorts, retryOnBindFailure } from "../support/ports.ts";
import { removeDataDir } from "../support/strand.ts";
import { saslListenerProps, startSaslStrand } from "../support/sasl-strand.ts";
import { interopTarget, type TargetName } from "./targets.ts";

export interface SaslTarget {
  readonly name: TargetName;
  /** host:port of the PLAINTEXT listener, and its port. */
  readonly plaintextBootstrap: string;
  readonly plaintextPort: number;
  /** host:port of the SASL_PLAINTEXT listener. */
  readonly saslBootstrap: string;
  remove(): Promise<void>;
  logTail(): string;
}

/** `extra`: more broker properties, given to both brokers (e.g. listener.name.*.connections.max.reauth.ms). */
/** `systemProperties`: JVM -D properties (Kafka's JVM flags; Strand reads them from KAFKA_OPTS). */
export async function startSaslTarget(extra: Record<string, string> = {}, systemProperties: Record<string, string> = {}): Promise<SaslTarget> {
  const dFlags = Object.entries(systemProperties).map(([k, v]) => `-D${k}=${v}`);
  if (interopTarget() === "strand") {
    const s = await startSaslStrand(extra, [], dFlags.length > 0 ? { KAFKA_OPTS: dFlags.join(" ") } : {});
    return {
      name: "strand",
      plaintextBootstrap: `127.0.0.1:${s.plaintextPort}`,
      plaintextPort: s.plaintextPort,
      saslBootstrap: `127.0.0.1:${s.saslPort}`,
      async remove() {
        await s.strand.stop();
        removeDataDir(s.strand.dataDir);
      },
      logTail: () => s.strand.output().slice(-6000),
    };
  }
  // startKafka retries only the ports it chose; the SASL port is ours, so retry the whole start.
  const [k, saslPort] = await retryOnBindFailure("Kafka with SASL", async () => {
    const [port, controllerPort, sasl] = (await freePorts(3)) as [number, number, number];
    const kafka = await startKafka({
      port,
      controllerPort,
      overrides: {
        listeners: `PLAINTEXT://127.0.0.1:${port},SASL_PLAINTEXT://127.0.0.1:${sasl},CONTROLLER://127.0.0.1:${controllerPort}`,
        "advertised.listeners": `PLAINTEXT://127.0.0.1:${port},SASL_PLAINTEXT://127.0.0.1:${sasl}`,
        ...saslListenerProps(extra),
      },
      extraJvmArgs: dFlags,
    });
    return [kafka, sasl] as const;
  });
  return {
    name: "kafka",
    plaintextBootstrap: k.bootstrap,
    plaintextPort: k.port,
    saslBootstrap: `127.0.0.1:${saslPort}`,
    remove: () => k.remove(),
    logTail: () => k.logTail(6000),
  };
}
