// Produce validation + append preparation of small batches (one 100-byte record), where the header
// work is a visible share: validateProducedRecords then prepareAppend (offsets, leader epoch), as
// append-partition.ts calls them, without the segment write. Trees that hand the validated header to
// the append (issue 10, item 3) parse it once; older ones parse it again in prepareAppend. Runs against
// whatever src/ sits next to it, so the same script measures two source trees (an older tree ignores the
// header option; Bun runs it without type checks).
//
//   bun bench/batch-header-micro.ts [--calls N] [--rounds N]
import { buildRecordBatch, loadNative } from "../src/protocol/records/index.ts";
import { validateProducedRecords } from "../src/server/produce/validate.ts";
import { prepareAppend } from "../src/storage/append-prepare.ts";
import { makeLogConfig } from "../src/storage/log-config.ts";

const argv = process.argv.slice(2);
const opt = (name: string, dflt: number): number => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const calls = opt("calls", 300_000);
const rounds = opt("rounds", 5);
loadNative();
const settings = {
  maxMessageBytes: 1048588, logAppendTime: false, timestampBeforeMaxMs: Number.MAX_SAFE_INTEGER, timestampAfterMaxMs: Number.MAX_SAFE_INTEGER,
  compression: "producer" as const, compact: false, delete: true, segmentBytes: 1 << 30, minInsyncReplicas: 1,
};
const config = makeLogConfig();
const batch = buildRecordBatch({ records: [{ value: new Uint8Array(100).fill(1), timestamp: Date.now() }], producerId: 7n, producerEpoch: 0, baseSequence: 0 });
// The append rewrites the base offset in place: reset it before each "request", as a fresh one has 0.
const dv = new DataView(batch.buffer, batch.byteOffset, batch.byteLength);
const results: number[] = [];
let next = 0;
for (let r = 0; r < rounds; r++) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    dv.setBigInt64(0, 0n);
    const v = validateProducedRecords(batch, { apiVersion: 9, settings, partitionName: "t-0", nowMs: Date.now() });
    const p = prepareAppend(v.bytes as Uint8Array, next, config, { leaderEpoch: 0, crcVerified: true, header: v.header }, Date.now());
    next = p.lastOffset + 1;
  }
  const t = process.cpuUsage(t0);
  const ns = ((t.user + t.system) * 1000) / calls;
  results.push(ns);
  console.log(JSON.stringify({ round: r, nsPerBatch: Math.round(ns) }));
}
console.log(JSON.stringify({ medianNsPerBatch: Math.round([...results].sort((a, b) => a - b)[Math.floor(rounds / 2)]!), next }));
