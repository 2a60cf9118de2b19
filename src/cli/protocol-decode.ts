// `strand protocol decode`: read one size-prefixed Kafka frame on stdin and print it as JSON.
// For people debugging wire captures. A response frame does not say which API it answers, so
// --api and --version are required with --response.

import { API_BY_KEY } from "../protocol/generated/api-table.ts";
import { decodeRequest, decodeResponse } from "../protocol/frame.ts";
import { toJson } from "./json.ts";

export class CliError extends Error {
  readonly key: string;
  readonly value: string;
  constructor(key: string, value: string, allowed: string) {
    super(`invalid ${key} "${value}": ${allowed}`);
    this.name = "CliError";
    this.key = key;
    this.value = value;
  }
}

/** Split stdin into its first frame's body, checking the size prefix. */
export function frameBody(input: Uint8Array): Uint8Array {
  if (input.length < 4) throw new CliError("input", `${input.length} bytes`, "a frame starts with a 4-byte size");
  const size = new DataView(input.buffer, input.byteOffset, input.byteLength).getInt32(0);
  if (size < 0 || size > input.length - 4) {
    throw new CliError("frame size", String(size), `must be between 0 and the ${input.length - 4} bytes that follow it`);
  }
  return input.subarray(4, 4 + size);
}

function parseIntArg(key: string, value: string | undefined, lo: number, hi: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < lo || n > hi) throw new CliError(key, value, `an integer from ${lo} to ${hi}`);
  return n;
}

export function decodeFrameToJson(input: Uint8Array, opts: { response: boolean; api?: string; version?: string }): string {
  const body = frameBody(input);
  const api = parseIntArg("--api", opts.api, 0, 32767);
  const version = parseIntArg("--version", opts.version, 0, 32767);
  if (opts.response) {
    if (api === undefined || version === undefined) throw new CliError("--api/--version", "missing", "both are required with --response");
    const info = API_BY_KEY.get(api);
    if (!info) throw new CliError("--api", String(api), `a known API key (see 'strand protocol apis')`);
    if (version < info.minVersion || version > info.maxVersion) {
      throw new CliError("--version", String(version), `${info.name} has versions ${info.minVersion} to ${info.maxVersion}`);
    }
    const d = decodeResponse(body, api, version);
    if (!d.ok) throw new Error(`cannot decode ${info.name} v${version} response: ${d.error?.message ?? "unknown"}`);
    return toJson({ api: info.name, apiKey: api, apiVersion: version, correlationId: d.correlationId, body: d.body });
  }
  const d = decodeRequest(body);
  if (!d.ok) {
    const h = d.header;
    const what = h ? `${API_BY_KEY.get(h.requestApiKey)?.name ?? `api ${h.requestApiKey}`} v${h.requestApiVersion}` : "request";
    throw new Error(`cannot decode ${what}: ${d.reason}${d.error ? ` (${d.error.message})` : ""}`);
  }
  if (api !== undefined && api !== d.header.requestApiKey) throw new CliError("--api", String(api), `the frame's header says ${d.header.requestApiKey}`);
  if (version !== undefined && version !== d.header.requestApiVersion) {
    throw new CliError("--version", String(version), `the frame's header says ${d.header.requestApiVersion}`);
  }
  return toJson({ api: API_BY_KEY.get(d.header.requestApiKey)!.name, header: d.header, body: d.body });
}

export function apisTable(): string {
  const rows = [["KEY", "NAME", "VERSIONS", "FLEXIBLE FROM", "LISTENERS"]];
  for (const [, a] of API_BY_KEY) {
    rows.push([
      String(a.key),
      a.name,
      a.minVersion < 0 ? "removed" : `${a.minVersion}-${a.maxVersion}${a.latestVersionUnstable ? " (latest unstable)" : ""}`,
      a.flexibleMinVersion < 0 ? "-" : String(a.flexibleMinVersion),
      a.listeners.join(","),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd()).join("\n");
}
