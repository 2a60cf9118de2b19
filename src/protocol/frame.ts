// Frames and headers: how a request or response sits on the wire.
//
//   frame    = int32 size, then `size` bytes
//   request  = RequestHeader (v1 classic, v2 flexible) + body
//   response = ResponseHeader (v0 classic, v1 flexible; ApiVersions always v0) + body
//
// Header versions follow Kafka's ApiKeys.requestHeaderVersion / responseHeaderVersion: they depend on
// whether the API version is flexible. ApiVersions responses always use header v0 so that a client that
// sent a version the broker does not know can still read the error (KIP-511).

import { API_BY_KEY } from "./generated/api-table.ts";
import { API_CODECS } from "./generated/apis.ts";
import { readRequestHeader, writeRequestHeader, type RequestHeader } from "./generated/messages/request-header.ts";
import { readResponseHeader, writeResponseHeader } from "./generated/messages/response-header.ts";
import { ChunkReader } from "./primitives/chunk-reader.ts";
import { Reader, type ReadError } from "./primitives/reader.ts";
import { encodeFramed as frameOf } from "./primitives/writer.ts";

export const API_VERSIONS_KEY = 18;

export function isFlexibleRequest(apiKey: number, version: number): boolean {
  const api = API_BY_KEY.get(apiKey);
  return api !== undefined && api.flexibleMinVersion >= 0 && version >= api.flexibleMinVersion;
}

export function isFlexibleResponse(apiKey: number, version: number): boolean {
  const api = API_BY_KEY.get(apiKey);
  return api !== undefined && api.responseFlexibleMinVersion >= 0 && version >= api.responseFlexibleMinVersion;
}

export function requestHeaderVersion(apiKey: number, version: number): number {
  return isFlexibleRequest(apiKey, version) ? 2 : 1;
}

export function responseHeaderVersion(apiKey: number, version: number): number {
  if (apiKey === API_VERSIONS_KEY) return 0;
  return isFlexibleResponse(apiKey, version) ? 1 : 0;
}

/** The first 8 bytes of every request header, readable before the version is known. */
export interface HeaderPrefix {
  apiKey: number;
  apiVersion: number;
  correlationId: number;
}

/** Peek at api key, version and correlation id (the part of the header common to every version). */
export function peekHeader(body: Uint8Array): HeaderPrefix | null {
  if (body.length < 8) return null;
  const dv = new DataView(body.buffer, body.byteOffset, body.byteLength);
  return { apiKey: dv.getInt16(0), apiVersion: dv.getInt16(2), correlationId: dv.getInt32(4) };
}

export type DecodedRequest =
  | { ok: true; header: RequestHeader; body: unknown; bodyStart: number }
  | { ok: false; header: RequestHeader | null; reason: "unknown-api" | "unsupported-version" | "malformed"; error?: ReadError };

/**
 * Decode a request frame's contents (without the 4-byte size). The body is decoded with the generated
 * codec for its (apiKey, version); an unknown key or a version outside the JSON's range is reported,
 * not thrown, so the caller can answer as Kafka does.
 */
export function decodeRequest(frame: Uint8Array): DecodedRequest {
  const prefix = peekHeader(frame);
  if (!prefix) return { ok: false, header: null, reason: "malformed" };
  return decodeWith(prefix, new Reader(frame));
}

/**
 * decodeRequest for a frame held as several buffers (socket chunks), read in place: fields straddling a
 * boundary are copied (they are small), `records` fields come back as subarrays or SlicedRecords.
 */
export function decodeRequestChunks(chunks: readonly Uint8Array[]): DecodedRequest {
  const r = new ChunkReader(chunks);
  if (r.remaining < 8) return { ok: false, header: null, reason: "malformed" };
  const prefix = peekHeader(r.bytesAt(0, 8))!;
  return decodeWith(prefix, r);
}

function decodeWith(prefix: HeaderPrefix, r: Reader): DecodedRequest {
  const api = API_BY_KEY.get(prefix.apiKey);
  const codec = API_CODECS.get(prefix.apiKey);
  const header = readRequestHeader(r, requestHeaderVersion(prefix.apiKey, prefix.apiVersion));
  if (r.error) return { ok: false, header: null, reason: "malformed", error: r.error };
  if (!api || !codec) return { ok: false, header, reason: "unknown-api" };
  if (prefix.apiVersion < api.minVersion || prefix.apiVersion > api.maxVersion) {
    return { ok: false, header, reason: "unsupported-version" };
  }
  const bodyStart = r.pos;
  const body = codec.readRequest(r, prefix.apiVersion);
  if (r.error) return { ok: false, header, reason: "malformed", error: r.error };
  return { ok: true, header, body, bodyStart };
}

/** Encode a whole request frame (size prefix included). */
export function encodeRequest(header: RequestHeader, body: unknown): Uint8Array {
  const codec = API_CODECS.get(header.requestApiKey);
  if (!codec) throw new RangeError(`unknown api key ${header.requestApiKey}`);
  const hv = requestHeaderVersion(header.requestApiKey, header.requestApiVersion);
  return frameOf((s) => {
    writeRequestHeader(s, header, hv);
    codec.writeRequest(s, body, header.requestApiVersion);
  });
}

/** Encode a whole response frame (size prefix included). */
export function encodeResponse(apiKey: number, version: number, correlationId: number, body: unknown): Uint8Array {
  const codec = API_CODECS.get(apiKey);
  if (!codec) throw new RangeError(`unknown api key ${apiKey}`);
  const hv = responseHeaderVersion(apiKey, version);
  return frameOf((s) => {
    writeResponseHeader(s, { correlationId }, hv);
    codec.writeResponse(s, body, version);
  });
}

/** Decode a response frame's contents (without the size), given the request's key and version. */
export function decodeResponse(
  frame: Uint8Array,
  apiKey: number,
  version: number,
): { ok: true; correlationId: number; body: unknown } | { ok: false; error: ReadError | null } {
  const codec = API_CODECS.get(apiKey);
  if (!codec) return { ok: false, error: null };
  const r = new Reader(frame);
  const h = readResponseHeader(r, responseHeaderVersion(apiKey, version));
  const body = codec.readResponse(r, version);
  if (r.error) return { ok: false, error: r.error };
  return { ok: true, correlationId: h.correlationId, body };
}
