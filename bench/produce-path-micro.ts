// The broker's produce path in one process, without sockets or clients: a Produce request of six
// 64 KiB uncompressed batches (what ProducerPerformance sends with batch.size=65536) arriving as socket
// chunks, taken through frame reassembly -> decode -> validation -> Log.append, two ways:
//   copy:  FrameAssembler.push (a frame spanning chunks is copied once) + the contiguous decode/append
//   slice: FrameAssembler.pushFrames (chunk slices) + ChunkReader decode + BatchParts + gathered write
// Prints CPU time per request and per GiB (process.cpuUsage, user + system) for each, alternating rounds.
//
//   bun bench/produce-path-micro.ts [--requests N] [--chunk BYTES] [--rounds N]
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FrameAssembler, type Frame } from "../src/network/frame-assembler.ts";
import { decodeRequest, decodeRequestChunks, encodeRequest } from "../src/protocol/frame.ts";
import type { ProduceRequest } from "../src/protocol/generated/messages/produce-request.ts";
import { buildRecordBatch, loadNative } from "../src/protocol/records/index.ts";
import { validateProducedRecords } from "../src/server/produce/validate.ts";
import { makeLogConfig } from "../src/storage/log-config.ts";
import { loadLog } from "../src/storage/recovery.ts";
import type { Log } from "../src/storage/log.ts";

const argv = process.argv.slice(2);
const opt = (name: string, dflt: number): number => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const requests = opt("requests", 1500);
const chunkBytes = opt("chunk", 256 * 1024);
const rounds = opt("rounds", 3);
console.log(JSON.stringify({ crc: loadNative().implementation, requests, chunkBytes }));

const settings = {
  maxMessageBytes: 1048588, logAppendTime: false, timestampBeforeMaxMs: Number.MAX_SAFE_INTEGER, timestampAfterMaxMs: Number.MAX_SAFE_INTEGER,
  compression: "producer" as const, compact: false, delete: true, segmentBytes: 1 << 30, minInsyncReplicas: 1,
};
const batches = Array.from({ length: 6 }, (_, p) =>
  buildRecordBatch({ records: Array.from({ length: 63 }, (_, i) => ({ value: new Uint8Array(1024).fill((p + i) & 0xff), timestamp: Date.now() })) }),
);
const frame = encodeRequest(
  { requestApiKey: 0, requestApiVersion: 9, correlationId: 1, clientId: "perf" },
  { transactionalId: null, acks: 1, timeoutMs: 30000, topicData: [{ name: "t", topicId: "AAAAAAAAAAAAAAAAAAAAAA", partitionData: batches.map((records, index) => ({ index, records })) }] },
);
/** The byte stream of `requests` frames, cut into socket-sized chunks (fresh buffers, as Bun delivers). */
function chunksOf(n: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const total = frame.length * n;
  for (let at = 0; at < total; at += chunkBytes) {
    const c = new Uint8Array(Math.min(chunkBytes, total - at));
    for (let k = 0; k < c.length; ) {
      const fp = (at + k) % frame.length;
      const take = Math.min(c.length - k, frame.length - fp);
      c.set(frame.subarray(fp, fp + take), k);
      k += take;
    }
    out.push(c);
  }
  return out;
}

async function run(mode: "copy" | "slice", logs: Log[]): Promise<number> {
  const a = new FrameAssembler(1 << 30);
  const chunks = chunksOf(requests);
  const t0 = process.cpuUsage();
  let done = 0;
  for (const c of chunks) {
    // Yield to the event loop as the broker does between socket reads (finalizers and timers run).
    await new Promise((r) => setImmediate(r));
    const frames: Frame[] = mode === "copy" ? a.push(c) : a.pushFrames(c);
    for (const f of frames) {
      const d = f instanceof Uint8Array ? decodeRequest(f) : decodeRequestChunks(f);
      if (!d.ok) throw new Error("decode failed");
      const req = d.body as ProduceRequest;
      for (const pd of req.topicData[0]!.partitionData) {
        const v = validateProducedRecords(pd.records as never, { apiVersion: 9, settings, partitionName: `t-${pd.index}`, nowMs: Date.now() });
        // As append-partition.ts: the header validation parsed goes to the append (ignored by trees before it).
        logs[pd.index]!.append(v.bytes, { leaderEpoch: 0, crcVerified: true, header: v.header });
      }
      done++;
    }
  }
  Bun.gc(true);
  await new Promise((r) => setTimeout(r, 50));
  const t = process.cpuUsage(t0);
  if (done !== requests) throw new Error(`${done} requests handled of ${requests}`);
  return (t.user + t.system) / 1e6;
}

const results: Record<string, number[]> = { copy: [], slice: [] };
for (let r = 0; r < rounds; r++) {
  for (const mode of r % 2 === 0 ? (["copy", "slice"] as const) : (["slice", "copy"] as const)) {
    const dir = mkdtempSync(join(tmpdir(), "strand-micro-"));
    const logs = Array.from({ length: 6 }, (_, p) => loadLog(mkdirP(join(dir, `t-${p}`)), { topic: "t", partition: p }, makeLogConfig({ segmentBytes: 1 << 30 }), { recoveryPoint: 0, logStartOffset: 0, highWatermark: 0, cleanShutdown: true }));
    Bun.gc(true);
    const s = await run(mode, logs);
    for (const l of logs) l.closeNow();
    rmSync(dir, { recursive: true, force: true });
    results[mode]!.push(s);
    const gib = (frame.length * requests) / 2 ** 30;
    console.log(JSON.stringify({ round: r, mode, cpuS: Math.round(s * 1000) / 1000, cpuSPerGiB: Math.round((s / gib) * 1000) / 1000, usPerRequest: Math.round((s / requests) * 1e6) }));
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(JSON.stringify({ medianCopyS: median(results.copy!), medianSliceS: median(results.slice!) }));

function mkdirP(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}
