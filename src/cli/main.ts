#!/usr/bin/env bun
// The `strand` command line.
import { defineCommand, runMain } from "citty";
import { apisTable, CliError, decodeFrameToJson } from "./protocol-decode.ts";
import { STRAND_VERSION, versionText } from "./version.ts";

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

const main = defineCommand({
  meta: { name: "strand", version: STRAND_VERSION, description: "A Kafka-compatible event-streaming broker" },
  subCommands: {
    version: defineCommand({
      meta: { name: "version", description: "Print Strand's version" },
      run() {
        console.log(versionText());
      },
    }),
    protocol,
  },
});

await runMain(main);
