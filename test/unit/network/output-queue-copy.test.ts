// The output queue's copy path (TLS connections: no sendfile): every queue of the process reads file
// slices into one shared buffer, and a flush of more than one TLS record's worth is corked and uncorked
// around its writes. The sockets are fakes with an fd number; the cork function is a recorder. The last
// test corks a real loopback TCP socket through setsockopt (tcp-cork.ts) and checks the bytes arrive.
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OutputQueue } from "../../../src/network/output-queue.ts";
import { tcpCork, type CorkFn } from "../../../src/network/tcp-cork.ts";
import { SegmentFile } from "../../../src/storage/segment-file.ts";

let dir = "";
const files: SegmentFile[] = [];
afterEach(() => {
  // Bounded by each file's references.
  for (const f of files.splice(0)) while (f.refCount > 0) f.release();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
}, 120_000);

const SEED = 1407;
console.log(`output-queue-copy: seed ${SEED}`);
/** Deterministic bytes (xorshift32), so a byte from the wrong file or offset shows. */
function bytesOf(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

function fileOf(name: string, bytes: Uint8Array): SegmentFile {
  dir ||= mkdtempSync(join(tmpdir(), "strand-oq-copy-"));
  const fd = openSync(join(dir, name), "w+");
  writeSync(fd, bytes, 0, bytes.length, 0);
  const f = new SegmentFile(fd);
  files.push(f);
  return f;
}

/** Takes at most `budget` bytes per flush (then 0: the kernel buffer is full); -1 once ended. */
class FakeSocket {
  readonly chunks: Uint8Array[] = [];
  budget = Infinity;
  ended = false;
  constructor(readonly fd: number) {}
  write(d: Uint8Array): number {
    if (this.ended) return -1;
    const n = Math.min(d.length, this.budget);
    this.budget -= n;
    // Copied: the caller's buffer is shared and reused after write returns, as with Bun's socket.
    this.chunks.push(d.slice(0, n));
    return n;
  }
  get bytes(): Uint8Array {
    return Buffer.concat(this.chunks);
  }
}

function recorder(): { calls: Array<[number, boolean]>; cork: () => CorkFn } {
  const calls: Array<[number, boolean]> = [];
  return { calls, cork: () => (fd, on) => (calls.push([fd, on]), true) };
}

test("queues interleaving partial writes through the shared copy buffer each send their own file's bytes", () => {
  const rnd = (k: number) => bytesOf(700_000, SEED + k);
  const xs = rnd(1);
  const ys = rnd(2);
  const x = fileOf("x", xs);
  const y = fileOf("y", ys);
  const qa = new OutputQueue(null);
  const qb = new OutputQueue(null);
  qa.push(new Uint8Array([1, 2, 3]));
  qa.push({ file: x, position: 1000, length: 600_000 });
  qb.push({ file: y, position: 7, length: 650_000 });
  qb.push(new Uint8Array([4, 5]));
  const a = new FakeSocket(101);
  const b = new FakeSocket(102);
  // Odd budgets so every flush stops mid-chunk, and the other queue overwrites the buffer in between.
  let rounds = 0;
  // Bounded: each round moves at least 1 byte of a finite total (asserted below).
  while (!(qa.isEmpty && qb.isEmpty)) {
    a.budget = 37_777 + rounds;
    b.budget = 91_111 - rounds;
    if (!qa.isEmpty) expect(qa.flush(a)).not.toBe("error");
    if (!qb.isEmpty) expect(qb.flush(b)).not.toBe("error");
    rounds++;
    expect(rounds).toBeLessThan(1000);
  }
  expect(Buffer.compare(a.bytes, Buffer.concat([new Uint8Array([1, 2, 3]), xs.subarray(1000, 601_000)]))).toBe(0);
  expect(Buffer.compare(b.bytes, Buffer.concat([ys.subarray(7, 650_007), new Uint8Array([4, 5])]))).toBe(0);
});

test("a copy-path flush of more than one record's worth is corked, and uncorked before it returns", () => {
  const f = fileOf("f", bytesOf(300_000, SEED));
  const r = recorder();
  const q = new OutputQueue(null, r.cork);
  q.push(new Uint8Array(100));
  q.push({ file: f, position: 0, length: 300_000 });
  const s = new FakeSocket(55);
  s.budget = 100_000;
  expect(q.flush(s)).toBe("blocked");
  expect(r.calls).toEqual([[55, true], [55, false]]);
  s.budget = Infinity;
  expect(q.flush(s)).toBe("empty");
  expect(r.calls).toEqual([[55, true], [55, false], [55, true], [55, false]]);
  expect(s.bytes.length).toBe(300_100);
});

test("small flushes, sockets without an fd and plaintext queues are never corked", () => {
  const f = fileOf("f", bytesOf(20_000, SEED));
  const r = recorder();
  const small = new OutputQueue(null, r.cork);
  small.push({ file: f, position: 0, length: 16 * 1024 });
  expect(small.flush(new FakeSocket(7))).toBe("empty");
  const noFd = new OutputQueue(null, r.cork);
  noFd.push({ file: f, position: 0, length: 20_000 });
  expect(noFd.flush(new FakeSocket(-1))).toBe("empty");
  expect(r.calls).toEqual([]);
  // A plaintext queue (no cork source) with the same bytes: nothing to record, the bytes still go out.
  const plain = new OutputQueue(null, null);
  plain.push({ file: f, position: 0, length: 20_000 });
  const s = new FakeSocket(8);
  expect(plain.flush(s)).toBe("empty");
  expect(s.bytes.length).toBe(20_000);
});

test("a write that fails inside a corked flush still uncorks", () => {
  const f = fileOf("f", bytesOf(100_000, SEED));
  const r = recorder();
  const q = new OutputQueue(null, r.cork);
  q.push({ file: f, position: 0, length: 100_000 });
  const s = new FakeSocket(9);
  s.ended = true;
  expect(q.flush(s)).toBe("error");
  expect(r.calls).toEqual([[9, true], [9, false]]);
});

test("tcpCork corks and uncorks a real loopback socket, and the bytes all arrive", async () => {
  const cork = tcpCork();
  if (process.platform !== "linux") return;
  expect(cork).not.toBeNull();
  const payload = bytesOf(200_000, SEED + 9);
  const received: Uint8Array[] = [];
  let got = 0;
  let done: () => void = () => {};
  const all = new Promise<void>((r) => (done = r));
  const server = Bun.listen({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      data: (_s, d) => {
        received.push(d.slice());
        got += d.length;
        if (got >= payload.length) done();
      },
    },
  });
  const q = new OutputQueue(null, tcpCork);
  const f = fileOf("p", payload);
  q.push({ file: f, position: 0, length: payload.length });
  let drained: () => void = () => {};
  const client = await Bun.connect({
    hostname: "127.0.0.1",
    port: server.port,
    socket: { data: () => {}, drain: () => drained() },
  });
  try {
    // Bun's sockets carry their fd at run time, untyped (as Connection uses it).
    const sock = client as unknown as { write(d: Uint8Array): number; fd: number };
    expect(sock.fd).toBeGreaterThanOrEqual(0);
    // Bounded: each pass sends bytes or waits for a drain; the payload is finite.
    for (let i = 0; i < 1000 && q.flush(sock) === "blocked"; i++) await new Promise<void>((r) => (drained = r));
    await Promise.race([all, Bun.sleep(20_000)]);
    expect(Buffer.compare(Buffer.concat(received), payload)).toBe(0);
  } finally {
    client.end();
    server.stop(true);
  }
});
