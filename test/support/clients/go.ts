// franz-go (github.com/twmb/franz-go + pkg/kadm, versions pinned in test/interop/go/go.mod and go.sum)
// and our driver built from test/interop/go with `go build` into the cache. The entry is keyed by a
// hash of the driver's sources and module files; the modules themselves live in Go's module cache.
import { join, resolve } from "node:path";
import { cachedDir, ClientInstallError, hashFiles, listFiles, runStep } from "./cache.ts";

const GO_SRC_DIR = resolve(import.meta.dir, "../../interop/go");

export interface GoClient {
  /** e.g. "franz-go v1.22.3, kadm v1.20.0" */
  version: string;
  /** The driver binary (the benchmark runs it under its own process tracking). */
  bin: string;
  spawn(args: readonly string[]): import("bun").Subprocess<"ignore", "pipe", "pipe">;
}

let memo: Promise<GoClient> | null = null;

export function ensureGoClient(): Promise<GoClient> {
  memo ??= install().catch((e: unknown) => {
    memo = null;
    throw e;
  });
  return memo;
}

function moduleVersion(goMod: string, path: string): string {
  const m = new RegExp(`^\\s*${path.replace(/[./]/g, "\\$&")} (v\\S+)`, "m").exec(goMod);
  return m ? m[1] : "?";
}

async function install(): Promise<GoClient> {
  const go = Bun.which("go");
  if (!go) throw new ClientInstallError("franz-go", "finding go", "go is not on the PATH");
  const files = [...listFiles(GO_SRC_DIR, [".go"]), join(GO_SRC_DIR, "go.mod"), join(GO_SRC_DIR, "go.sum")];
  const dir = await cachedDir(`go-driver-${hashFiles(files)}`, async (staging) => {
    // -mod=readonly: the build uses exactly go.mod/go.sum and never rewrites them in the repo.
    await runStep("franz-go", [go, "build", "-o", join(staging, "driver"), "."], {
      cwd: GO_SRC_DIR,
      env: { GOFLAGS: "-mod=readonly -buildvcs=false" },
      timeoutMs: 10 * 60_000,
    });
  });
  const goMod = await Bun.file(join(GO_SRC_DIR, "go.mod")).text();
  const bin = join(dir, "driver");
  return {
    version: `franz-go ${moduleVersion(goMod, "github.com/twmb/franz-go")}, kadm ${moduleVersion(goMod, "github.com/twmb/franz-go/pkg/kadm")}`,
    bin,
    spawn(args) {
      return Bun.spawn({ cmd: [bin, ...args], stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    },
  };
}
