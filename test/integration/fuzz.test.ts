// Hostile input against the live broker process: random frames and mutations of real clients' captured
// requests. The broker must not crash, must keep its memory bounded, must answer or close the bad
// connection as Kafka would, and other connections must keep working.
//
// Seeds: every request frame captured from kcat, kafka-python, KafkaJS and Java
// (test/fixtures/captures/), except APIs whose mutations would legitimately create unbounded work
// (CreateTopics / CreatePartitions with a mutated partition count of millions): those are bounded by
// validation, not by the decoder, and are tested by their own handlers' tests.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { listCaptureSessions, readCapture } from "../support/captures.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";

const SEED = Number(process.env.STRAND_FUZZ_SEED ?? 20261129);
const ITERATIONS = Number(process.env.STRAND_FUZZ_ITERATIONS ?? 2500);
const EXCLUDED_KEYS = new Set([19, 20, 21, 37]); // CreateTopics, DeleteTopics, DeleteRecords, CreatePartitions

let rng = SEED >>> 0;
function rand(n: number): number {
  // xorshift32: deterministic for a given seed, printed on failure.
  rng ^= rng << 13;
  rng >>>= 0;
  rng ^= rng >>> 17;
  rng ^= rng << 5;
  rng >>>= 0;
  return rng % n;
}

function seeds(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const { client, session } of listCaptureSessions()) {
    for (const f of readCapture(client, session)) if (f.dir === "req" && !EXCLUDED_KEYS.has(f.apiKey)) out.push(f.frame);
  }
  return out;
}

/** One mutation of a captured frame (size prefix kept consistent unless the mutation targets it). */
function mutate(frame: Uint8Array): Uint8Array {
  let b = new Uint8Array(frame);
  const kind = rand(8);
  if (kind === 0) {
    for (let i = 0, n = 1 + rand(8); i < n; i++) b[4 + rand(b.length - 4)]! ^= 1 << rand(8);
  } else if (kind === 1) {
    for (let i = 0, n = 1 + rand(4); i < n; i++) b[4 + rand(b.length - 4)] = rand(256);
  } else if (kind === 2) {
    b = b.slice(0, 4 + rand(b.length - 4)); // truncated body
  } else if (kind === 3) {
    // An int32 somewhere in the body set to a huge or negative length.
    const at = 4 + rand(Math.max(1, b.length - 8));
    new DataView(b.buffer).setInt32(at, [0x7fffffff, -2, 0x10000000, -1][rand(4)]!);
  } else if (kind === 4) {
    // An int16 (string length, api version) set to a hostile value.
    const at = 4 + rand(Math.max(1, b.length - 6));
    new DataView(b.buffer).setInt16(at, [0x7fff, -2, -1, 0x4000][rand(4)]!);
  } else if (kind === 5) {
    // Random bytes inserted.
    const at = 4 + rand(b.length - 4);
    const ins = new Uint8Array(1 + rand(64)).map(() => rand(256));
    const nb = new Uint8Array(b.length + ins.length);
    nb.set(b.subarray(0, at));
    nb.set(ins, at);
    nb.set(b.subarray(at), at + ins.length);
    b = nb;
  } else if (kind === 6) {
    // Varint continuation bits everywhere in a window (compact lengths gone wild).
    const at = 4 + rand(b.length - 4);
    for (let i = at; i < Math.min(b.length, at + 6); i++) b[i]! |= 0x80;
  } else {
    // Another api version in the header.
    new DataView(b.buffer).setInt16(6, rand(40) - 2);
  }
  if (kind !== 2) new DataView(b.buffer).setInt32(0, b.length - 4);
  else new DataView(b.buffer).setInt32(0, b.length - 4);
  return b;
}

function randomFrame(): Uint8Array {
  const n = rand(200);
  const b = new Uint8Array(4 + n).map(() => rand(256));
  new DataView(b.buffer).setInt32(0, n);
  if (n >= 4) new DataView(b.buffer).setInt16(4, rand(100)); // often a real api key
  return b;
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : -1;
}

let broker: StrandHandle;
beforeAll(async () => {
  broker = await startStrand();
}, 120_000);
afterAll(async () => {
  await broker?.kill().catch(() => {});
}, 120_000);

/** Send one frame on a fresh raw socket; resolve when the broker answers, closes, or we give up. */
async function sendRaw(frame: Uint8Array, waitMs: number): Promise<"answered" | "closed" | "silent"> {
  return await new Promise((resolve) => {
    let done = false;
    const finish = (r: "answered" | "closed" | "silent", s?: { end(): void }) => {
      if (done) return;
      done = true;
      s?.end();
      resolve(r);
    };
    Bun.connect({
      hostname: "127.0.0.1",
      port: broker.port,
      socket: {
        open(s) {
          s.write(frame);
          setTimeout(() => finish("silent", s), waitMs);
        },
        data(s) {
          finish("answered", s);
        },
        close() {
          finish("closed");
        },
        error() {
          finish("closed");
        },
      },
    }).catch(() => finish("closed"));
  });
}

test(`fuzz: ${ITERATIONS} mutated and random frames (seed ${SEED}) leave the broker healthy`, async () => {
  const pool = seeds();
  expect(pool.length).toBeGreaterThan(50);
  const control = await KafkaTestClient.connect(broker.port);
  const rssStart = rssKb(broker.pid);
  const counts = { answered: 0, closed: 0, silent: 0 };
  // Several frames in flight at once, bounded, so the run is fast but the broker sees concurrency.
  const PARALLEL = 16;
  let next = 0;
  const worker = async () => {
    while (next < ITERATIONS) {
      const i = next++;
      const frame = i % 5 === 0 ? randomFrame() : mutate(pool[rand(pool.length)]!);
      counts[await sendRaw(frame, 300)]++;
      if (i % 250 === 0) {
        const r = await control.request<{ errorCode: number }>(18, 3, { clientSoftwareName: "fuzz", clientSoftwareVersion: "1" });
        expect(r.errorCode).toBe(0);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));

  // Frames declaring sizes above socket.request.max.bytes are refused before their body is read.
  const huge = new Uint8Array(8);
  new DataView(huge.buffer).setInt32(0, 200 * 1024 * 1024);
  expect(await sendRaw(huge, 2000)).toBe("closed");
  const negative = new Uint8Array(8);
  new DataView(negative.buffer).setInt32(0, -5);
  expect(await sendRaw(negative, 2000)).toBe("closed");

  // The control connection, opened before the storm, still works; the process is alive and bounded.
  const r = await control.request<{ errorCode: number; apiKeys: unknown[] }>(18, 3, { clientSoftwareName: "fuzz", clientSoftwareVersion: "1" });
  expect(r.errorCode).toBe(0);
  expect(r.apiKeys.length).toBeGreaterThan(0);
  control.close();
  const rssEnd = rssKb(broker.pid);
  console.log(`fuzz: seed ${SEED}, ${JSON.stringify(counts)}, broker RSS ${rssStart} kB -> ${rssEnd} kB`);
  expect(rssEnd).toBeLessThan(Math.max(400_000, rssStart * 4));
  expect(broker.output()).not.toMatch(/Unhandled|TypeError|RangeError|panic/);
  // A clean stop still works after the storm.
  expect(await broker.stop()).toBe(0);
}, 180_000);
