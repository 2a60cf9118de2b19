// KafkaJS 2.2.4, npm-installed into the cache (never into the repo), and our driver
// (test/interop/js/kafkajs-driver.cjs) run by Node.js, KafkaJS's own runtime.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { cachedDir, ClientInstallError, run, runStep } from "./cache.ts";

export const KAFKAJS_VERSION = "2.2.4";
const DRIVER = resolve(import.meta.dir, "../../interop/js/kafkajs-driver.cjs");

export interface KafkaJsClient {
  version: string;
  /** node, and KafkaJS's package directory: for scripts other than the driver (require(kafkajsDir)). */
  node: string;
  kafkajsDir: string;
  spawn(args: readonly string[]): import("bun").Subprocess<"ignore", "pipe", "pipe">;
}

let memo: Promise<KafkaJsClient> | null = null;

export function ensureKafkaJs(): Promise<KafkaJsClient> {
  memo ??= install().catch((e: unknown) => {
    memo = null;
    throw e;
  });
  return memo;
}

async function install(): Promise<KafkaJsClient> {
  const node = Bun.which("node");
  const npm = Bun.which("npm");
  if (!node || !npm) throw new ClientInstallError("kafkajs", "finding node", "node and npm must be on the PATH");
  const dir = await cachedDir(`kafkajs-${KAFKAJS_VERSION}`, async (staging) => {
    writeFileSync(join(staging, "package.json"), JSON.stringify({ name: "strand-interop-kafkajs", private: true,
      dependencies: { kafkajs: KAFKAJS_VERSION } }, null, 2));
    await runStep("kafkajs", [npm, "install", "--no-audit", "--no-fund", "--no-package-lock", "--ignore-scripts"], {
      cwd: staging,
      timeoutMs: 5 * 60_000,
    });
  });
  const kafkajsDir = join(dir, "node_modules", "kafkajs");
  const pkg = (await Bun.file(join(kafkajsDir, "package.json")).json()) as { version: string };
  if (pkg.version !== KAFKAJS_VERSION) throw new ClientInstallError("kafkajs", "install", `got kafkajs ${pkg.version}`);
  const nodeVersion = (await run([node, "--version"], { timeoutMs: 10_000 })).stdout.trim();
  return {
    version: `kafkajs ${pkg.version} (node ${nodeVersion})`,
    node,
    kafkajsDir,
    spawn(args) {
      return Bun.spawn({ cmd: [node, DRIVER, kafkajsDir, ...args], stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    },
  };
}
