// Acceptance: Apache Kafka 4.4.0's own DumpLogSegments reads the segments, indexes and producer
// snapshot Strand wrote, and what it prints matches what was appended.
import { expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { LogManager } from "../../src/storage/log-manager.ts";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { dumpLogSegments } from "../support/kafka-tools.ts";
import { buildBatch } from "../unit/storage/batch-builder.ts";
import { tempDir } from "../unit/storage/helpers.ts";

const enc = new TextEncoder();

interface Expected {
  offset: number;
  key: string | null;
  value: string;
}

test("kafka-dump-log reads Strand's segments, indexes and snapshots", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const d = tempDir("strand-dumplog-");
  try {
    const manager = LogManager.open({ logDirs: [d.path], nodeId: 1, clusterId: "dumplogclusterAAAAAAAA", defaultConfig: { segmentBytes: 6 * 1024, indexIntervalBytes: 512 } });
    const log = manager.getOrCreateLog({ topic: "dump", partition: 0 });
    const lat = manager.getOrCreateLog({ topic: "lat", partition: 1 }, { timestampType: "LogAppendTime" });
    const expected: Expected[] = [];
    for (let i = 0; i < 120; i++) {
      const recs = [0, 1, 2].map((j) => ({ key: j === 1 ? enc.encode(`key-${i}`) : null, value: enc.encode(`value-${i}-${j}-${"x".repeat(i % 40)}`), timestampDelta: j }));
      const r = log.append(buildBatch(recs, { baseTimestamp: 1_700_000_000_000 + i * 100, producerId: 42n, producerEpoch: 3, baseSequence: i * 3, gzip: i % 5 === 0 }), { leaderEpoch: 7 });
      recs.forEach((rec, j) => expected.push({ offset: r.firstOffset + j, key: rec.key ? `key-${i}` : null, value: new TextDecoder().decode(rec.value) }));
    }
    const latResult = lat.append(buildBatch([{ value: enc.encode("stamped") }], { baseTimestamp: 5 }), { nowMs: 1_800_000_000_000 });
    expect(log.segments.length).toBeGreaterThan(3);
    await manager.close();

    const dir = join(d.path, "dump-0");
    const names = readdirSync(dir).sort();
    const logs = names.filter((n) => n.endsWith(".log")).map((n) => join(dir, n));
    const dump = await dumpLogSegments(logs, { printDataLog: true });
    const batchLines = dump.stdout.split("\n").filter((l) => l.startsWith("baseOffset:"));
    const recordLines = dump.stdout.split("\n").filter((l) => l.startsWith("| offset:"));
    expect(batchLines.length).toBe(120);
    for (const l of batchLines) {
      expect(l).toContain("isvalid: true");
      expect(l).toContain("producerId: 42 producerEpoch: 3 partitionLeaderEpoch: 7");
    }
    expect(batchLines.filter((l) => l.includes("compresscodec: gzip")).length).toBe(24);
    const got: Expected[] = recordLines.map((l): Expected => {
      const m = /^\| offset: (\d+) CreateTime: \d+ keySize: (-?\d+) .*?(?: key: (\S+))? payload: (.*)$/.exec(l);
      if (!m) throw new Error(`unparsed dump line: ${l}`);
      return { offset: Number(m[1]), key: m[3] ?? null, value: m[4]! };
    });
    expect(got).toEqual(expected);

    // Every offset and time index entry agrees with the log (the tool prints mismatches on stderr).
    const indexes = names.filter((n) => n.endsWith(".index") || n.endsWith(".timeindex")).map((n) => join(dir, n));
    const verify = await dumpLogSegments(indexes, { verifyIndexOnly: true });
    expect(verify.stderr).not.toMatch(/Mismatches|mismatch|out of order/i);
    expect(verify.stdout.split("\n").filter((l) => l.startsWith("Dumping")).length).toBe(indexes.length);
    const sanity = await dumpLogSegments(indexes, { indexSanityCheck: true });
    expect(sanity.stdout.match(/passed sanity check/g)?.length).toBe(indexes.length);

    // The producer snapshot written at close.
    const snaps = names.filter((n) => n.endsWith(".snapshot"));
    const last = snaps[snaps.length - 1]!;
    expect(last).toBe("00000000000000000360.snapshot");
    const snap = await dumpLogSegments([join(dir, last)]);
    expect(snap.stdout).toMatch(/producerId: 42 producerEpoch: 3 coordinatorEpoch: -1 currentTxnFirstOffset: OptionalLong.empty lastTimestamp: 1700000011902 firstSequence: 357 lastSequence: 359 lastOffset: 359 offsetDelta: 2/);

    // LogAppendTime: max timestamp stamped and CRC recomputed.
    const latDump = await dumpLogSegments([join(d.path, "lat-1", "00000000000000000000.log")], { printDataLog: true });
    expect(latResult.logAppendTimeMs).toBe(1_800_000_000_000);
    expect(latDump.stdout).toContain("LogAppendTime: 1800000000000");
    expect(latDump.stdout).toContain("isvalid: true");
    expect(latDump.stdout).toContain("payload: stamped");
  } finally {
    d.cleanup();
  }
}, 120_000);
