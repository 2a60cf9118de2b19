// ChunkReader: real captured Produce requests split at every byte position (two chunks), and in many
// three-chunk splits, decode to the same request as the contiguous frame; records that straddle come
// back as SlicedRecords sharing memory with the chunks (no copy). Also: truncated input fails as the
// contiguous Reader does, and every other captured request decodes the same through the chunk path.
import { describe, expect, test } from "bun:test";
import { decodeRequest, decodeRequestChunks, type DecodedRequest } from "../../../src/protocol/frame.ts";
import { isSlicedRecords, concatSliced, type Records } from "../../../src/protocol/primitives/records-ref.ts";
import { listCaptureSessions, readCapture } from "../../support/captures.ts";
import type { ProduceRequest } from "../../../src/protocol/generated/messages/produce-request.ts";

/** The decoded request with every sliced records value joined, for comparison. */
function normalized(d: DecodedRequest): unknown {
  return JSON.parse(
    JSON.stringify(d, (_k, v: unknown) => {
      if (typeof v === "bigint") return `${v}n`;
      if (v !== null && typeof v === "object" && isSlicedRecords(v as Records)) return { bytes: [...concatSliced(v as never)] };
      if (v instanceof Uint8Array) return { bytes: [...v] };
      return v;
    }),
  );
}

const requests = listCaptureSessions().flatMap(({ client, session }) =>
  readCapture(client, session)
    .filter((f) => f.dir === "req")
    .map((f) => ({ name: `${client}/${session}/${f.file}`, apiKey: f.apiKey, body: f.frame.subarray(4) })),
);
const produces = requests.filter((r) => r.apiKey === 0);

describe("captured Produce requests", () => {
  test("there are captured Produce requests of several clients and versions", () => {
    expect(new Set(produces.map((p) => p.name.split("/")[0])).size).toBeGreaterThanOrEqual(3);
  });

  test("split in two at every byte position: same request, straddling records are slices", () => {
    let sliced = 0;
    for (const p of produces) {
      const want = decodeRequest(p.body);
      expect(want.ok).toBe(true);
      const norm = normalized(want);
      for (let cut = 0; cut <= p.body.length; cut++) {
        const got = decodeRequestChunks([p.body.subarray(0, cut), p.body.subarray(cut)].filter((c) => c.length > 0));
        if (!got.ok) throw new Error(`${p.name} cut ${cut}: ${got.reason} ${got.error?.message}`);
        expect(normalized(got)).toEqual(norm);
        const body = got.body as ProduceRequest;
        for (const t of body.topicData) {
          for (const pd of t.partitionData) {
            if (isSlicedRecords(pd.records)) {
              sliced++;
              for (const s of pd.records.slices) expect(s.buffer).toBe(p.body.buffer);
            }
          }
        }
      }
    }
    expect(sliced).toBeGreaterThan(0);
  });

  test("split in three at position pairs: same request", () => {
    for (const p of produces.slice(0, 4)) {
      const norm = normalized(decodeRequest(p.body));
      const step = Math.max(1, Math.floor(p.body.length / 60));
      for (let x = 0; x <= p.body.length; x += step) {
        for (let y = x; y <= p.body.length; y += step) {
          const got = decodeRequestChunks([p.body.subarray(0, x), p.body.subarray(x, y), p.body.subarray(y)]);
          if (!got.ok) throw new Error(`${p.name} cuts ${x},${y}: ${got.reason}`);
          expect(normalized(got)).toEqual(norm);
        }
      }
    }
  });

  test("one byte per chunk: same request", () => {
    for (const p of produces) {
      const chunks = Array.from({ length: p.body.length }, (_, i) => p.body.subarray(i, i + 1));
      expect(normalized(decodeRequestChunks(chunks))).toEqual(normalized(decodeRequest(p.body)));
    }
  });

  test("a truncated request fails as the contiguous one does", () => {
    for (const p of produces) {
      for (const len of [3, 8, 20, p.body.length - 1]) {
        const short = p.body.subarray(0, len);
        const want = decodeRequest(short);
        const got = decodeRequestChunks([short.subarray(0, len >> 1), short.subarray(len >> 1)]);
        expect(got.ok).toBe(false);
        expect(got.ok ? "" : got.reason).toBe(want.ok ? "" : want.reason);
      }
    }
  });
});

test("every other captured request decodes the same through the chunk reader (cut in the middle and at 3)", () => {
  for (const r of requests) {
    const norm = normalized(decodeRequest(r.body));
    for (const cut of [3, r.body.length >> 1]) {
      expect(normalized(decodeRequestChunks([r.body.subarray(0, cut), r.body.subarray(cut)]))).toEqual(norm);
    }
  }
});
