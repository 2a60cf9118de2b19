// The generated codecs are what the generator writes from Kafka 4.4.0's definitions, byte for byte,
// and the API table covers every request definition with its full version range.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API_TABLE, KAFKA_RELEASE } from "../../../src/protocol/generated/api-table.ts";
import { GROUPS, TOP_FILES, generate, writeOutput } from "../../../tools/gen-protocol/main.ts";
import { parseMessage, parseVersions, isEmpty } from "../../../tools/gen-protocol/schema.ts";
import { loadSources } from "./schemas.ts";

const GENERATED = join(import.meta.dir, "../../../src/protocol/generated");

function listFiles(root: string): string[] {
  const out: string[] = [];
  for (const g of GROUPS) for (const f of readdirSync(join(root, g)).sort()) out.push(`${g}/${f}`);
  for (const f of TOP_FILES) out.push(f);
  return out.sort();
}

const { sources, reason } = loadSources();
if (!sources) console.log(`SKIP generated-code checks: ${reason}`);

describe.skipIf(!sources)("generated protocol code", () => {
  test("regenerating into a temp folder gives the committed files exactly", () => {
    const dir = mkdtempSync(join(tmpdir(), "strand-regen-"));
    writeOutput(dir, generate(sources!));
    const committed = listFiles(GENERATED);
    const fresh = listFiles(dir);
    expect(fresh).toEqual(committed);
    const differing = committed.filter((f) => readFileSync(join(dir, f), "utf8") !== readFileSync(join(GENERATED, f), "utf8"));
    expect(differing).toEqual([]);
  });

  test(`the API table has every apiKey of Kafka ${KAFKA_RELEASE}'s *Request.json with its full version range`, () => {
    expect(KAFKA_RELEASE).toBe("4.4.0");
    const requests = sources!.files.filter((f) => f.group === "messages" && f.file.endsWith("Request"));
    expect(requests.length).toBeGreaterThan(90);
    const byKey = new Map(API_TABLE.map((a) => [a.key, a]));
    for (const f of requests) {
      const spec = parseMessage(f.text, f.file, f.group);
      const api = byKey.get(spec.apiKey!);
      expect(api, `api key ${spec.apiKey} (${spec.name})`).toBeDefined();
      const v = parseVersions(JSON.parse(f.text.replace(/^\s*\/\/.*$/gm, "")).validVersions);
      expect([api!.key, api!.name, api!.minVersion, api!.maxVersion]).toEqual([
        spec.apiKey!,
        spec.name.replace(/Request$/, ""),
        isEmpty(v) ? -1 : v.lo,
        isEmpty(v) ? -1 : v.hi,
      ]);
      const flex = spec.flexibleVersions;
      expect(api!.flexibleMinVersion).toBe(isEmpty(flex) ? -1 : flex.lo);
      expect(api!.listeners).toEqual(spec.listeners);
    }
    expect(API_TABLE.length).toBe(requests.length);
  });
});
