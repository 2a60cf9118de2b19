// Headless Chromium for the console's browser test: Debian's `chromium` package, driven by
// playwright-core (which downloads no browser of its own). Installed by the test when missing, with a
// bounded apt-get; when that cannot work (not root, no apt, no network), the error says why.
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = "/usr/bin/chromium";
const INSTALL_TIMEOUT_MS = 8 * 60_000;

async function run(cmd: string[], timeoutMs: number): Promise<{ code: number; out: string }> {
  const p = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  const timer = setTimeout(() => p.kill("SIGKILL"), timeoutMs);
  const [out, err] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  const code = await p.exited;
  clearTimeout(timer);
  return { code, out: (out + err).slice(-4000) };
}

/** The Chromium executable; installs Debian's package first when it is not there. Throws with the reason it cannot. */
export async function ensureChromium(): Promise<string> {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const aptGet = Bun.which("apt-get");
  if (!aptGet) throw new Error(`${CHROMIUM_PATH} is missing and apt-get is not on this machine: install Debian's chromium package to run the console's browser test`);
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM_PATH} is missing and this user is not root: run 'apt-get install -y --no-install-recommends chromium' as root`);
  const deadline = Date.now() + INSTALL_TIMEOUT_MS;
  let r = await run([aptGet, "-o", "DPkg::Lock::Timeout=300", "install", "-y", "--no-install-recommends", "chromium"], INSTALL_TIMEOUT_MS);
  if (r.code !== 0) {
    // A machine whose package lists were never fetched knows no chromium yet.
    const u = await run([aptGet, "-o", "DPkg::Lock::Timeout=300", "update"], Math.max(10_000, deadline - Date.now()));
    if (u.code !== 0) throw new Error(`apt-get update failed (exit ${u.code}), so chromium cannot be installed:\n${u.out}`);
    r = await run([aptGet, "-o", "DPkg::Lock::Timeout=300", "install", "-y", "--no-install-recommends", "chromium"], Math.max(10_000, deadline - Date.now()));
  }
  if (r.code !== 0 || !existsSync(CHROMIUM_PATH)) throw new Error(`apt-get install chromium failed (exit ${r.code}):\n${r.out}`);
  return CHROMIUM_PATH;
}
