// The verification keys of Kafka's secured OAUTHBEARER validator (VerificationKeyResolverFactory):
// a JWKS (RFC 7517) read from a file:// URL at start-up (JwksFileVerificationKeyResolver), or fetched
// from an http(s) URL at start-up and again every sasl.oauthbearer.jwks.endpoint.refresh.ms, with
// retries backing off from .retry.backoff.ms up to .retry.backoff.max.ms (RefreshingHttpsJwks); a
// token naming a key id that is not cached makes the next refresh come early (Kafka refreshes on a
// missing kid too, rate-limited). Keys are chosen as jose4j's JwksVerificationKeyResolver chooses them:
// by "kid" when the token names one, by key type matching the algorithm, skipping keys whose "use" is
// not "sig"; a token without "kid" is verified with the only matching key, if exactly one matches.

import { createPublicKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const MAX_KEYS = 1000;
const MAX_JWKS_BYTES = 1 << 20;
/** At most one early refresh for a missing key id per this long (Kafka's in-flight window is similar). */
const MISSING_KID_REFRESH_INTERVAL_MS = 10_000;
const MAX_FETCH_ATTEMPTS = 10;

export interface VerificationKey {
  readonly kid: string | null;
  /** "RSA" or "EC". */
  readonly kty: string;
  readonly alg: string | null;
  readonly key: KeyObject;
}

export class UnresolvableKeyError extends Error {
  override readonly name = "UnresolvableKeyError";
}

/** Parses a JWKS document; keys that are not RSA/EC public keys or not for signatures are skipped. */
export function parseJwks(text: string): VerificationKey[] {
  const doc = JSON.parse(text) as unknown;
  if (doc === null || typeof doc !== "object" || !Array.isArray((doc as { keys?: unknown }).keys)) throw new SyntaxError("A JWKS must be a JSON object with a \"keys\" array");
  const keys: VerificationKey[] = [];
  for (const jwk of (doc as { keys: unknown[] }).keys) {
    if (keys.length >= MAX_KEYS) break;
    if (jwk === null || typeof jwk !== "object") continue;
    const j = jwk as Record<string, unknown>;
    if (j.kty !== "RSA" && j.kty !== "EC") continue;
    if (j.use !== undefined && j.use !== "sig") continue;
    let key: KeyObject;
    try {
      // Only the public members: a JWKS that carries private parts still yields a public key.
      const pub = j.kty === "RSA" ? { kty: "RSA", n: j.n, e: j.e } : { kty: "EC", crv: j.crv, x: j.x, y: j.y };
      key = createPublicKey({ key: pub as never, format: "jwk" });
    } catch {
      continue;
    }
    keys.push({ kid: typeof j.kid === "string" ? j.kid : null, kty: j.kty, alg: typeof j.alg === "string" ? j.alg : null, key });
  }
  return keys;
}

/** The key type an algorithm needs ("RSA" for RS and PS, "EC" for ES). */
function ktyOf(alg: string): string | null {
  if (/^(RS|PS)(256|384|512)$/.test(alg)) return "RSA";
  if (/^ES(256|384|512)$/.test(alg)) return "EC";
  return null;
}

/** Picks the key for a JWS header among `keys`, as jose4j does. */
export function selectKey(keys: readonly VerificationKey[], kid: string | null, alg: string): VerificationKey {
  const kty = ktyOf(alg);
  const matches = keys.filter((k) => k.kty === kty && (k.alg === null || k.alg === alg) && (kid === null || k.kid === kid));
  if (matches.length === 1 || (kid !== null && matches.length > 0)) return matches[0]!;
  throw new UnresolvableKeyError(`Unable to find a suitable verification key for JWS w/ header {"alg":"${alg}"${kid !== null ? `,"kid":"${kid}"` : ""}} from JWKs of ${keys.length} key(s)`);
}

export interface VerificationKeyResolver {
  /** The key, or UnresolvableKeyError. Never blocks: a refresh it needs runs in the background. */
  resolveKey(kid: string | null, alg: string): VerificationKey;
  close(): void;
}

/** Kafka's JwksFileVerificationKeyResolver: the file is read once, at start-up. */
export class JwksFileVerificationKeyResolver implements VerificationKeyResolver {
  private readonly keys: readonly VerificationKey[];

  constructor(url: URL) {
    const text = readFileSync(fileURLToPath(url), "utf8");
    if (text.length > MAX_JWKS_BYTES) throw new RangeError(`JWKS file ${url.href} is larger than ${MAX_JWKS_BYTES} bytes`);
    this.keys = parseJwks(text);
  }

  resolveKey(kid: string | null, alg: string): VerificationKey {
    return selectKey(this.keys, kid, alg);
  }

  close(): void {}
}

export interface RefreshingJwksOptions {
  readonly refreshMs: number;
  readonly retryBackoffMs: number;
  readonly retryBackoffMaxMs: number;
  /** Injected in tests; default: global fetch. */
  readonly fetchText?: (url: string) => Promise<string>;
  readonly nowMs?: () => number;
  readonly log?: (message: string) => void;
}

/** GETs the JWKS; `trustedCertsPem`: the CAs an https endpoint's certificate must chain to (else the default CAs). */
export async function fetchJwksText(url: string, trustedCertsPem: readonly string[] | null = null): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000), ...(trustedCertsPem ? { tls: { ca: [...trustedCertsPem] } } : {}) });
  if (!res.ok) throw new Error(`JWKS endpoint answered HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > MAX_JWKS_BYTES) throw new RangeError(`JWKS answer is larger than ${MAX_JWKS_BYTES} bytes`);
  return text;
}

/** Kafka's RefreshingHttpsJwksVerificationKeyResolver over an http(s) JWKS endpoint. */
export class RefreshingHttpsJwksVerificationKeyResolver implements VerificationKeyResolver {
  private keys: readonly VerificationKey[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private refreshing: Promise<void> | null = null;
  private lastMissingKidRefreshMs = Number.NEGATIVE_INFINITY;
  private closed = false;
  private readonly url: string;
  private readonly o: RefreshingJwksOptions;
  private readonly fetchText: (url: string) => Promise<string>;
  private readonly nowMs: () => number;

  constructor(url: URL, options: RefreshingJwksOptions) {
    this.url = url.href;
    this.o = options;
    this.fetchText = options.fetchText ?? ((u) => fetchJwksText(u));
    this.nowMs = options.nowMs ?? Date.now;
  }

  /** The first fetch (with retries); refreshes follow on a timer. Resolves even when every attempt failed. */
  init(): Promise<void> {
    return this.refresh();
  }

  /** Fetches now (joining a fetch already under way), retrying with exponential backoff. */
  refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    this.refreshing = this.fetchWithRetries().finally(() => {
      this.refreshing = null;
      this.schedule();
    });
    return this.refreshing;
  }

  private async fetchWithRetries(): Promise<void> {
    let backoffMs = this.o.retryBackoffMs;
    for (let attempt = 1; attempt <= MAX_FETCH_ATTEMPTS && !this.closed; attempt++) {
      try {
        this.keys = parseJwks(await this.fetchText(this.url));
        return;
      } catch (e) {
        this.o.log?.(`JWKS fetch from ${this.url} failed (attempt ${attempt}): ${(e as Error).message}`);
        if (attempt === MAX_FETCH_ATTEMPTS) return;
        await new Promise((r) => setTimeout(r, backoffMs).unref?.());
        backoffMs = Math.min(this.o.retryBackoffMaxMs, Math.max(1, backoffMs * 2));
      }
    }
  }

  private schedule(): void {
    if (this.closed || this.o.refreshMs <= 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), this.o.refreshMs);
    // The broker does not stay up for this timer alone.
    (this.timer as { unref?: () => void }).unref?.();
  }

  resolveKey(kid: string | null, alg: string): VerificationKey {
    try {
      return selectKey(this.keys, kid, alg);
    } catch (e) {
      const now = this.nowMs();
      if (kid !== null && now - this.lastMissingKidRefreshMs >= MISSING_KID_REFRESH_INTERVAL_MS) {
        this.lastMissingKidRefreshMs = now;
        void this.refresh();
      }
      throw e;
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
