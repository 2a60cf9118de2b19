// Codec registry by Kafka's compression id (the low 3 bits of a batch's attributes).
//
//   codecForId(id) -> CompressionCodec | null   (null for 0 = none; throws RangeError for 5..7)
//   CODECS_BY_ID                                 [none, gzip, snappy, lz4, zstd]
//   compressionName(id)
import type { CompressionCodec } from "./codec.ts";
import { lz4Codec } from "./lz4.ts";
import { snappyCodec } from "./snappy.ts";
import { gzipCodec, zstdCodec } from "./zlib-codecs.ts";

export type { CompressionCodec } from "./codec.ts";

export const CODECS_BY_ID: readonly (CompressionCodec | null)[] = [null, gzipCodec, snappyCodec, lz4Codec, zstdCodec];

const NAMES = ["none", "gzip", "snappy", "lz4", "zstd"] as const;

export function compressionName(id: number): string {
  return NAMES[id] ?? `unknown(${id})`;
}

export function codecForId(id: number): CompressionCodec | null {
  if (!Number.isInteger(id) || id < 0 || id >= CODECS_BY_ID.length) {
    throw new RangeError(`unknown compression id ${id} (Kafka knows 0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd)`);
  }
  return CODECS_BY_ID[id]!;
}
