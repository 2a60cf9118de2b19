// test/support/ports.ts: ports outside the ephemeral range, never handed to two live processes, and
// the bind-failure retry used by the helpers that start processes on chosen ports.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { freePorts, isBindFailure, retryOnBindFailure, testPortRange } from "../../support/ports.ts";

function ephemeral(): { low: number; high: number } {
  const [low, high] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
  return { low: low!, high: high! };
}

test("the test range lies outside the kernel's ephemeral range", () => {
  expect(testPortRange({ low: 32768, high: 60999 })).toEqual({ low: 20000, high: 32767 });
  expect(testPortRange({ low: 15000, high: 60999 })).toEqual({ low: 61000, high: 65535 });
  expect(() => testPortRange({ low: 1024, high: 65000 })).toThrow(/no room/);
  const r = testPortRange();
  const e = ephemeral();
  expect(r.high < e.low || r.low > e.high).toBe(true);
});

test("ports are distinct, bindable and outside the ephemeral range", async () => {
  const ports = await freePorts(20);
  expect(new Set(ports).size).toBe(20);
  const e = ephemeral();
  for (const p of ports) expect(p < e.low || p > e.high).toBe(true);
  const s = createServer();
  await new Promise<void>((resolve, reject) => {
    s.once("error", reject);
    s.listen({ host: "127.0.0.1", port: ports[0], exclusive: true }, () => resolve());
  });
  await new Promise<void>((r) => s.close(() => r()));
});

test("two processes claiming at once never get the same port", async () => {
  // Each child holds its claims until the parent has claimed too (it waits for its stdin to close): a
  // lease ends with its process, so children that had exited could rightly hand their ports on.
  const child = `import { freePorts } from ${JSON.stringify(new URL("../../support/ports.ts", import.meta.url).pathname)}; console.log(JSON.stringify(await freePorts(30))); for await (const _ of Bun.stdin.stream()) {}`;
  const run = () => Bun.spawn([process.execPath, "-e", child], { stdin: "pipe", stdout: "pipe", stderr: "inherit", env: { ...process.env, BUN_TEST_WORKER_ID: "1" } });
  const procs = [run(), run(), run()];
  const firstLine = async (p: (typeof procs)[number]): Promise<number[]> => {
    const dec = new TextDecoder();
    let text = "";
    // Bounded by the child's one line (or its exit).
    for await (const chunk of p.stdout) {
      text += dec.decode(chunk);
      if (text.includes("\n")) break;
    }
    return JSON.parse(text.split("\n")[0]!) as number[];
  };
  try {
    const outs = await Promise.all(procs.map(firstLine));
    const all = [...outs.flat(), ...(await freePorts(30))];
    expect(new Set(all).size).toBe(all.length);
  } finally {
    for (const p of procs) {
      void p.stdin.end();
      p.kill();
    }
  }
}, 60_000);

test("bind failures are retried with fresh ports, other failures are not", async () => {
  let calls = 0;
  const v = await retryOnBindFailure("t", async () => {
    if (++calls < 3) throw new Error("strand exited with 1 before starting:\nFailed to listen at 127.0.0.1:20001");
    return 7;
  });
  expect([v, calls]).toEqual([7, 3]);
  calls = 0;
  await expect(retryOnBindFailure("t", async () => {
    calls++;
    throw new Error("EADDRINUSE");
  }, 2)).rejects.toThrow(/EADDRINUSE/);
  expect(calls).toBe(2);
  calls = 0;
  await expect(retryOnBindFailure("t", async () => {
    calls++;
    throw new Error("boom");
  })).rejects.toThrow(/boom/);
  expect(calls).toBe(1);
  expect(isBindFailure(Object.assign(new Error("not ready"), { logTail: "java.net.BindException: Address already in use" }))).toBe(true);
});
