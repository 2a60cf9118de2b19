// The layers of src/ point one way: cli -> server -> coordinator -> replication -> metadata -> raft -> config ->
// network -> storage -> protocol -> util (DESIGN.md, "The broker's layers"). This test reads every
// import of src/ and fails on an import that points up or sideways-back (which is also every cycle
// between folders), and so on any import from coordinator/, replication/, metadata/ or storage/ into
// server/.
//
// KNOWN held the upward imports that existed before issue 10 (broker layers) removed them; it is empty
// now and must stay so. It stays as the place to name a deliberate exception, with its reason, which
// the second test then keeps honest (a listed import that is gone fails it).
import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SRC = resolve(import.meta.dir, "..", "..", "..", "src");
const ORDER = ["cli", "server", "coordinator", "replication", "metadata", "raft", "config", "network", "storage", "protocol", "util"] as const;

/** "file -> imported file" (paths relative to src/) allowed to break the order: none. */
const KNOWN: readonly string[] = [];

function sourceFiles(dir: string, out: string[] = []): string[] {
  // Bounded by the tree: src/ holds a few hundred files.
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (p.endsWith(".ts")) out.push(p);
  }
  return out;
}

/** Every relative import or re-export of `file` (static, `import type` included, and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/g)) {
    out.push(resolve(dirname(file), (m[1] ?? m[2])!));
  }
  return out;
}

function layerOf(rel: string): number {
  const top = rel.split("/")[0]!;
  const i = (ORDER as readonly string[]).indexOf(top);
  if (i < 0) throw new Error(`src/${top}/ is not a known layer: add it to ORDER in ${import.meta.file} (and to DESIGN.md)`);
  return i;
}

function upwardImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = relative(SRC, file);
    for (const target of importsOf(file)) {
      if (!target.startsWith(SRC + "/")) continue;
      const to = relative(SRC, target);
      if (from.split("/")[0] === to.split("/")[0]) continue;
      if (layerOf(to) < layerOf(from)) found.push(`${from} -> ${to}`);
    }
  }
  return [...new Set(found)].sort();
}

test("no import points up the layers (nor any cycle between folders) beyond the known ones being removed", () => {
  const found = upwardImports();
  const known = new Set(KNOWN);
  expect(found.filter((e) => !known.has(e))).toEqual([]);
});

test("every known upward import still exists (delete its KNOWN line when it is fixed)", () => {
  const found = new Set(upwardImports());
  expect(KNOWN.filter((e) => !found.has(e))).toEqual([]);
});

test("nothing in coordinator/, replication/, metadata/ or storage/ imports server/ beyond the known ones", () => {
  const bad = upwardImports().filter((e) => /^(coordinator|replication|metadata|storage)\/.* -> server\//.test(e));
  expect(bad.filter((e) => !KNOWN.includes(e))).toEqual([]);
});

/** Imports between two sub-folders of one layer, e.g. "server/produce" -> "server/fetch". */
function importsBetween(fromDir: string, toDir: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(join(SRC, fromDir))) {
    for (const target of importsOf(file)) {
      const to = relative(SRC, target);
      if (to.startsWith(toDir + "/")) found.push(`${relative(SRC, file)} -> ${to}`);
    }
  }
  return found;
}

test("server/produce (request validation) and server/fetch (fetch sessions) do not import each other", () => {
  // What they shared (partition lookup, the high-watermark rule, delayed operations) is in replication/.
  expect(importsBetween("server/produce", "server/fetch")).toEqual([]);
  expect(importsBetween("server/fetch", "server/produce")).toEqual([]);
});

test("the import reader sees static and type-only imports", () => {
  const probe = join(SRC, "server", "dispatch.ts");
  const targets = importsOf(probe).map((t) => relative(SRC, t));
  expect(targets).toContain("network/connection.ts"); // import type
  expect(targets).toContain("protocol/errors.ts"); // import
});
