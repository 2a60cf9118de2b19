// kcat (librdkafka's CLI) from Debian: `apt-get install -y kcat` when it is not on the PATH. apt holds
// its own lock, so two test files installing at once wait for each other (bounded retries).
import { ClientInstallError, RegistryUnreachableError, run, unreachableReason } from "./cache.ts";

export interface Kcat {
  bin: string;
  /** e.g. "kcat 1.7.1 (librdkafka 2.0.2)" */
  version: string;
}

let memo: Promise<Kcat> | null = null;

export function ensureKcat(): Promise<Kcat> {
  memo ??= install().catch((e: unknown) => {
    memo = null;
    throw e;
  });
  return memo;
}

async function describe(bin: string): Promise<Kcat> {
  const r = await run([bin, "-V"], { timeoutMs: 10_000 });
  const out = `${r.stdout}${r.stderr}`;
  const m = /Version (\S+) .*librdkafka (\S+)/.exec(out);
  return { bin, version: m ? `kcat ${m[1]} (librdkafka ${m[2]})` : out.split("\n")[0] ?? "kcat" };
}

const APT_LOCKED = /Could not get lock|Unable to acquire the dpkg frontend lock|dpkg was interrupted/i;

async function aptGet(args: string[]): Promise<void> {
  // apt's lock is held by another installer: wait and retry, at most 60 times 2 s.
  for (let attempt = 0; attempt < 60; attempt++) {
    const r = await run(["apt-get", ...args], { timeoutMs: 5 * 60_000, env: { DEBIAN_FRONTEND: "noninteractive" } });
    if (r.exitCode === 0) return;
    const out = `${r.stdout}\n${r.stderr}`;
    if (APT_LOCKED.test(out)) {
      await Bun.sleep(2000);
      continue;
    }
    const reason = unreachableReason(out);
    if (reason) throw new RegistryUnreachableError("kcat", reason, out);
    throw new ClientInstallError("kcat", `apt-get ${args.join(" ")} (exit ${r.exitCode})`, out);
  }
  throw new ClientInstallError("kcat", `apt-get ${args.join(" ")}`, "the apt lock stayed held for 2 minutes");
}

async function install(): Promise<Kcat> {
  const found = Bun.which("kcat");
  if (found) return describe(found);
  if (!Bun.which("apt-get")) throw new ClientInstallError("kcat", "install", "kcat is not on the PATH and there is no apt-get");
  try {
    await aptGet(["install", "-y", "--no-install-recommends", "kcat"]);
  } catch (e) {
    if (!(e instanceof ClientInstallError)) throw e;
    // A fresh machine has no package lists yet: update once, then install again.
    await aptGet(["update"]);
    await aptGet(["install", "-y", "--no-install-recommends", "kcat"]);
  }
  const bin = Bun.which("kcat");
  if (!bin) throw new ClientInstallError("kcat", "install", "apt-get succeeded but kcat is not on the PATH");
  return describe(bin);
}
