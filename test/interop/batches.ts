// What a client really sent: fetch the first megabyte of each partition with Strand's own protocol
// client (Fetch v11) and read the compression codec of every record batch header (attributes & 7).
import { KafkaTestClient } from "../support/kafka-client.ts";

export const CODEC_IDS = { none: 0, gzip: 1, snappy: 2, lz4: 3, zstd: 4 } as const;

interface FetchResponse {
  errorCode: number;
  responses: Array<{ partitions: Array<{ partitionIndex: number; errorCode: number; records: Uint8Array | null }> }>;
}

/** The set of codec ids of the batches at the start of the given partitions. */
export async function batchCodecs(port: number, topic: string, partitions: number): Promise<Set<number>> {
  const c = await KafkaTestClient.connect(port);
  try {
    const res = await c.request<FetchResponse>(1, 11, {
      replicaId: -1, maxWaitMs: 100, minBytes: 1, maxBytes: 8 << 20, isolationLevel: 0, sessionId: 0, sessionEpoch: -1,
      topics: [{ topic, topicId: "AAAAAAAAAAAAAAAAAAAAAA", partitions: Array.from({ length: partitions }, (_, p) => ({
        partition: p, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1 << 20,
      })) }],
      forgottenTopicsData: [], rackId: "",
    });
    if (res.errorCode !== 0) throw new Error(`Fetch error ${res.errorCode}`);
    const codecs = new Set<number>();
    for (const p of res.responses.flatMap((t) => t.partitions)) {
      if (p.errorCode !== 0) throw new Error(`Fetch ${topic}/${p.partitionIndex}: error ${p.errorCode}`);
      const buf = p.records ?? new Uint8Array(0);
      const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
      // Each iteration consumes a whole batch (>= 61 bytes), so this ends within buf.length / 61 steps.
      for (let pos = 0; pos + 23 <= buf.length;) {
        const batchLength = dv.getInt32(pos + 8);
        if (batchLength < 49 || pos + 12 + batchLength > buf.length) break; // a partial batch at the end
        codecs.add(dv.getInt16(pos + 21) & 7);
        pos += 12 + batchLength;
      }
    }
    return codecs;
  } finally {
    c.close();
  }
}
