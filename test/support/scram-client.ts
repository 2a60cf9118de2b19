// A SCRAM client for tests (RFC 5802 client side, as Kafka's ScramSaslClient): client-first, then the
// client-final with the proof for the server-first, then the server signature checked.

import { clientKey, hash, hmac, saltedPassword, serverKey, xor, type ScramMechanism } from "../../src/metadata/scram-mechanism.ts";
import { toBase64 } from "../../src/server/security/scram-messages.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

export class TestScramClient {
  private bare = "";
  private serverFirst = "";
  private salted: Uint8Array = new Uint8Array(0);
  private authMessage = "";

  constructor(
    private readonly m: ScramMechanism,
    private readonly user: string,
    private readonly password: string,
    private readonly clientNonce: string,
    private readonly authzid = "",
    /** SCRAM extensions after the nonce, e.g. "tokenauth=true" (Kafka's delegation token login). */
    private readonly extensions = "",
  ) {}

  first(): Uint8Array {
    this.bare = `n=${this.user},r=${this.clientNonce}${this.extensions ? `,${this.extensions}` : ""}`;
    return enc.encode(`n,${this.authzid ? `a=${this.authzid}` : ""},${this.bare}`);
  }

  final(serverFirstBytes: Uint8Array, opts: { badProof?: boolean; nonceOverride?: string } = {}): Uint8Array {
    this.serverFirst = dec.decode(serverFirstBytes);
    const f = Object.fromEntries(this.serverFirst.split(",").map((kv) => [kv[0], kv.slice(2)]));
    const nonce = opts.nonceOverride ?? f.r!;
    this.salted = saltedPassword(this.m, this.password, new Uint8Array(Buffer.from(f.s!, "base64")), Number(f.i));
    const withoutProof = `c=biws,r=${nonce}`;
    this.authMessage = `${this.bare},${this.serverFirst},${withoutProof}`;
    const ck = clientKey(this.m, this.salted);
    const proof = xor(ck, hmac(this.m, hash(this.m, ck), this.authMessage));
    if (opts.badProof) proof[0] = proof[0]! ^ 1;
    return enc.encode(`${withoutProof},p=${toBase64(proof)}`);
  }

  /** The server-final message this client expects. */
  expectedServerFinal(): string {
    return `v=${toBase64(hmac(this.m, serverKey(this.m, this.salted), this.authMessage))}`;
  }
}
