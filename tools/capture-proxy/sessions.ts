// The capture sessions: which real client runs, with which exact command, into which fixture folder.
// `$PROXY` in a command stands for the capture proxy's 127.0.0.1:port.
import { join } from "node:path";

export const TOPICS = {
  kcat: "cap-kcat",
  kafkaPython: "cap-kafka-python",
  kafkajs: "cap-kafkajs",
  java: "cap-java",
} as const;

export type ClientName = "kcat" | "kafka-python" | "kafkajs" | "java";

export interface CaptureSession {
  client: ClientName;
  /** Folder name under test/fixtures/captures/<client>/. */
  name: string;
  what: string;
  /** argv; "$PROXY" is replaced by the proxy address at run time. For java: args of `mainClass`. */
  argv: string[];
  /** Set for Java tools: run through test/support/kafka-dist.ts runKafkaClass. */
  mainClass?: string;
  stdin?: string;
}

export const CODECS = ["none", "gzip", "snappy", "lz4", "zstd"] as const;
const JAVA_CODECS = ["gzip", "snappy", "lz4", "zstd"] as const;

/** Where KafkaJS 2.2.4 is installed (outside the repository). */
export function kafkajsDir(cacheRoot: string): string {
  return join(cacheRoot, "capture-clients", "kafkajs");
}

export function sessions(repoRoot: string): CaptureSession[] {
  const py = join(repoRoot, "tools", "capture-proxy", "clients", "kafka_python_capture.py");
  const js = join(repoRoot, "tools", "capture-proxy", "clients", "kafkajs_capture.mjs");
  const out: CaptureSession[] = [];

  out.push({ client: "kcat", name: "metadata", what: "ApiVersions + Metadata (kcat -L)",
    argv: ["kcat", "-b", "$PROXY", "-L", "-t", TOPICS.kcat] });
  for (const codec of CODECS) {
    out.push({
      client: "kcat", name: `produce-${codec}`,
      what: `ApiVersions + Metadata + Produce of 3 keyed records with 2 headers, compression ${codec}`,
      argv: ["kcat", "-P", "-b", "$PROXY", "-t", TOPICS.kcat, "-z", codec, "-K", ":",
        "-H", "client=kcat", "-H", `codec=${codec}`, "-X", "linger.ms=100"],
      stdin: [0, 1, 2].map((i) => `kcat-${codec}-k${i}:kcat ${codec} record ${i} `.padEnd(60, "x")).join("\n") + "\n",
    });
  }
  out.push({ client: "kcat", name: "consume", what: "Fetch session reading all 15 records (every codec) then exiting at end of partition",
    argv: ["kcat", "-C", "-b", "$PROXY", "-t", TOPICS.kcat, "-o", "beginning", "-c", "15", "-e", "-f", "%k %s\\n"] });

  for (const codec of CODECS) {
    out.push({ client: "kafka-python", name: `produce-${codec}`,
      what: `ApiVersions + Metadata + Produce of 3 keyed records with 2 headers, compression ${codec}`,
      argv: ["python3", py, "$PROXY", TOPICS.kafkaPython, "produce", codec] });
  }
  out.push({ client: "kafka-python", name: "consume", what: "consumer without group: Metadata, ListOffsets, Fetch of all 15 records",
    argv: ["python3", py, "$PROXY", TOPICS.kafkaPython, "consume", "15"] });

  for (const codec of ["none", "gzip"]) {
    out.push({ client: "kafkajs", name: `produce-${codec}`,
      what: `ApiVersions + Metadata + Produce of 3 keyed records with 2 headers, compression ${codec}`,
      argv: ["node", js, "$PROXY", TOPICS.kafkajs, "produce", codec] });
  }
  out.push({ client: "kafkajs", name: "consume", what: "group consumer: FindCoordinator, JoinGroup, SyncGroup, OffsetFetch, Fetch of 6 records",
    argv: ["node", js, "$PROXY", TOPICS.kafkajs, "consume", "6"] });

  for (const codec of JAVA_CODECS) {
    out.push({
      client: "java", name: `produce-${codec}`,
      what: `kafka-console-producer (idempotent): ApiVersions, Metadata, InitProducerId, Produce of 3 records with key and 2 headers, compression ${codec}`,
      mainClass: "org.apache.kafka.tools.ConsoleProducer",
      argv: ["--bootstrap-server", "$PROXY", "--topic", TOPICS.java, "--compression-codec", codec,
        "--command-property", `compression.type=${codec}`, "--command-property", "linger.ms=100",
        "--command-property", "client.id=strand-capture-java",
        "--reader-property", "parse.key=true", "--reader-property", "parse.headers=true"],
      stdin: [0, 1, 2].map((i) => `client:java,codec:${codec}\tjava-${codec}-k${i}\t${`java ${codec} record ${i} `.repeat(4)}`).join("\n") + "\n",
    });
  }
  return out;
}
