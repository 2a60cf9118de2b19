// Acceptance: a real Apache Kafka 4.4.0 broker produces, stops, and Strand's storage opens its log
// dir and reads every record back — after a SIGKILL (Strand recovers the unclean dir, with Kafka's
// untrimmed preallocated indexes) and after a clean stop. In between, Kafka restarts on the dir
// Strand closed, so each side accepts the other's files.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readProducerSnapshotBytes } from "../../src/storage/producer-snapshot.ts";
import { LogManager } from "../../src/storage/log-manager.ts";
import { readMetaProperties } from "../../src/storage/meta-properties.ts";
import { probeKafkaDist, startKafka } from "../support/kafka-dist.ts";
import { createTopic, produceConsole } from "../support/kafka-tools.ts";
import { batchesIn, readSlice, recordValues, tempDir } from "../unit/storage/helpers.ts";

const TOPIC = "interop";

function values(prefix: string, n: number, bytes: number): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}-${i}-`.padEnd(bytes, String.fromCharCode(97 + (i % 26))));
}

/** Every record value in the partition, in offset order, read through Strand's storage. */
async function readWithStrand(logDir: string): Promise<{ values: string[]; offsets: number[]; producers: number; clean: boolean }> {
  const meta = readMetaProperties(logDir)!;
  const manager = LogManager.open({ logDirs: [logDir], nodeId: meta.nodeId, clusterId: meta.clusterId });
  try {
    expect(manager.offlinePartitions()).toEqual([]);
    const log = manager.getLog({ topic: TOPIC, partition: 0 })!;
    const out: string[] = [];
    const offsets: number[] = [];
    let next = log.logStartOffset;
    const dec = new TextDecoder();
    // Bounded by the log end offset: every read advances by at least one batch.
    while (next < log.logEndOffset) {
      const r = log.read(next, 1 << 20);
      const bytes = readSlice(r.slice!);
      const batches = batchesIn(bytes);
      expect(batches.length).toBeGreaterThan(0);
      for (const b of batches) {
        let batch = bytes.subarray(b.position, b.position + b.size);
        const codec = new DataView(batch.buffer, batch.byteOffset).getInt16(21) & 7;
        if (codec === 1) {
          const plain = Bun.gunzipSync(batch.subarray(61) as Uint8Array<ArrayBuffer>);
          const whole = new Uint8Array(61 + plain.length);
          whole.set(batch.subarray(0, 61));
          whole.set(plain, 61);
          batch = whole;
        } else expect(codec).toBe(0);
        recordValues(batch, 0).forEach((v, i) => {
          out.push(dec.decode(v));
          offsets.push(b.baseOffset + i);
        });
        next = b.lastOffset + 1;
      }
    }
    return { values: out, offsets, producers: log.producers.size, clean: manager.hadCleanShutdown.get(logDir) ?? false };
  } finally {
    await manager.close();
  }
}

test("Strand opens a Kafka 4.4.0 log dir and reads every record (after SIGKILL and after a clean stop)", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const d = tempDir("strand-kafkadir-");
  const logDir = join(d.path, "data");
  let kafka = await startKafka({ logDir });
  try {
    await createTopic(kafka.bootstrap, TOPIC, { configs: { "segment.bytes": 1048576, "index.interval.bytes": 4096 } });
    const first = values("plain", 2500, 1000);
    const zipped = values("gzip", 800, 300);
    await produceConsole(kafka.bootstrap, TOPIC, first, { "batch.size": 65536, "linger.ms": 5 });
    await produceConsole(kafka.bootstrap, TOPIC, zipped, { "compression.type": "gzip" });
    await kafka.kill();

    const afterKill = await readWithStrand(kafka.logDir);
    expect(afterKill.clean).toBe(false);
    expect(afterKill.values).toEqual([...first, ...zipped]);
    expect(afterKill.offsets).toEqual(afterKill.values.map((_, i) => i));
    expect(afterKill.producers).toBeGreaterThan(0); // idempotent console producers

    // Kafka restarts on the dir Strand closed, takes more records, and stops cleanly.
    kafka = await startKafka({ logDir });
    const more = values("more", 300, 200);
    await produceConsole(kafka.bootstrap, TOPIC, more);
    await kafka.stop();

    // Kafka's own producer snapshot (written at its clean stop) decodes with Strand's codec.
    const partDir = join(kafka.logDir, `${TOPIC}-0`);
    const snaps = readdirSync(partDir).filter((n) => n.endsWith(".snapshot")).sort();
    expect(snaps.length).toBeGreaterThan(0);
    const lastSnap = snaps[snaps.length - 1]!;
    const entries = readProducerSnapshotBytes(new Uint8Array(readFileSync(join(partDir, lastSnap))), lastSnap);
    expect(entries.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...entries.map((e) => Number(e.lastOffset)))).toBe(first.length + zipped.length + more.length - 1);

    const afterStop = await readWithStrand(kafka.logDir);
    expect(afterStop.clean).toBe(true);
    expect(afterStop.values).toEqual([...first, ...zipped, ...more]);
  } finally {
    await kafka.remove();
    d.cleanup();
  }
}, 240_000);
