// confluent-kafka-python (librdkafka inside its wheel) in a venv in the cache, and our driver
// (test/interop/python/driver.py) run by that venv's python.
import { join, resolve } from "node:path";
import { cachedDir, ClientInstallError, run, runStep } from "./cache.ts";

export const CONFLUENT_KAFKA_VERSION = "2.16.1";
const DRIVER = resolve(import.meta.dir, "../../interop/python/driver.py");

export interface PythonClient {
  python: string;
  /** e.g. "confluent-kafka 2.16.1 (librdkafka 2.16.1)" */
  version: string;
  spawn(args: readonly string[]): import("bun").Subprocess<"ignore", "pipe", "pipe">;
}

let memo: Promise<PythonClient> | null = null;

export function ensurePythonClient(): Promise<PythonClient> {
  memo ??= install().catch((e: unknown) => {
    memo = null;
    throw e;
  });
  return memo;
}

async function install(): Promise<PythonClient> {
  const system = Bun.which("python3");
  if (!system) throw new ClientInstallError("confluent-kafka", "finding python3", "python3 is not on the PATH");
  // The venv's python finds its site-packages from pyvenv.cfg beside it, so the renamed
  // (published) venv works when run as <dir>/venv/bin/python; its scripts' shebangs are not used.
  const dir = await cachedDir(`python-confluent-kafka-${CONFLUENT_KAFKA_VERSION}`, async (staging) => {
    const venv = join(staging, "venv");
    await runStep("confluent-kafka", [system, "-m", "venv", venv], { timeoutMs: 120_000 });
    await runStep("confluent-kafka", [join(venv, "bin", "python"), "-m", "pip", "install", "-q",
      "--disable-pip-version-check", `confluent-kafka==${CONFLUENT_KAFKA_VERSION}`], { timeoutMs: 10 * 60_000 });
  });
  const python = join(dir, "venv", "bin", "python");
  const v = await run([python, "-c", "import confluent_kafka as c; print(c.__version__, c.libversion()[0])"], { timeoutMs: 30_000 });
  if (v.exitCode !== 0) throw new ClientInstallError("confluent-kafka", "import", `${v.stdout}${v.stderr}`);
  const [py, lib] = v.stdout.trim().split(" ");
  return {
    python,
    version: `confluent-kafka ${py} (librdkafka ${lib})`,
    spawn(args) {
      return Bun.spawn({ cmd: [python, "-u", DRIVER, ...args], stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    },
  };
}
