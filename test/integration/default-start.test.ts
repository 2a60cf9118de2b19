// The README's run command: `strand server start` with no configuration starts one node with its data in
// ./data (relative to the working directory), formatting it on first start, and starts again on it.
// The listener addresses (and the admin listener's) are moved to port 0 so the test never binds 9092 or
// 9644, but log.dirs stays relative.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { KafkaTestClient } from "../support/kafka-client.ts";

const ROOT = resolve(import.meta.dir, "../..");
const cwd = mkdtempSync(join(tmpdir(), "strand-default-"));
afterAll(() => rmSync(cwd, { recursive: true, force: true }), 120_000);

async function startDefault(): Promise<{ port: number; stop: () => Promise<number>; out: () => string }> {
  const proc = Bun.spawn(
    [process.execPath, join(ROOT, "src/cli/main.ts"), "server", "start",
      "--override", "listeners=PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
      "--override", "advertised.listeners=PLAINTEXT://127.0.0.1:0",
      "--override", "strand.admin.listener=127.0.0.1:0"],
    { cwd, stdout: "pipe", stderr: "pipe" },
  );
  let out = "";
  const dec = new TextDecoder();
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 20 s:\n${out}`)), 20_000);
    void (async () => {
      for await (const c of proc.stderr) {
        out += dec.decode(c);
        const m = /strand started .*advertised=PLAINTEXT:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolvePort(Number(m[1]));
        }
      }
    })();
    void proc.exited.then((code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
  return {
    port,
    out: () => out,
    stop: async () => {
      proc.kill("SIGTERM");
      return await proc.exited;
    },
  };
}

test("starts with data in ./data, formats it first, and starts again on it", async () => {
  const first = await startDefault();
  expect(first.out()).toContain("formatted empty data directory");
  expect(existsSync(join(cwd, "data", "meta.properties"))).toBe(true);
  const c = await KafkaTestClient.connect(first.port);
  const r = await c.request<{ errorCode: number }>(18, 3, { clientSoftwareName: "t", clientSoftwareVersion: "1" });
  expect(r.errorCode).toBe(0);
  c.close();
  expect(await first.stop()).toBe(0);

  const second = await startDefault();
  expect(second.out()).not.toContain("formatted empty data directory");
  expect(await second.stop()).toBe(0);
}, 60_000);
