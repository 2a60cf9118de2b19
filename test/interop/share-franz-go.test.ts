// Share groups (KIP-932) with franz-go's share consumer (kgo.ShareGroup, franz-go 1.22.3), in the shape
// of franz-go's own TestShareGroupETL (test/interop/go/share.go): two share groups chained, members
// with implicit, explicit, bulk and releasing acknowledgements, members leaving and joining mid-way, a
// member rejecting low keys first. Every record not rejected is accepted at both levels (none lost),
// rejected records never reach level 2, bodies arrive intact and delivery counts are >= 1.
// Then franz-go's own share-group integration tests (TestShareGroup, TestShareGroupETL,
// TestShareGroupAckOnClose, TestShareGroupOffsetsAdmin, from the module cache) against the same broker,
// as a user of franz-go would run them: KGO_SEEDS, replication factor 1, 5,000 records.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureGoClient, type GoClient } from "../support/clients/go.ts";
import { resolve } from "node:path";
import { collect } from "./driver-output.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";

const go = await probeInstall("franz-go", ensureGoClient);
const COUNT = 2000;
const FRANZ_SHARE_TESTS = ["TestShareGroup", "TestShareGroupETL", "TestShareGroupAckOnClose", "TestShareGroupOffsetsAdmin"];

describe.skipIf(!go.ok)(`franz-go share groups vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: GoClient;
  let ms = 0;
  let ownMs = 0;

  beforeAll(async () => {
    if (!go.ok) return;
    client = go.value;
    target = await startTarget({
      overrides: { "group.share.session.timeout.ms": 6000, "group.share.min.session.timeout.ms": 6000, "group.share.heartbeat.interval.ms": 500, "group.share.min.heartbeat.interval.ms": 500 },
    });
  }, 180_000);

  afterAll(async () => {
    await target?.remove();
    console.log(`[interop share-franz-go/${interopTarget()}] ${client?.version} ms: ${ms}, franz-go's own tests ms: ${ownMs}`);
  }, 120_000);

  test("ETL through two share groups: every record processed, none lost, rejected ones archived", async () => {
    const t0 = Date.now();
    const r = await collect("share-etl", client.spawn(["share-etl", "--bootstrap", target.bootstrap, "--prefix", "etl",
      "--count", String(COUNT), "--timeout-ms", "150000"]), { timeoutMs: 180_000 });
    ms = Date.now() - t0;
    const s = r.events.find((e) => e.event === "share-etl") as Record<string, any> | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (!s) throw new Error(`no summary:\n${r.stderr.slice(-3000)}`);
    console.log(`[share-etl] ${JSON.stringify(s)}`);
    expect(s.timedOut).toBe(false);
    expect(s.producerErrors).toEqual([]);
    expect(s.rejected).toBeGreaterThan(0);
    for (const lvl of [s.l1, s.l2]) {
      expect({ missing: lvl.missing, badBody: lvl.badBody, badDC: lvl.badDC, errors: lvl.errors })
        .toEqual({ missing: null, badBody: 0, badDC: 0, errors: [] });
      expect(lvl.unique).toBe(COUNT - s.rejected);
    }
    // Level 1 writes each accept downstream; level 2 sees no rejected key.
    expect(s.l1.produced).toBe(s.l1.accepts);
    expect(s.l2.rejectedSeen).toBe(null);
    // How many deliveries were releases coming back depends on which member got which records first
    // (on a fast broker the rejecting member may take all of level 1): logged above, not asserted.
  }, 240_000);

  test("franz-go's own share-group tests pass", async () => {
    const t0 = Date.now();
    // go.mod pins franz-go 1.22.3: `go test` builds that version's kgo tests from the module cache.
    const proc = Bun.spawn({
      cmd: [Bun.which("go") ?? "go", "test", "github.com/twmb/franz-go/pkg/kgo", "-run", `^(${FRANZ_SHARE_TESTS.join("|")})$`, "-count=1", "-v", "-timeout", "4m"],
      cwd: resolve(import.meta.dir, "go"),
      env: { ...process.env, KGO_SEEDS: target.bootstrap, KGO_TEST_RF: "1", KGO_TEST_RECORDS: "5000", GOFLAGS: "-mod=readonly -buildvcs=false" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const timer = setTimeout(() => proc.kill("SIGKILL"), 280_000);
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    clearTimeout(timer);
    ownMs = Date.now() - t0;
    const verdicts = out.split("\n").filter((l) => /^--- (PASS|FAIL|SKIP)/.test(l));
    console.log(`[franz-go own share tests] ${verdicts.join("; ")}`);
    if (code !== 0) throw new Error(`go test exited ${code}\n${out.slice(-6000)}\n${err.slice(-2000)}`);
    for (const t of FRANZ_SHARE_TESTS) expect(verdicts.some((l) => l.startsWith(`--- PASS: ${t} `))).toBe(true);
  }, 300_000);
});
