// The broker's fetch path over loopback, without a JVM: a Bun wire client produces MiB of 1 KiB records
// (16 KiB batches) into 6 partitions, then reads all of it back with one Fetch in flight at a time,
// twice: "large" (1 MiB per partition, Java's max.partition.fetch.bytes) and "small" (16 KiB per
// partition: many responses of one batch per partition, where a per-response or per-slice cost shows).
// Prints per pass MiB/s and the broker's CPU seconds per GiB fetched, for each source tree given,
// alternating trees pass by pass so machine load hits them alike.
//
//   bun bench/fetch-path-micro.ts [--mib N] [--passes N] [--source DIR ...]
//   (default source: this checkout; give two --source for a before/after comparison)
import { mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildRecordBatch } from "../src/protocol/records/index.ts";
import { KafkaTestClient } from "../test/support/kafka-client.ts";
import { startStrand, type StrandHandle } from "../test/support/strand.ts";
import { createTopic, fetchOnce } from "../test/unit/produce/wire-helpers.ts";
import { cpuSeconds } from "./lib/procs.ts";

const argv = process.argv.slice(2);
const opt = (name: string, dflt: number): number => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const sources = argv.flatMap((a, i) => (a === "--source" && argv[i + 1] ? [resolve(argv[i + 1]!)] : []));
if (sources.length === 0) sources.push(resolve(import.meta.dir, ".."));
const mib = opt("mib", 128);
const passes = opt("passes", 3);
const PARTITIONS = 6;
const RECORDS_PER_BATCH = 16;
const batch = buildRecordBatch({ records: Array.from({ length: RECORDS_PER_BATCH }, (_, i) => ({ value: new Uint8Array(1000).fill(i) })) });
const batchesPerPartition = Math.ceil((mib * 1024 * 1024) / batch.length / PARTITIONS);
const endOffset = BigInt(batchesPerPartition * RECORDS_PER_BATCH);

interface Broker {
  source: string;
  h: StrandHandle;
  c: KafkaTestClient;
  dataDir: string;
}

async function start(source: string): Promise<Broker> {
  const dataDir = mkdtempSync(join("/tmp", "strand-fetch-micro-"));
  const wrapper = join(dataDir, "strand.sh");
  await Bun.write(wrapper, `#!/bin/sh\nexec ${process.execPath} ${join(source, "src/cli/main.ts")} "$@"\n`);
  await Bun.spawn(["chmod", "+x", wrapper]).exited;
  const h = await startStrand({ dataDir, binary: wrapper, overrides: { "strand.log.fsync.before.ack": false }, startTimeoutMs: 60_000 });
  try {
    return await fill(source, h, dataDir);
  } catch (e) {
    await h.stop(60_000);
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

async function fill(source: string, h: StrandHandle, dataDir: string): Promise<Broker> {
  const c = await KafkaTestClient.connect(h.port);
  await createTopic(c, "f", PARTITIONS);
  // One batch per partition per request (Kafka's rule for Produce v3+), 16 requests in flight.
  const produceOne = async (): Promise<void> => {
    const res = await c.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number }> }> }>(0, 9, {
      transactionalId: null,
      acks: 1,
      timeoutMs: 30_000,
      topicData: [{ name: "f", partitionData: Array.from({ length: PARTITIONS }, (_, index) => ({ index, records: batch })) }],
    });
    for (const p of res.responses[0]!.partitionResponses) if (p.errorCode !== 0) throw new Error(`produce failed: ${p.errorCode}`);
  };
  // Bounded by the batches asked for.
  for (let b = 0; b < batchesPerPartition; b += 16) await Promise.all(Array.from({ length: Math.min(16, batchesPerPartition - b) }, produceOne));
  return { source, h, c, dataDir };
}

/** Reads every partition from 0 to the end; returns bytes of records fetched. */
async function pass(b: Broker, partitionMaxBytes: number): Promise<number> {
  const offsets = new Array<bigint>(PARTITIONS).fill(0n);
  let bytes = 0;
  // Bounded: each fetch moves at least one partition forward by a batch (minOneMessage).
  while (offsets.some((o) => o < endOffset)) {
    const parts = offsets.flatMap((offset, partition) => (offset < endOffset ? [{ partition, offset, maxBytes: partitionMaxBytes }] : []));
    const f = await fetchOnce(b.c, "f", parts, { maxBytes: 50 << 20 });
    for (const p of f.partitions) {
      const r = p.records;
      if (!r || r.length === 0) continue;
      bytes += r.length;
      // Whole batches of RECORDS_PER_BATCH records, so the next offset follows from the byte count.
      offsets[p.partitionIndex] = offsets[p.partitionIndex]! + BigInt(Math.floor(r.length / batch.length) * RECORDS_PER_BATCH);
    }
  }
  return bytes;
}

const brokers: Broker[] = [];
try {
  for (const s of sources) brokers.push(await start(s));
  const rows: Record<string, Record<string, number[]>> = {};
  for (let i = 0; i < passes; i++) {
    for (const [name, partitionMaxBytes] of [["large", 1 << 20], ["small", 16 << 10]] as const) {
      for (const b of i % 2 === 0 ? brokers : [...brokers].reverse()) {
        const cpu0 = cpuSeconds(b.h.pid) ?? 0;
        const t0 = performance.now();
        const bytes = await pass(b, partitionMaxBytes);
        const s = (performance.now() - t0) / 1000;
        const cpuS = (cpuSeconds(b.h.pid) ?? 0) - cpu0;
        const row = { source: b.source, workload: name, pass: i, mibPerS: Math.round(bytes / 2 ** 20 / s), brokerCpuSPerGiB: Math.round((cpuS / (bytes / 2 ** 30)) * 100) / 100 };
        console.log(JSON.stringify(row));
        const key = `${b.source} ${name}`;
        rows[key] ??= { mibPerS: [], cpu: [] };
        rows[key]!.mibPerS!.push(row.mibPerS);
        rows[key]!.cpu!.push(row.brokerCpuSPerGiB);
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const [key, r] of Object.entries(rows)) console.log(`median ${key}: ${median(r.mibPerS!)} MiB/s, broker ${median(r.cpu!)} CPU s/GiB`);
} finally {
  for (const b of brokers) {
    b.c.close();
    await b.h.stop(60_000);
    rmSync(b.dataDir, { recursive: true, force: true });
  }
}
// startStrand's start-up deadline timer would keep the process alive for another minute.
process.exit(0);
