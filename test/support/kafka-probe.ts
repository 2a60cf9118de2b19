// A tiny, self-contained Kafka wire probe used to decide that a broker is ready: an ApiVersions v0
// round trip, then a Metadata v1 request for no topics that must list at least one broker.
// Hand-encoded on purpose so the test harness does not depend on the codecs under test.
import { connect } from "node:net";
import type { Socket } from "node:net";

export interface ProbeResult {
  apiVersionsErrorCode: number;
  apiKeyCount: number;
  brokerCount: number;
  controllerId: number;
}

export class KafkaProbeError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
    readonly reason: string,
  ) {
    super(`Kafka probe of ${host}:${port} failed: ${reason}`);
    this.name = "KafkaProbeError";
  }
}

/** Largest response frame the probe accepts (an ApiVersions or small Metadata response is < 8 KiB). */
const MAX_PROBE_FRAME_BYTES = 1 << 20;
const PROBE_CLIENT_ID = "strand-probe";

function requestFrame(apiKey: number, apiVersion: number, correlationId: number, body: Uint8Array): Uint8Array {
  const clientId = new TextEncoder().encode(PROBE_CLIENT_ID);
  const headerBytes = 2 + 2 + 4 + 2 + clientId.length; // request header v1
  const size = headerBytes + body.length;
  const out = new Uint8Array(4 + size);
  const view = new DataView(out.buffer);
  view.setInt32(0, size);
  view.setInt16(4, apiKey);
  view.setInt16(6, apiVersion);
  view.setInt32(8, correlationId);
  view.setInt16(12, clientId.length);
  out.set(clientId, 14);
  out.set(body, 14 + clientId.length);
  return out;
}

/** Reads whole size-prefixed frames from a socket, one at a time. */
class FrameReader {
  private buffered = new Uint8Array(0);
  private waiter: (() => void) | null = null;
  private failure: Error | null = null;

  constructor(socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      const next = new Uint8Array(this.buffered.length + chunk.length);
      next.set(this.buffered, 0);
      next.set(chunk, this.buffered.length);
      this.buffered = next;
      this.wake();
    });
    socket.on("error", (err) => this.fail(err));
    socket.on("close", () => this.fail(new Error("connection closed")));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.wake();
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  async next(): Promise<DataView> {
    // Bounded: each iteration either returns, throws, or waits for more bytes / a failure.
    for (;;) {
      if (this.buffered.length >= 4) {
        const size = new DataView(this.buffered.buffer, this.buffered.byteOffset).getInt32(0);
        if (size < 0 || size > MAX_PROBE_FRAME_BYTES) throw new Error(`bad response frame size ${size}`);
        if (this.buffered.length >= 4 + size) {
          const frame = this.buffered.slice(4, 4 + size);
          this.buffered = this.buffered.slice(4 + size);
          return new DataView(frame.buffer);
        }
      }
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }
}

function parseMetadataV1(view: DataView): { brokerCount: number; controllerId: number } {
  let pos = 4; // correlation id (response header v0)
  const brokerCount = view.getInt32(pos);
  pos += 4;
  if (brokerCount < 0 || brokerCount > 10_000) throw new Error(`bad broker count ${brokerCount}`);
  for (let i = 0; i < brokerCount; i++) {
    pos += 4; // node id
    const hostLen = view.getInt16(pos);
    pos += 2 + Math.max(hostLen, 0);
    pos += 4; // port
    const rackLen = view.getInt16(pos);
    pos += 2 + Math.max(rackLen, 0);
  }
  return { brokerCount, controllerId: view.getInt32(pos) };
}

/** One probe attempt: throws KafkaProbeError when the broker is not (yet) ready. */
export async function probeKafka(host: string, port: number, timeoutMs = 5_000): Promise<ProbeResult> {
  const socket = connect({ host, port });
  const timer = setTimeout(() => socket.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    const reader = new FrameReader(socket);
    socket.write(requestFrame(18, 0, 1, new Uint8Array(0)));
    const av = await reader.next();
    if (av.getInt32(0) !== 1) throw new Error(`ApiVersions correlation id ${av.getInt32(0)} != 1`);
    const apiVersionsErrorCode = av.getInt16(4);
    const apiKeyCount = av.getInt32(6);
    if (apiVersionsErrorCode !== 0) throw new Error(`ApiVersions error code ${apiVersionsErrorCode}`);

    const metadataBody = new Uint8Array(4); // topics: empty array (v1: no topics, brokers only)
    socket.write(requestFrame(3, 1, 2, metadataBody));
    const md = await reader.next();
    if (md.getInt32(0) !== 2) throw new Error(`Metadata correlation id ${md.getInt32(0)} != 2`);
    const { brokerCount, controllerId } = parseMetadataV1(md);
    if (brokerCount < 1) throw new Error("Metadata lists no broker yet");
    return { apiVersionsErrorCode, apiKeyCount, brokerCount, controllerId };
  } catch (err) {
    throw new KafkaProbeError(host, port, err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}
