// Brokers started by tests and benches bind the admin listener (strand.admin.listener, default
// 127.0.0.1:9644) to port 0, so two brokers on one machine never collide on 9644: startStrand does it
// for every child process; a file that builds a Broker in process or spawns `server start` itself must
// set the key too. This test fails on a file that does neither.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..", "..", "..");

function tsFiles(dir: string, out: string[] = []): string[] {
  // Bounded by the tree.
  for (const name of readdirSync(dir)) {
    if (name === "node_modules") continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) tsFiles(p, out);
    else if (p.endsWith(".ts")) out.push(p);
  }
  return out;
}

test("every test or bench file that starts a broker outside startStrand sets strand.admin.listener", () => {
  const starts = /new Broker\(|"server",\s*"start"/;
  const offenders = [...tsFiles(join(ROOT, "test")), ...tsFiles(join(ROOT, "bench"))]
    .filter((f) => f !== import.meta.path)
    .filter((f) => {
      const text = readFileSync(f, "utf8");
      return starts.test(text) && !text.includes("strand.admin.listener");
    })
    .map((f) => relative(ROOT, f));
  expect(offenders).toEqual([]);
});
