// The network side of file lifetimes: a response's file slices hold their files (FileHandle refs) from
// the moment the Connection gets the response until the output queue has sent them, or the connection
// is gone. Files here are real (SegmentFile over a temp file); the sockets are fakes without an fd,
// so slices go out by pread + write.
import { afterEach, expect, test } from "bun:test";
import type { Socket } from "bun";
import { mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Connection, type Outcome } from "../../../src/network/connection.ts";
import { OutputQueue, releaseFrameFiles, retainFrameFiles } from "../../../src/network/output-queue.ts";
import type { FileSlice } from "../../../src/protocol/primitives/records-ref.ts";
import { SegmentFile } from "../../../src/storage/segment-file.ts";

let dir = "";
const files: SegmentFile[] = [];
afterEach(() => {
  // Whatever a test left open; bounded by each file's references.
  for (const f of files.splice(0)) while (f.refCount > 0) f.release();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
}, 120_000);

/** A SegmentFile over a new temp file holding `bytes`. */
function fileOf(name: string, bytes: Uint8Array): SegmentFile {
  dir ||= mkdtempSync(join(tmpdir(), "strand-resp-files-"));
  const fd = openSync(join(dir, name), "w+");
  writeSync(fd, bytes, 0, bytes.length, 0);
  const f = new SegmentFile(fd);
  files.push(f);
  return f;
}

const filled = (n: number, b: number) => new Uint8Array(n).fill(b);

/** Takes at most `budget` bytes per write; 0 until the budget is raised (a stalled client). */
class FakeSocket {
  taken: number[] = [];
  budget = Infinity;
  ended = false;
  remoteAddress = "127.0.0.1";
  write(d: Uint8Array): number {
    if (this.ended) return -1;
    const n = Math.min(d.length, this.budget);
    this.budget -= n;
    for (let i = 0; i < n; i++) this.taken.push(d[i]!);
    return n;
  }
  pause(): void {}
  resume(): void {}
  end(): void {
    this.ended = true;
  }
  /** The connection half-closes (a FIN, reading goes on): counted as the end of what it sends. */
  shutdown(): void {
    this.ended = true;
  }
  terminate(): void {}
}

test("a queued slice keeps its file open after the owner closed it, and lets go once sent", () => {
  const file = fileOf("a", filled(1000, 0xaa));
  const q = new OutputQueue(null);
  q.push({ file, position: 100, length: 500 });
  expect(file.refCount).toBe(2);
  file.release(); // the segment is deleted while the response waits
  expect(file.fd).toBeGreaterThanOrEqual(0);
  const s = new FakeSocket();
  s.budget = 200;
  expect(q.flush(s)).toBe("blocked");
  expect(file.refCount).toBe(1);
  s.budget = Infinity;
  expect(q.flush(s)).toBe("empty");
  expect(s.taken).toEqual([...filled(500, 0xaa)]);
  expect(file.refCount).toBe(0);
  expect(file.fd).toBe(-1);
});

test("discard lets go of every slice still queued", () => {
  const a = fileOf("a", filled(100, 1));
  const b = fileOf("b", filled(100, 2));
  const q = new OutputQueue(null);
  q.push(new Uint8Array([9, 9]));
  q.push({ file: a, position: 0, length: 100 });
  q.push({ file: b, position: 0, length: 100 });
  q.push({ file: a, position: 50, length: 10 });
  expect([a.refCount, b.refCount]).toEqual([3, 2]);
  q.discard();
  expect([a.refCount, b.refCount]).toEqual([1, 1]);
  expect(q.queuedBytes).toBe(0);
  expect(q.isEmpty).toBe(true);
});

test("a slice whose file is already closed fails the queue: no byte of it (or of any other file) is sent", () => {
  const gone = fileOf("gone", filled(100, 1));
  gone.release();
  fileOf("newer", filled(100, 2)); // may take the freed number
  const q = new OutputQueue(null);
  q.push({ file: gone, position: 0, length: 100 });
  const s = new FakeSocket();
  expect(q.flush(s)).toBe("error");
  expect(q.error).toMatch(/closed before it was queued/);
  expect(s.taken.length).toBe(0);
});

test("retainFrameFiles is all or nothing", () => {
  const a = fileOf("a", filled(10, 1));
  const b = fileOf("b", filled(10, 2));
  b.release();
  const parts: Array<Uint8Array | FileSlice> = [new Uint8Array(1), { file: a, position: 0, length: 10 }, { file: b, position: 0, length: 10 }];
  expect(retainFrameFiles(parts)).toBe(false);
  expect(a.refCount).toBe(1);
  expect(retainFrameFiles(parts.slice(0, 2))).toBe(true);
  expect(a.refCount).toBe(2);
  releaseFrameFiles(parts.slice(0, 2));
  expect(a.refCount).toBe(1);
});

function connect(handle: (id: number) => Outcome | Promise<Outcome>): { c: Connection; s: FakeSocket; warnings: string[] } {
  const s = new FakeSocket();
  const warnings: string[] = [];
  let next = 0;
  const sink = { handle: () => handle(next++) };
  const c = new Connection(1, s as unknown as Socket<Connection | undefined>, "PLAINTEXT", sink, { maxFrameBytes: 1 << 20, maxInFlight: 100, maxQueuedBytes: 1 << 20 }, { warn: (m) => warnings.push(m) }, () => {});
  return { c, s, warnings };
}

/** A request frame (the sinks here do not look at it). */
const request = () => new Uint8Array([0, 0, 0, 4, 0, 0, 0, 1]);

test("a response waiting behind a slower one holds its file until it is sent", async () => {
  const file = fileOf("seg", filled(64, 0x5a));
  let answerFirst: (o: Outcome) => void = () => {};
  const { c, s } = connect((id) => (id === 0 ? new Promise<Outcome>((r) => (answerFirst = r)) : { parts: [new Uint8Array([7]), { file, position: 0, length: 64 }], size: 65 }));
  c.onData(request());
  c.onData(request());
  expect(file.refCount).toBe(2); // the owner and the waiting response
  file.release(); // the segment goes while the response waits for its turn
  answerFirst({ parts: [new Uint8Array([1])], size: 1 });
  await Bun.sleep(1);
  expect(s.taken).toEqual([1, 7, ...filled(64, 0x5a)]);
  expect(file.fd).toBe(-1);
});

test("closing a connection lets go of the files of responses not yet sent", async () => {
  const file = fileOf("seg", filled(4096, 3));
  const { c, s } = connect(() => ({ parts: [{ file, position: 0, length: 4096 }], size: 4096 }));
  s.budget = 0; // the client reads nothing
  c.onData(request());
  await Bun.sleep(1);
  expect(file.refCount).toBe(2);
  c.close();
  expect(file.refCount).toBe(1);
  file.release();
  expect(file.fd).toBe(-1);
});

test("the peer going away lets go of queued and waiting responses' files", async () => {
  const file = fileOf("seg", filled(4096, 3));
  let answerFirst: (o: Outcome) => void = () => {};
  const { c, s } = connect((id) => (id === 1 ? new Promise<Outcome>((r) => (answerFirst = r)) : { parts: [{ file, position: 0, length: 4096 }], size: 4096 }));
  s.budget = 0;
  c.onData(request()); // queued, unsent
  c.onData(request()); // waits (async)
  c.onData(request()); // done, waits behind the previous one in its slot
  await Bun.sleep(1);
  expect(file.refCount).toBe(3);
  c.onSocketClosed();
  expect(file.refCount).toBe(1);
  answerFirst({ parts: [{ file, position: 0, length: 1 }], size: 1 }); // too late: not taken
  await Bun.sleep(1);
  expect(file.refCount).toBe(1);
});

test("a response whose file closed before the connection got it closes the connection", async () => {
  const file = fileOf("seg", filled(100, 3));
  file.release();
  fileOf("newer", filled(100, 4));
  const { c, s, warnings } = connect(() => ({ parts: [new Uint8Array([1, 2]), { file, position: 0, length: 100 }], size: 102 }));
  c.onData(request());
  await Bun.sleep(1);
  expect(c.closed).toBe(true);
  expect(s.ended).toBe(true);
  expect(s.taken).not.toContain(4);
  expect(warnings.join("\n")).toMatch(/segment file was closed/);
});

test("a client that reads, however slowly, keeps its connection active; one that stops does not", async () => {
  const file = fileOf("seg", filled(4096, 3));
  const { c, s } = connect(() => ({ parts: [{ file, position: 0, length: 4096 }], size: 4096 }));
  s.budget = 1000;
  c.onData(request());
  await Bun.sleep(1);
  expect(c.waitingForClient).toBe(true);
  expect(c.idle).toBe(false);
  c.lastActiveMs = 0; // as if long ago
  s.budget = 1000;
  c.onDrain(); // the client read some: progress
  expect(c.lastActiveMs).toBeGreaterThan(0);
  c.lastActiveMs = 0;
  c.onDrain(); // nothing taken: no progress, the idle clock stays
  expect(c.lastActiveMs).toBe(0);
  s.budget = Infinity;
  c.onDrain();
  expect(c.waitingForClient).toBe(false);
  expect(file.refCount).toBe(1);
});
