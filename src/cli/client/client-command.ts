// One shape for every command that talks to a cluster: the common flags (brokers, security, --json,
// timeouts), each also an environment variable (cli-args.ts), a client made on first use, and exit codes
// scripts can rely on:
//
//   0  done
//   1  the cluster said no, or could not be reached (the message names Kafka's error, e.g.
//      "TOPIC_ALREADY_EXISTS (code 36): topic orders: ...")
//   2  bad usage: an unknown flag or a bad value (the message names the flag, the value and what is allowed)
//
// A command's run may return its own exit code (cluster health: 1 when something is wrong).

import { defineCommand, type CommandDef } from "citty";
import { KafkaError } from "../../protocol/errors.ts";
import { CliError } from "../protocol-decode.ts";
import { cittyArgs, intArg, parseCliArgs, type ArgDefs, type ParsedArgs } from "./cli-args.ts";
import { clientSecurity, SASL_MECHANISMS, SECURITY_PROTOCOLS } from "./client-security.ts";
import { KafkaCliClient, parseBrokers } from "./kafka-cli-client.ts";
import { output, type Output } from "./output.ts";

export const CLIENT_ARGS: ArgDefs = {
  brokers: { type: "string", alias: "b", description: "Bootstrap brokers, host:port[,host:port...]", default: "localhost:9092" },
  "command-config": { type: "string", description: "Client properties file (security.protocol, sasl.*, ssl.*), as kafka-*.sh --command-config" },
  "security-protocol": { type: "string", description: "security.protocol, overriding the file", options: SECURITY_PROTOCOLS },
  "sasl-mechanism": { type: "string", description: "sasl.mechanism, overriding the file", options: SASL_MECHANISMS },
  "sasl-username": { type: "string", description: "SASL user name" },
  "sasl-password": { type: "string", description: "SASL password" },
  "ssl-ca-location": { type: "string", description: "PEM file of the CAs that signed the brokers' certificates" },
  json: { type: "boolean", description: "Print JSON for scripts instead of a table" },
  "timeout-ms": { type: "string", description: "Per-request timeout in ms", default: "30000" },
  retries: { type: "string", description: "Retries of a retriable error (backoff 100 ms doubling to 1 s)", default: "10" },
};

export interface ClientContext {
  readonly args: ParsedArgs;
  readonly out: Output;
  /** The cluster client, connected on first use. */
  client(): KafkaCliClient;
}

export interface ClientCommandDef {
  name: string;
  description: string;
  args?: ArgDefs;
  /** Returns the exit code (default 0). */
  run(ctx: ClientContext): Promise<number | void>;
}

function newClient(args: ParsedArgs): KafkaCliClient {
  const overrides = new Map<string, string>();
  const flagKey: Record<string, string> = {
    "security-protocol": "security.protocol",
    "sasl-mechanism": "sasl.mechanism",
    "sasl-username": "sasl.username",
    "sasl-password": "sasl.password",
    "ssl-ca-location": "ssl.ca.location",
  };
  for (const [flag, key] of Object.entries(flagKey)) {
    const v = args.string(flag);
    if (v !== undefined) overrides.set(key, v);
  }
  const security = clientSecurity({ commandConfig: args.string("command-config"), overrides });
  return new KafkaCliClient({
    bootstrap: parseBrokers(args.string("brokers")!),
    security,
    requestTimeoutMs: intArg("--timeout-ms", args.string("timeout-ms")!, 1, 3_600_000),
    retries: intArg("--retries", args.string("retries")!, 0, 100),
    retryBackoffMs: 100,
    clientId: "strand-cli",
  });
}

/** Print the failure and the exit code it means. */
export function exitCodeOf(e: unknown): number {
  if (e instanceof CliError) {
    console.error(`strand: ${e.message}`);
    return 2;
  }
  if (e instanceof KafkaError) {
    console.error(`strand: ${e.message}`);
    return 1;
  }
  console.error(`strand: ${e instanceof Error ? e.message : String(e)}`);
  return 1;
}

export function clientCommand(def: ClientCommandDef): CommandDef {
  const defs: ArgDefs = { ...(def.args ?? {}), ...CLIENT_ARGS };
  return defineCommand({
    meta: { name: def.name, description: def.description },
    args: cittyArgs(defs),
    async run({ rawArgs }) {
      let client: KafkaCliClient | null = null;
      let code: number;
      try {
        const args = parseCliArgs(defs, rawArgs);
        // Checked before any connection, so a typo fails fast with exit 2.
        parseBrokers(args.string("brokers")!);
        intArg("--timeout-ms", args.string("timeout-ms")!, 1, 3_600_000);
        intArg("--retries", args.string("retries")!, 0, 100);
        const ctx: ClientContext = {
          args,
          out: output(args.bool("json")),
          client: () => (client ??= newClient(args)),
        };
        code = (await def.run(ctx)) ?? 0;
      } catch (e) {
        code = exitCodeOf(e);
      } finally {
        (client as KafkaCliClient | null)?.close();
      }
      // Let stdout drain and the process end by itself; whatever still holds it open gets a second.
      process.exitCode = code;
      setTimeout(() => process.exit(code), 1_000).unref();
    },
  });
}

/** A command that only groups subcommands (`strand topic`). */
export function groupCommand(name: string, description: string, subCommands: Record<string, CommandDef>): CommandDef {
  return defineCommand({ meta: { name, description }, subCommands });
}
