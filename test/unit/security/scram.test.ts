// SCRAM as Kafka's ScramSaslServer: the RFC 7677 SCRAM-SHA-256 exchange byte for byte, SHA-512 round
// trips, and the failures (wrong password, unknown user, bad client-final, authzid, low iterations).
import { describe, expect, test } from "bun:test";
import { credentialFromPassword, SCRAM_SHA_256, SCRAM_SHA_512, type ScramCredential, type ScramMechanism } from "../../../src/metadata/scram-mechanism.ts";
import { ScramSaslServer } from "../../../src/server/security/scram-sasl-server.ts";
import { SaslAuthenticationError, SaslCredentialError } from "../../../src/server/security/sasl-errors.ts";
import { TestScramClient } from "../../support/scram-client.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

describe("RFC 7677 test vector (SCRAM-SHA-256)", () => {
  test("server-first and server-final are the RFC's", () => {
    const salt = new Uint8Array(Buffer.from("W22ZaJ0SNY7soEsUEjb6gQ==", "base64"));
    const cred = credentialFromPassword(SCRAM_SHA_256, "pencil", salt, 4096);
    const server = new ScramSaslServer(SCRAM_SHA_256, (_m, u) => (u === "user" ? cred : undefined), () => "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0");
    const sf = server.evaluateResponse(enc.encode("n,,n=user,r=rOprNGfwEbeRWgbNEkqO"));
    expect(dec.decode(sf)).toBe("r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096");
    const fin = server.evaluateResponse(enc.encode("c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ="));
    expect(dec.decode(fin)).toBe("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=");
    expect(server.isComplete()).toBe(true);
    expect(server.authorizationId()).toBe("user");
  });
});

function setup(m: ScramMechanism, iterations = 4096): { server: ScramSaslServer; cred: ScramCredential } {
  const cred = credentialFromPassword(m, "alice-secret", enc.encode("somesalt"), iterations);
  const server = new ScramSaslServer(m, (mech, u) => (u === "alice" && mech === m ? cred : undefined));
  return { server, cred };
}

for (const m of [SCRAM_SHA_256, SCRAM_SHA_512]) {
  describe(m.mechanismName, () => {
    test("a client with the right password authenticates; the server signature is the client's", () => {
      const { server } = setup(m, 8192);
      const c = new TestScramClient(m, "alice", "alice-secret", "fyko+d2lbbFgONRv9qkxdawL");
      const sf = server.evaluateResponse(c.first());
      expect(dec.decode(sf)).toMatch(/^r=fyko\+d2lbbFgONRv9qkxdawL[0-9a-z]+,s=c29tZXNhbHQ=,i=8192$/);
      const fin = server.evaluateResponse(c.final(sf));
      expect(dec.decode(fin)).toBe(c.expectedServerFinal());
      expect(server.authorizationId()).toBe("alice");
    });

    test("wrong password: SaslCredentialError (Kafka's generic failure)", () => {
      const { server } = setup(m);
      const c = new TestScramClient(m, "alice", "wrong", "nonce1");
      const sf = server.evaluateResponse(c.first());
      expect(() => server.evaluateResponse(c.final(sf))).toThrow(SaslCredentialError);
      expect(server.isComplete()).toBe(false);
    });

    test("unknown user fails at client-first, as a wrong password does", () => {
      const { server } = setup(m);
      expect(() => server.evaluateResponse(new TestScramClient(m, "mallory", "x", "n").first())).toThrow(SaslCredentialError);
    });

    test("bad client-final (malformed, wrong nonce, flipped proof) fails", () => {
      for (const bad of ["garbage", "nonce", "proof"] as const) {
        const { server } = setup(m);
        const c = new TestScramClient(m, "alice", "alice-secret", "abc");
        const sf = server.evaluateResponse(c.first());
        const msg = bad === "garbage" ? enc.encode("c=biws,p=") : bad === "nonce" ? c.final(sf, { nonceOverride: "abcOTHER" }) : c.final(sf, { badProof: true });
        expect(() => server.evaluateResponse(msg)).toThrow(SaslCredentialError);
      }
    });

    test("an authorization id other than the user: Kafka's SaslAuthenticationException message", () => {
      const { server } = setup(m);
      expect(() => server.evaluateResponse(new TestScramClient(m, "alice", "alice-secret", "n", "bob").first())).toThrow(
        new SaslAuthenticationError("Authentication failed: Client requested an authorization id that is different from username"),
      );
    });

    test("the authorization id may name the user itself", () => {
      const { server } = setup(m);
      const c = new TestScramClient(m, "alice", "alice-secret", "n", "alice");
      server.evaluateResponse(c.final(server.evaluateResponse(c.first())));
      expect(server.isComplete()).toBe(true);
    });

    test("a credential below the mechanism's minimum iterations is refused", () => {
      const { server } = setup(m, 1000);
      expect(() => server.evaluateResponse(new TestScramClient(m, "alice", "alice-secret", "n").first())).toThrow(SaslCredentialError);
    });

    test("the delegation-token extension is refused (tokens are not served)", () => {
      const { server } = setup(m);
      expect(() => server.evaluateResponse(enc.encode("n,,n=alice,r=abc,tokenauth=true"))).toThrow(SaslCredentialError);
    });
  });
}
