// The metrics clients push (KIP-714), kept instead of dropped: the latest payload of each client
// instance, decompressed, with its decoded OTLP metrics when it decodes. Bounded by instance count
// (least recently pushed dropped first), so a broker with many short-lived clients holds at most
// maxInstances payloads of at most telemetry.max.bytes (compressed) each. Read by operators through
// the log (DEBUG) and by the Prometheus endpoint (issue 16) through latest()/entries().
//
// This is Strand's stand-in for Kafka's ClientTelemetryReceiver plugin: Kafka hands the payload to a
// configured plugin and keeps nothing itself.

import type { OtlpMetrics } from "./otlp-metrics.ts";

export interface ClientTelemetryEntry {
  readonly clientInstanceId: string;
  readonly clientId: string | null;
  readonly clientSoftwareName: string | null;
  readonly clientSoftwareVersion: string | null;
  readonly clientSourceAddress: string;
  readonly receivedAtMs: number;
  /** Compression id the client used (0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd). */
  readonly compressionType: number;
  /** Bytes as pushed (compressed). */
  readonly pushedBytes: number;
  /** The OTLP MetricsData bytes, decompressed. */
  readonly payload: Uint8Array;
  /** The decoded metrics, or null when the payload is not OTLP Strand can read. */
  readonly metrics: OtlpMetrics | null;
  /** The push's terminating flag (the client is closing). */
  readonly terminating: boolean;
}

export const DEFAULT_TELEMETRY_STORE_INSTANCES = 1024;
export const DEFAULT_TELEMETRY_STORE_BYTES = 64 * 1024 * 1024;

export class ClientTelemetryStore {
  private readonly byInstance = new Map<string, ClientTelemetryEntry>();
  private pushes = 0;
  private bytes = 0;

  constructor(
    readonly maxInstances = DEFAULT_TELEMETRY_STORE_INSTANCES,
    /** Bound on the decompressed payload bytes kept, all instances together. */
    readonly maxTotalBytes = DEFAULT_TELEMETRY_STORE_BYTES,
  ) {
    if (!Number.isInteger(maxInstances) || maxInstances < 1) throw new RangeError(`maxInstances must be a positive integer, got ${maxInstances}`);
    if (!Number.isInteger(maxTotalBytes) || maxTotalBytes < 1) throw new RangeError(`maxTotalBytes must be a positive integer, got ${maxTotalBytes}`);
  }

  put(entry: ClientTelemetryEntry): void {
    this.pushes++;
    // Re-insert so Map order is least recently pushed first.
    this.remove(entry.clientInstanceId);
    this.byInstance.set(entry.clientInstanceId, entry);
    this.bytes += entry.payload.length;
    // The newest entry always stays, even alone above maxTotalBytes (it is at most the decompression bound).
    while (this.byInstance.size > 1 && (this.byInstance.size > this.maxInstances || this.bytes > this.maxTotalBytes)) {
      this.remove(this.byInstance.keys().next().value!);
    }
  }

  private remove(clientInstanceId: string): void {
    const old = this.byInstance.get(clientInstanceId);
    if (!old) return;
    this.byInstance.delete(clientInstanceId);
    this.bytes -= old.payload.length;
  }

  /** Decompressed payload bytes kept. */
  get totalBytes(): number {
    return this.bytes;
  }

  latest(clientInstanceId: string): ClientTelemetryEntry | undefined {
    return this.byInstance.get(clientInstanceId);
  }

  /** Every kept entry, least recently pushed first. */
  entries(): ClientTelemetryEntry[] {
    return [...this.byInstance.values()];
  }

  get size(): number {
    return this.byInstance.size;
  }

  /** Pushes with a payload stored since start-up (a counter for the metrics endpoint). */
  get totalPushes(): number {
    return this.pushes;
  }
}
