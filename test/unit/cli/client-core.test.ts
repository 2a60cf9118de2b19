// The CLI client's pieces that need no broker: flags and their environment variables (cli-args.ts),
// --brokers parsing, the security settings' refusals, the table printer, the progress bar's TTY rule
// and the health verdict.
import { describe, expect, test } from "bun:test";
import { envName, intArg, keyValues, parseCliArgs, type ArgDefs } from "../../../src/cli/client/cli-args.ts";
import { clientSecurity } from "../../../src/cli/client/client-security.ts";
import { parseBrokers } from "../../../src/cli/client/kafka-cli-client.ts";
import { formatTable } from "../../../src/cli/client/output.ts";
import { progressBar } from "../../../src/cli/client/progress.ts";
import { healthProblems, type TopicView } from "../../../src/cli/commands/cluster.ts";
import { parseAssignment } from "../../../src/cli/commands/group-offsets.ts";
import { parseDatetime, parseTopicArg } from "../../../src/cli/commands/group-reset.ts";
import { writeConsumerProtocolAssignment } from "../../../src/protocol/generated/messages/consumer-protocol-assignment.ts";
import { encodeExact } from "../../../src/protocol/primitives/writer.ts";
import { CliError } from "../../../src/cli/protocol-decode.ts";

const DEFS: ArgDefs = {
  topic: { type: "positional", description: "topic" },
  brokers: { type: "string", alias: "b", description: "brokers", default: "localhost:9092" },
  partitions: { type: "string", alias: "p", description: "partitions" },
  config: { type: "string", alias: "c", description: "configs", repeatable: true },
  json: { type: "boolean", description: "json" },
  type: { type: "string", description: "type", options: ["topic", "broker"] },
};

function cliError(fn: () => unknown): CliError {
  try {
    fn();
  } catch (e) {
    if (e instanceof CliError) return e;
    throw e;
  }
  throw new Error("no CliError thrown");
}

describe("flags and environment variables", () => {
  test("--foo-bar is STRAND_FOO_BAR", () => {
    expect(envName("brokers")).toBe("STRAND_BROKERS");
    expect(envName("timeout-ms")).toBe("STRAND_TIMEOUT_MS");
  });

  test("flags, aliases, = forms, repeatable values and the positional", () => {
    const a = parseCliArgs(DEFS, ["orders", "-b", "h:1", "--partitions=3", "-c", "a=1", "-c", "b=2", "--json"], {});
    expect(a.string("topic")).toBe("orders");
    expect(a.string("brokers")).toBe("h:1");
    expect(a.string("partitions")).toBe("3");
    expect(a.list("config")).toEqual(["a=1", "b=2"]);
    expect(a.bool("json")).toBe(true);
  });

  test("the environment fills what the command line does not give; the command line wins; defaults last", () => {
    const env = { STRAND_BROKERS: "env:9", STRAND_JSON: "1", STRAND_PARTITIONS: "7", STRAND_CONFIG: "x=1,y=2" };
    const a = parseCliArgs(DEFS, ["t", "--partitions", "2"], env);
    expect(a.string("brokers")).toBe("env:9");
    expect(a.bool("json")).toBe(true);
    expect(a.string("partitions")).toBe("2");
    expect(a.list("config")).toEqual(["x=1", "y=2"]);
    expect(parseCliArgs(DEFS, [], {}).string("brokers")).toBe("localhost:9092");
    expect(parseCliArgs(DEFS, ["--no-json"], { STRAND_JSON: "true" }).bool("json")).toBe(false);
  });

  test("bad usage names the flag, the value and what is allowed", () => {
    expect(cliError(() => parseCliArgs(DEFS, ["--bogus"], {})).message).toContain('invalid flag "--bogus": one of --brokers');
    expect(cliError(() => parseCliArgs(DEFS, ["--type", "group"], {})).message).toBe('invalid --type "group": one of topic, broker');
    expect(cliError(() => parseCliArgs(DEFS, [], { STRAND_JSON: "maybe" })).message).toBe('invalid STRAND_JSON "maybe": a boolean for --json: true, false, 1, 0, yes or no');
    expect(cliError(() => parseCliArgs(DEFS, ["a", "b"], {})).message).toBe('invalid argument "b": at most 1: TOPIC');
    expect(cliError(() => parseCliArgs(DEFS, ["--partitions"], {})).message).toBe('invalid --partitions "": a value after the flag');
    expect(cliError(() => intArg("--partitions", "0", 1, 10)).message).toBe('invalid --partitions "0": an integer from 1 to 10');
    expect(cliError(() => keyValues("--config", ["novalue"])).message).toBe('invalid --config "novalue": key=value');
  });
});

describe("--brokers", () => {
  test("host:port lists, IPv6 in brackets", () => {
    expect(parseBrokers("a:1, b:65535")).toEqual([{ host: "a", port: 1 }, { host: "b", port: 65535 }]);
    expect(parseBrokers("[::1]:9092")).toEqual([{ host: "::1", port: 9092 }]);
  });
  test("refusals", () => {
    for (const bad of ["", "a", "a:0", "a:70000", "a:b", ":9"]) {
      expect(cliError(() => parseBrokers(bad)).message).toContain("host:port[,host:port...] with a port from 1 to 65535");
    }
  });
});

describe("security settings", () => {
  test("PLAINTEXT by default; bad protocols, mechanisms and missing credentials are refused", () => {
    expect(clientSecurity({ overrides: new Map() }).protocol).toBe("PLAINTEXT");
    expect(cliError(() => clientSecurity({ overrides: new Map([["security.protocol", "TLS"]]) })).message).toBe(
      'invalid security.protocol "TLS": one of PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL',
    );
    expect(cliError(() => clientSecurity({ overrides: new Map([["security.protocol", "SASL_PLAINTEXT"], ["sasl.mechanism", "GSSAPI"]]) })).message).toBe(
      'invalid sasl.mechanism "GSSAPI": one of PLAIN, SCRAM-SHA-256, SCRAM-SHA-512',
    );
    expect(cliError(() => clientSecurity({ overrides: new Map([["security.protocol", "SASL_PLAINTEXT"]]) })).message).toContain("credentials for SASL");
    expect(cliError(() => clientSecurity({ commandConfig: "/nonexistent/client.properties", overrides: new Map() })).message).toContain(
      'invalid --command-config "/nonexistent/client.properties": a readable properties file (ENOENT)',
    );
  });

  test("credentials from sasl.jaas.config", () => {
    const s = clientSecurity({
      overrides: new Map([
        ["security.protocol", "SASL_PLAINTEXT"],
        ["sasl.mechanism", "SCRAM-SHA-256"],
        ["sasl.jaas.config", 'org.apache.kafka.common.security.scram.ScramLoginModule required username="alice" password="secret";'],
      ]),
    });
    expect(s.sasl!().mechanism).toBe("SCRAM-SHA-256");
  });
});

describe("output", () => {
  test("a table pads columns and shows missing cells as -", () => {
    expect(formatTable(["topic", "partitions"], [["orders", 3], ["a", null]])).toBe("TOPIC   PARTITIONS\norders  3\na       -");
  });

  test("the progress bar draws on a TTY only", () => {
    const written: string[] = [];
    const pipe = { isTTY: false, write: (s: string) => written.push(s) };
    const bar = progressBar("reset", 3, pipe);
    bar.tick(3);
    bar.done();
    expect(written).toEqual([]);
    const tty = { isTTY: true, columns: 80, write: (s: string) => written.push(s) };
    const bar2 = progressBar("reset", 2, tty);
    bar2.tick();
    bar2.tick();
    bar2.done();
    expect(written.some((s) => s.includes("2/2"))).toBe(true);
  });
});

describe("cluster health verdict", () => {
  const topic = (partitions: TopicView["partitions"]): TopicView => ({ name: "t", topicId: "x", internal: false, error: null, partitions });
  const p = (leader: number, replicas: number[], isr: number[]) => ({ partition: 0, leader, leaderEpoch: 0, replicas, isr, offlineReplicas: [], error: null });
  test("healthy when led with full ISR and a controller", () => {
    expect(healthProblems(1, 3, [topic([p(1, [1, 2], [2, 1])])])).toEqual([]);
  });
  test("names each problem", () => {
    expect(healthProblems(-1, 1, [topic([p(-1, [1, 2], [1])])])).toEqual([
      "no active controller is known to the brokers",
      "partition t-0 has no leader (replicas 1,2)",
      "partition t-0 is under-replicated: ISR 1 of replicas 1,2 (missing 2)",
    ]);
  });
});

describe("group flag values", () => {
  test("--topic TOPIC[:P,...]", () => {
    expect(parseTopicArg("orders")).toEqual({ topic: "orders", partitions: null });
    expect(parseTopicArg("orders:0, 2")).toEqual({ topic: "orders", partitions: [0, 2] });
    expect(cliError(() => parseTopicArg("orders:x")).message).toBe('invalid --topic "orders:x": TOPIC or TOPIC:PARTITION[,PARTITION...]');
  });

  test("--to-datetime: ISO 8601 with or without a zone", () => {
    expect(parseDatetime("2026-12-01T00:00:00Z")).toBe(BigInt(Date.UTC(2026, 11, 1)));
    expect(parseDatetime("2026-12-01T01:00:00.500+01:00")).toBe(BigInt(Date.UTC(2026, 11, 1) + 500));
    expect(parseDatetime("2026-12-01T01:00:00+0100")).toBe(BigInt(Date.UTC(2026, 11, 1)));
    expect(parseDatetime("2026-12-01T00:00:00")).toBe(BigInt(new Date(2026, 11, 1).getTime()));
    for (const bad of ["yesterday", "2026-12-01", "2026-13-45T99:00:00Z"]) expect(cliError(() => parseDatetime(bad)).key).toBe("--to-datetime");
  });

  test("a classic member's assignment bytes; unreadable bytes are no partitions", () => {
    const bytes = encodeExact((s) => {
      s.int16(3);
      writeConsumerProtocolAssignment(s, { assignedPartitions: [{ topic: "t", partitions: [2, 0] }], userData: null }, 3);
    });
    expect(parseAssignment(bytes)).toEqual([{ topic: "t", partitions: [0, 2] }]);
    expect(parseAssignment(new Uint8Array([0, 0, 0, 0, 0, 9]))).toEqual([]);
    expect(parseAssignment(new Uint8Array(0))).toEqual([]);
  });
});
