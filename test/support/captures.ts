// Reads the committed wire captures of real clients (test/fixtures/captures/, format in its README).
//
//   const frames = readCapture("kcat", "produce-gzip");
//   const req = frames.find((f) => f.dir === "req" && f.apiName === "Produce")!;
//   decode(req.frame)   // exact bytes, 4-byte size prefix included
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const CAPTURES_DIR = resolve(import.meta.dir, "..", "fixtures", "captures");

export interface CapturedFrame {
  seq: number;
  file: string;
  conn: number;
  dir: "req" | "res";
  apiKey: number;
  apiName: string;
  apiVersion: number;
  correlationId: number;
  clientId?: string | null;
  bytes: number;
  /** The frame as it crossed the wire, size prefix included. */
  frame: Uint8Array;
}

export class CaptureFixtureError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`capture fixture ${path}: ${problem}`);
    this.name = "CaptureFixtureError";
  }
}

/** Every `<client>/<session>` folder that holds an index.jsonl. */
export function listCaptureSessions(): { client: string; session: string }[] {
  const out: { client: string; session: string }[] = [];
  for (const client of readdirSync(CAPTURES_DIR).sort()) {
    const clientDir = join(CAPTURES_DIR, client);
    if (!statSync(clientDir).isDirectory()) continue;
    for (const session of readdirSync(clientDir).sort()) {
      if (existsSync(join(clientDir, session, "index.jsonl"))) out.push({ client, session });
    }
  }
  return out;
}

/** The frames of one session in capture order; checks each file against its index line. */
export function readCapture(client: string, session: string): CapturedFrame[] {
  const dir = join(CAPTURES_DIR, client, session);
  const indexPath = join(dir, "index.jsonl");
  if (!existsSync(indexPath)) throw new CaptureFixtureError(indexPath, "missing");
  const lines = readFileSync(indexPath, "utf8").split("\n").filter((l) => l.trim() !== "");
  return lines.map((line) => {
    const entry = JSON.parse(line) as Omit<CapturedFrame, "frame">;
    const path = join(dir, entry.file);
    const frame = new Uint8Array(readFileSync(path));
    if (frame.length !== entry.bytes) throw new CaptureFixtureError(path, `${frame.length} bytes, index says ${entry.bytes}`);
    const size = new DataView(frame.buffer, frame.byteOffset, frame.length).getInt32(0);
    if (size !== frame.length - 4) throw new CaptureFixtureError(path, `size prefix ${size} != ${frame.length - 4}`);
    return { ...entry, frame };
  });
}
