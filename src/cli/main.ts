#!/usr/bin/env bun
// The `strand` command line.
import { mark } from "../util/startup-trace.ts"; // first: its mark is taken before the other modules run
import { defineCommand, runMain } from "citty";
import { apisTable, CliError, decodeFrameToJson } from "./protocol-decode.ts";
import { STRAND_VERSION } from "../util/version.ts";
import { KAFKA_RELEASE } from "../protocol/generated/api-table.ts";
import { formatStorage, loadConfig, serverStart } from "./server-command.ts";
import { formattingLine, quorumFlagOf } from "./storage-format.ts";
import { parseAddScram } from "./scram-parser.ts";
import { randomKafkaUuid } from "../storage/meta-properties.ts";
import { parseLogDumpArgs, runLogDump } from "./log-dump/dump.ts";
import { StdioSink } from "./stdio-sink.ts";
import { clusterCommand } from "./commands/cluster.ts";
import { produceCommand } from "./commands/produce.ts";
import { consumeCommand } from "./commands/consume.ts";
import { topicCommand } from "./commands/topic.ts";
import { groupCommandDef } from "./commands/group.ts";
import { configCommand } from "./commands/config.ts";
import { aclCommand } from "./commands/acl.ts";

mark("modules-evaluated");

function versionText(): string {
  return `strand ${STRAND_VERSION} (Kafka protocol of Apache Kafka ${KAFKA_RELEASE}, Bun ${Bun.version})`;
}

/** Run a command body; a failure prints one line naming what was wrong and exits 1 (no stack trace). */
function guarded<A>(fn: (a: A) => unknown | Promise<unknown>): (a: A) => Promise<void> {
  return async (a: A) => {
    try {
      await fn(a);
    } catch (e) {
      console.error(`strand: ${(e as Error).message}`);
      process.exit(e instanceof CliError ? 2 : 1);
    }
  };
}

async function readStdin(): Promise<Uint8Array> {
  return new Uint8Array(await Bun.stdin.arrayBuffer());
}

const decode = defineCommand({
  meta: { name: "decode", description: "Read one size-prefixed Kafka frame on stdin and print it as JSON" },
  args: {
    request: { type: "boolean", description: "The frame is a request (the default)" },
    response: { type: "boolean", description: "The frame is a response (needs --api and --version)" },
    api: { type: "string", description: "API key (required with --response)" },
    version: { type: "string", description: "API version (required with --response)" },
  },
  run: guarded(async ({ args }: { args: { request?: boolean; response?: boolean; api?: string; version?: string } }) => {
    if (args.request && args.response) throw new CliError("--request/--response", "both", "give one of them");
    const input = await readStdin();
    console.log(decodeFrameToJson(input, { response: Boolean(args.response), api: args.api, version: args.version }));
  }),
});

const protocol = defineCommand({
  meta: { name: "protocol", description: "Kafka protocol tools" },
  subCommands: {
    decode,
    apis: defineCommand({
      meta: { name: "apis", description: "Print the API table: keys, names, versions" },
      run() {
        console.log(apisTable());
      },
    }),
  },
});

/** Every value of a repeatable flag (`--override a=1 --override b=2`, or `--override=a=1`); citty keeps only the last. */
function many(rawArgs: string[], flag: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < rawArgs.length; i++) {
    const a = rawArgs[i]!;
    if (a === flag && i + 1 < rawArgs.length) out.push(rawArgs[++i]!);
    else if (a.startsWith(flag + "=")) out.push(a.slice(flag.length + 1));
  }
  return out;
}

const server = defineCommand({
  meta: { name: "server", description: "Run the broker" },
  subCommands: {
    start: defineCommand({
      meta: { name: "start", description: "Start a broker. Without -c: one node on localhost:9092, data in ./data (formatted on first start)" },
      args: {
        config: { type: "string", alias: "c", description: "server.properties file (Kafka's KRaft keys)" },
        override: { type: "string", description: "key=value, overriding the file (repeatable)" },
      },
      run: guarded(async ({ args, rawArgs }: { args: { config?: string }; rawArgs: string[] }) => {
        await serverStart(args.config, many(rawArgs, "--override"));
      }),
    }),
  },
});

const storage = defineCommand({
  meta: { name: "storage", description: "Format log directories, as kafka-storage.sh" },
  subCommands: {
    format: defineCommand({
      meta: { name: "format", description: "Write meta.properties into every log directory, and a controller's bootstrap snapshot (as kafka-storage format)" },
      args: {
        "cluster-id": { type: "string", alias: "t", description: "Cluster id (see random-uuid)", required: true },
        config: { type: "string", alias: "c", description: "server.properties file", required: true },
        standalone: { type: "boolean", alias: "s", description: "This controller alone is the initial dynamic quorum (KIP-853)" },
        "initial-controllers": {
          type: "string",
          alias: "I",
          description: "The initial dynamic quorum: id@host:port:directoryId,... (the same value on every controller)",
        },
        // Listed for --help; read from the raw arguments (citty takes --no-X for "X negated").
        "no-initial-controllers": { type: "boolean", alias: "N", description: "Format without an initial dynamic quorum (controllers join later)" },
        "ignore-formatted": { type: "boolean", alias: "g", description: "Skip directories already formatted" },
        "add-scram": { type: "string", alias: "S", description: "A SCRAM credential for the metadata log, e.g. 'SCRAM-SHA-256=[name=alice,password=alice-secret]' (repeatable)" },
        override: { type: "string", description: "key=value, overriding the file (repeatable)" },
      },
      run: guarded(async ({ args, rawArgs }: { args: { "cluster-id": string; config: string; "ignore-formatted"?: boolean }; rawArgs: string[] }) => {
        const id = args["cluster-id"];
        if (!/^[A-Za-z0-9_-]{22}$/.test(id)) throw new CliError("--cluster-id", id, "a Kafka Uuid: 22 characters of base64url, as 'strand storage random-uuid' prints");
        const quorum = quorumFlagOf(rawArgs);
        const config = loadConfig(args.config, many(rawArgs, "--override"));
        const scramRecords = [...many(rawArgs, "--add-scram"), ...many(rawArgs, "-S")].map(parseAddScram);
        const written = await formatStorage(config, id, { ignoreFormatted: Boolean(args["ignore-formatted"]), quorum, scramRecords });
        for (const d of written) console.log(formattingLine(d));
        if (written.length === 0) console.log("All of the log directories are already formatted.");
      }),
    }),
    "random-uuid": defineCommand({
      meta: { name: "random-uuid", description: "Print a new random cluster id" },
      run() {
        console.log(randomKafkaUuid());
      },
    }),
  },
});

const log = defineCommand({
  meta: { name: "log", description: "Read log directories' files" },
  subCommands: {
    dump: defineCommand({
      meta: { name: "dump", description: "Print segments, indexes and snapshots as kafka-dump-log.sh does (FILE... or --files a,b)" },
      args: {
        "print-data-log": { type: "boolean", description: "Print each record's key and payload (implies --deep-iteration)" },
        "deep-iteration": { type: "boolean", description: "Print every record, not only batches" },
        "verify-index-only": { type: "boolean", description: "Check indexes against the log without printing them" },
        "index-sanity-check": { type: "boolean", description: "Run the broker's start-up index check only" },
        "skip-record-metadata": { type: "boolean", description: "Leave out each record's metadata" },
        "max-bytes": { type: "string", description: "Read only batches within the first N bytes of each log" },
        files: { type: "string", description: "Comma-separated files (Kafka's flag; files may also follow the command)" },
      },
      run: guarded(({ rawArgs }: { rawArgs: string[] }) => {
        const sink = new StdioSink();
        try {
          runLogDump(parseLogDumpArgs(rawArgs), sink);
        } finally {
          sink.flush();
        }
      }),
    }),
  },
});

const main = defineCommand({
  meta: { name: "strand", version: STRAND_VERSION, description: "A Kafka-compatible event-streaming broker" },
  subCommands: {
    version: defineCommand({
      meta: { name: "version", description: "Print Strand's version" },
      run() {
        console.log(versionText());
      },
    }),
    server,
    storage,
    protocol,
    log,
    topic: topicCommand,
    group: groupCommandDef,
    cluster: clusterCommand,
    produce: produceCommand,
    consume: consumeCommand,
    config: configCommand,
    acl: aclCommand,
  },
});

await runMain(main);
