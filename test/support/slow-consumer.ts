// A consumer that sends one Fetch and then stops reading its socket, so the broker's response waits in
// the broker's output queue (the kernel buffers fill first). Tests change the log meanwhile (delete the
// topic, let retention delete segments), then resume reading and check every byte that arrives.

import type { Socket } from "bun";
import { API_CODECS } from "../../src/protocol/generated/apis.ts";
import { decodeResponse, requestHeaderVersion } from "../../src/protocol/frame.ts";
import { writeRequestHeader } from "../../src/protocol/generated/messages/request-header.ts";
import { encodeFramed } from "../../src/protocol/primitives/writer.ts";
import { ZERO_UUID } from "../unit/produce/wire-helpers.ts";

const FETCH_KEY = 1;
const FETCH_VERSION = 12;
const CORRELATION_ID = 4242;

export interface SlowFetchPartition {
  partitionIndex: number;
  errorCode: number;
  records: Uint8Array | null;
}

export class SlowConsumer {
  private socket!: Socket<undefined>;
  private readonly chunks: Uint8Array[] = [];
  private receivedBytes = 0;
  private closedByPeer = false;

  /** Connects and sends a Fetch of `partitions` of `topic` from offset 0; reading pauses at the first bytes. */
  static async fetchAndStall(port: number, topic: string, partitions: number, partitionMaxBytes: number): Promise<SlowConsumer> {
    const c = new SlowConsumer();
    c.socket = await Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        data: (s, d) => {
          // The first bytes prove the broker built the response and queued it; stop reading so the
          // rest of it waits in the broker.
          if (c.receivedBytes === 0) s.pause();
          c.chunks.push(new Uint8Array(d));
          c.receivedBytes += d.length;
        },
        close: () => {
          c.closedByPeer = true;
        },
        error: () => {
          c.closedByPeer = true;
        },
      },
    });
    const codec = API_CODECS.get(FETCH_KEY)!;
    const body = {
      ...(codec.newRequest() as object),
      replicaId: -1,
      maxWaitMs: 0,
      minBytes: 1,
      maxBytes: 55 * 1024 * 1024,
      isolationLevel: 0,
      sessionId: 0,
      sessionEpoch: -1,
      topics: [
        {
          topic,
          topicId: ZERO_UUID,
          partitions: Array.from({ length: partitions }, (_, p) => ({ partition: p, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes })),
        },
      ],
      forgottenTopicsData: [],
      rackId: "",
    };
    const frame = encodeFramed((s) => {
      writeRequestHeader(s, { requestApiKey: FETCH_KEY, requestApiVersion: FETCH_VERSION, correlationId: CORRELATION_ID, clientId: "slow-consumer" }, requestHeaderVersion(FETCH_KEY, FETCH_VERSION));
      codec.writeRequest(s, body, FETCH_VERSION);
    });
    if (c.socket.write(frame) !== frame.length) throw new Error("the fetch request did not go out in one write");
    return c;
  }

  get bytesReceived(): number {
    return this.receivedBytes;
  }

  get closed(): boolean {
    return this.closedByPeer;
  }

  /** Size of the response frame (prefix included) once its first 4 bytes are in, else -1. */
  private expectedBytes(): number {
    if (this.receivedBytes < 4) return -1;
    const head = this.all().subarray(0, 4);
    return new DataView(head.buffer, head.byteOffset, 4).getInt32(0) + 4;
  }

  all(): Uint8Array {
    if (this.chunks.length !== 1) {
      const out = new Uint8Array(this.receivedBytes);
      let at = 0;
      for (const ch of this.chunks) {
        out.set(ch, at);
        at += ch.length;
      }
      this.chunks.length = 0;
      this.chunks.push(out);
    }
    return this.chunks[0]!;
  }

  /**
   * Resumes reading and waits until the whole response frame arrived or the broker closed the
   * connection (polling, generous deadline). Returns whether the frame is complete.
   */
  async readRest(deadlineMs = 60_000): Promise<boolean> {
    this.socket.resume();
    const until = Date.now() + deadlineMs;
    // Bounded by the deadline.
    while (Date.now() < until) {
      const want = this.expectedBytes();
      if (want > 0 && this.receivedBytes >= want) return true;
      if (this.closedByPeer) return false;
      await Bun.sleep(20);
    }
    throw new Error(`slow consumer: neither the whole response nor a close within ${deadlineMs} ms (${this.receivedBytes} of ${this.expectedBytes()} bytes)`);
  }

  /** The decoded response (call after readRest returned true). */
  response(): { partitions: SlowFetchPartition[] } {
    const want = this.expectedBytes();
    const frame = this.all().subarray(4, want);
    const d = decodeResponse(frame, FETCH_KEY, FETCH_VERSION);
    if (!d.ok) throw new Error(`undecodable fetch response: ${d.error?.message}`);
    const body = d.body as { responses: Array<{ partitions: SlowFetchPartition[] }> };
    return { partitions: body.responses.flatMap((t) => t.partitions) };
  }

  close(): void {
    try {
      this.socket.end();
    } catch {
      // already closed
    }
  }
}

/** Whether `needle` occurs anywhere in `hay`. */
export function containsBytes(hay: Uint8Array, needle: Uint8Array): boolean {
  return Buffer.from(hay.buffer, hay.byteOffset, hay.byteLength).indexOf(Buffer.from(needle)) >= 0;
}
