// The console API's HTTP conventions: JSON answers (bigint offsets as decimal strings, so no offset
// above 2^53 is rounded), typed errors carried as { error } with an HTTP status, and the CSRF rule for
// actions: a POST must carry the `X-Strand-Console: 1` header. A browser sends a custom header only
// from a script of the same origin (a cross-site form or <img> cannot set it, and a cross-site fetch
// with it needs a CORS preflight this server never grants), so a page elsewhere cannot make the
// operator's browser create or delete topics. Bodies are bounded before they are parsed.

export const CSRF_HEADER = "x-strand-console";
/** Largest action body accepted (a topic creation with its configs is well under 1 KiB). */
export const MAX_ACTION_BODY_BYTES = 64 * 1024;

export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ConsoleError";
  }
}

/** JSON with bigint as strings; headers that keep the answer out of caches and un-sniffed. */
export function json(body: unknown, status = 200): Response {
  const text = JSON.stringify(body, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
  return new Response(text, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });
}

export function errorResponse(e: unknown): Response {
  if (e instanceof ConsoleError) return json({ error: e.message }, e.status);
  return json({ error: `internal error: ${e instanceof Error ? e.message : String(e)}` }, 500);
}

/** Refuses a POST without the console's header (403), or with a body over MAX_ACTION_BODY_BYTES (413). */
export async function actionBody(req: Request): Promise<Record<string, unknown>> {
  if (req.headers.get(CSRF_HEADER) !== "1") throw new ConsoleError(403, `a console action needs the header ${CSRF_HEADER}: 1 (sent by the console's own page)`);
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_ACTION_BODY_BYTES) throw new ConsoleError(413, `body of ${declared} bytes is over the ${MAX_ACTION_BODY_BYTES}-byte limit`);
  const text = await req.text();
  if (text.length > MAX_ACTION_BODY_BYTES) throw new ConsoleError(413, `body of ${text.length} bytes is over the ${MAX_ACTION_BODY_BYTES}-byte limit`);
  if (text === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConsoleError(400, "the body is not JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new ConsoleError(400, "the body must be a JSON object");
  return parsed as Record<string, unknown>;
}

/** An integer query or body field within [min, max]; `fallback` when absent. */
export function intParam(raw: unknown, name: string, fallback: number, min: number, max: number): number {
  if (raw === null || raw === undefined || raw === "") return fallback;
  const n = typeof raw === "number" ? raw : Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConsoleError(400, `${name}=${String(raw)} is not an integer in [${min}, ${max}]`);
  return n;
}

/** A non-negative int64 given as a decimal string or number. */
export function offsetParam(raw: unknown, name: string): bigint {
  const s = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,19}$/.test(s)) throw new ConsoleError(400, `${name}=${String(raw)} is not a non-negative integer`);
  const v = BigInt(s);
  if (v > 0x7fffffffffffffffn) throw new ConsoleError(400, `${name}=${s} is over the int64 maximum`);
  return v;
}

export function stringParam(raw: unknown, name: string): string {
  if (typeof raw !== "string" || raw === "") throw new ConsoleError(400, `${name} is required`);
  if (raw.length > 1024) throw new ConsoleError(400, `${name} is longer than 1024 characters`);
  return raw;
}
