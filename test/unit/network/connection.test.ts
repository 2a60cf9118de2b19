// Connection with a fake socket: responses of requests finished together go out in one write (writes
// coalesced), strictly in request order, and a "close" outcome still sends what came before it first,
// then half-closes (FIN, reading on) rather than closing at once.
import { expect, test } from "bun:test";
import type { Socket } from "bun";
import { Connection, type ConnectionInfo, type Outcome, type RequestSink } from "../../../src/network/connection.ts";
import type { Frame } from "../../../src/network/frame-assembler.ts";

class FakeSocket {
  writes: Uint8Array[] = [];
  /** A FIN was sent: shutdown(2) of the write side, the socket still reads. */
  ended = false;
  /** Bun's end(), which closes the socket at once: a client still writing then gets a reset. */
  closedAtOnce = false;
  remoteAddress = "127.0.0.1";
  write(d: Uint8Array): number {
    if (this.ended) return -1;
    this.writes.push(d.slice());
    return d.length;
  }
  pause(): void {}
  resume(): void {}
  shutdown(): void {
    this.ended = true;
  }
  end(): void {
    this.ended = true;
    this.closedAtOnce = true;
  }
  terminate(): void {}
}

/** A request frame body: just a 4-byte id here (the sink below echoes it). */
function frame(id: number): Uint8Array {
  const b = new Uint8Array(8);
  const v = new DataView(b.buffer);
  v.setInt32(0, 4);
  v.setInt32(4, id);
  return b;
}

function response(id: number): Outcome {
  const b = new Uint8Array(8);
  const v = new DataView(b.buffer);
  v.setInt32(0, 4);
  v.setInt32(4, id);
  return { parts: [b], size: 8 };
}

function ids(writes: Uint8Array[]): number[] {
  const all = Buffer.concat(writes);
  const out: number[] = [];
  for (let p = 0; p + 8 <= all.length; p += 8) out.push(all.readInt32BE(p + 4));
  return out;
}

function connect(sink: RequestSink): { c: Connection; s: FakeSocket } {
  const s = new FakeSocket();
  const c = new Connection(1, s as unknown as Socket<Connection | undefined>, "PLAINTEXT", sink, { maxFrameBytes: 1 << 20, maxInFlight: 100, maxQueuedBytes: 1 << 20 }, { warn() {} }, () => {});
  return { c, s };
}

/** The id in a request (these frames are small: always one buffer, never a list of slices). */
const idOf = (f: Frame) => {
  const b = f instanceof Uint8Array ? f : Buffer.concat(f as Uint8Array[]);
  return new DataView(b.buffer, b.byteOffset).getInt32(0);
};

test("the responses of frames answered synchronously from one read share one write", async () => {
  const { c, s } = connect({ handle: (_conn: ConnectionInfo, f: Frame) => response(idOf(f)) });
  c.onData(Buffer.concat([frame(1), frame(2), frame(3), frame(4)]));
  expect(s.writes.length).toBe(0); // not yet: the flush is a microtask
  await Promise.resolve();
  expect(s.writes.length).toBe(1);
  expect(ids(s.writes)).toEqual([1, 2, 3, 4]);
  c.onData(frame(5));
  await Promise.resolve();
  expect(s.writes.length).toBe(2);
  expect(ids(s.writes)).toEqual([1, 2, 3, 4, 5]);
});

test("asynchronous completions in order and out of order: request order on the wire, one write per flush", async () => {
  const resolvers = new Map<number, (o: Outcome) => void>();
  const { c, s } = connect({ handle: (_conn, f) => new Promise<Outcome>((r) => resolvers.set(idOf(f), r)) });
  c.onData(Buffer.concat([frame(1), frame(2), frame(3)]));
  resolvers.get(3)!(response(3));
  resolvers.get(2)!(response(2));
  await new Promise((r) => setTimeout(r, 5));
  expect(s.writes.length).toBe(0); // 1 is not done: nothing may overtake it
  resolvers.get(1)!(response(1));
  await new Promise((r) => setTimeout(r, 5));
  expect(ids(s.writes)).toEqual([1, 2, 3]);
  expect(s.writes.length).toBe(1);
});

test("a close outcome sends the responses before it, then ends the socket", async () => {
  const { c, s } = connect({ handle: (_conn, f) => (idOf(f) === 3 ? "close" : response(idOf(f))) });
  c.onData(Buffer.concat([frame(1), frame(2), frame(3), frame(4)]));
  await Promise.resolve();
  expect(ids(s.writes)).toEqual([1, 2]);
  expect(s.ended).toBe(true);
  expect(s.closedAtOnce).toBe(false);
  expect(c.closed).toBe(true);
});

test("close() from outside right after synchronous answers still sends them before the FIN", () => {
  const { c, s } = connect({ handle: (_conn, f) => response(idOf(f)) });
  c.onData(Buffer.concat([frame(7), frame(8)]));
  c.close();
  expect(ids(s.writes)).toEqual([7, 8]);
  expect(s.ended).toBe(true);
  expect(s.closedAtOnce).toBe(false); // a half-close: the peer's later requests are read and dropped, not reset
});
