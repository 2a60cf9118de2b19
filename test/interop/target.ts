// One handle over the broker under test, Apache Kafka 4.4.0 or Strand, so each interop suite is written
// once. restart() brings the broker back on the same port and data directory, as clients expect.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startKafka } from "../support/kafka-broker.ts";
import type { KafkaHandle } from "../support/kafka-broker.ts";
import { startStrand } from "../support/strand.ts";
import type { StrandHandle } from "../support/strand.ts";
import { interopTarget } from "./targets.ts";
import type { TargetName } from "./targets.ts";

export interface TargetOptions {
  /** Strand-only server properties (e.g. strand.log.fsync.before.ack); Kafka does not know them. */
  strandOverrides?: Record<string, string | number | boolean>;
  /** Properties both brokers take. */
  overrides?: Record<string, string | number | boolean>;
}

export interface InteropTarget {
  readonly name: TargetName;
  readonly bootstrap: string;
  readonly port: number;
  /** log.dirs: <logDir>/<topic>-<partition>/, and the cleaner's cleaner-offset-checkpoint. */
  readonly logDir: string;
  /** Stops with SIGTERM (clean) or SIGKILL, then starts again on the same port and data. */
  restart(signal: "SIGTERM" | "SIGKILL"): Promise<void>;
  /** Stops the broker and deletes its data. */
  remove(): Promise<void>;
  /** The broker's recent log output, for failure messages. */
  logTail(): string;
}

export async function startTarget(opts: TargetOptions = {}): Promise<InteropTarget> {
  return interopTarget() === "kafka" ? startKafkaTarget(opts) : startStrandTarget(opts);
}

async function startKafkaTarget(opts: TargetOptions): Promise<InteropTarget> {
  const first = await startKafka({ overrides: opts.overrides });
  const handles: KafkaHandle[] = [first];
  let current = first;
  return {
    name: "kafka",
    bootstrap: first.bootstrap,
    port: first.port,
    logDir: first.logDir,
    async restart(signal) {
      if (signal === "SIGKILL") await current.kill();
      else await current.stop();
      current = await startKafka({
        logDir: first.logDir,
        port: first.port,
        controllerPort: first.controllerPort,
        overrides: opts.overrides,
      });
      handles.push(current);
    },
    async remove() {
      // The first handle's workDir holds the log dir every restart reused: remove it last.
      for (const h of handles.slice().reverse()) await h.remove();
    },
    logTail: () => current.logTail(6000),
  };
}

async function startStrandTarget(opts: TargetOptions): Promise<InteropTarget> {
  const overrides = { ...opts.overrides, ...opts.strandOverrides };
  const first = await startStrand({ overrides });
  let current: StrandHandle = first;
  return {
    name: "strand",
    bootstrap: first.bootstrap,
    port: first.port,
    logDir: join(first.dataDir, "logs"),
    async restart(signal) {
      if (signal === "SIGKILL") await current.kill();
      else {
        const code = await current.stop();
        if (code !== 0) throw new Error(`strand exited with ${code} on SIGTERM:\n${current.output().slice(-4000)}`);
      }
      current = await startStrand({
        dataDir: first.dataDir,
        overrides: {
          ...overrides,
          listeners: `PLAINTEXT://127.0.0.1:${first.port},CONTROLLER://127.0.0.1:0`,
          "advertised.listeners": `PLAINTEXT://127.0.0.1:${first.port}`,
        },
      });
    },
    async remove() {
      await current.stop().catch(() => current.kill());
      rmSync(first.dataDir, { recursive: true, force: true });
    },
    logTail: () => current.output().slice(-6000),
  };
}
