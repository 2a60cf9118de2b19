// Generates src/protocol/generated/errors.ts from Apache Kafka's own Errors enum.
// Usage: bun tools/gen-errors/main.ts [--out DIR]   (DIR defaults to src/protocol/generated)
// Needs a JDK; fetches kafka-clients and slf4j-api with mvn if they are not in ~/.m2.
// Exit codes: 0 written, 1 failed, 75 (EX_TEMPFAIL) cannot run here (no JDK or jars unreachable).

import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { dumpKafkaErrors, GenErrorsUnavailableError, KAFKA_VERSION } from "./java-dump.ts";
import { parseDump, renderErrors } from "./render.ts";

export const EXIT_UNAVAILABLE = 75;

function outDirFromArgs(args: readonly string[]): string {
  const i = args.indexOf("--out");
  if (i === -1) return resolve(import.meta.dir, "..", "..", "src", "protocol", "generated");
  const dir = args[i + 1];
  if (dir === undefined || dir.startsWith("--")) throw new Error("--out needs a directory");
  return resolve(dir);
}

if (import.meta.main) {
  try {
    const outDir = outDirFromArgs(Bun.argv.slice(2));
    const dump = parseDump(dumpKafkaErrors(), KAFKA_VERSION);
    mkdirSync(outDir, { recursive: true });
    const path = join(outDir, "errors.ts");
    writeFileSync(path, renderErrors(dump));
    console.log(`gen-errors: wrote ${dump.errors.length} error codes from Kafka ${dump.kafkaVersion} to ${path}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(err instanceof GenErrorsUnavailableError ? EXIT_UNAVAILABLE : 1);
  }
}
