// The broker's own SASL logins (Kafka's SaslClientAuthenticator with PlainSaslClient / ScramSaslClient)
// for its clients to a SASL_PLAINTEXT listener of another node: replica fetchers to the inter-broker
// listener (sasl.mechanism.inter.broker.protocol) and the controller channel to the controller listener
// (sasl.mechanism.controller.protocol). As in Kafka, the credentials are the username and password
// options of that listener's JAAS entry for the mechanism (listener.name.<l>.<mech>.sasl.jaas.config).

import type { BrokerConfig } from "../../config/broker-config.ts";
import { ConfigError } from "../../config/def.ts";
import type { SaslClientSession } from "../../network/network-client.ts";
import { clientKey, hash, hmac, saltedPassword, scramMechanismByName, secureRandomString, serverKey, xor, type ScramMechanism } from "../../metadata/scram-mechanism.ts";
import { saslNameOf, toBase64 } from "./scram-messages.ts";
import { timingSafeEqual } from "node:crypto";

const enc = new TextEncoder();
const dec = new TextDecoder();

export class PlainSaslClient implements SaslClientSession {
  readonly mechanism = "PLAIN";
  private sent = false;
  private done = false;
  constructor(private readonly username: string, private readonly password: string) {}
  evaluate(challenge: Uint8Array | null): Uint8Array | null {
    if (!this.sent) {
      this.sent = true;
      return enc.encode(`\u0000${this.username}\u0000${this.password}`);
    }
    void challenge;
    this.done = true;
    return null;
  }
  isComplete(): boolean {
    return this.done;
  }
}

/** RFC 5802 client side, as Kafka's ScramSaslClient (no channel binding: "n,,"). */
export class ScramSaslClient implements SaslClientSession {
  readonly mechanism: string;
  private state: "first" | "final" | "verify" | "done" = "first";
  private readonly nonce: string;
  private bare = "";
  private authMessage = "";
  private salted: Uint8Array = new Uint8Array(0);
  constructor(private readonly m: ScramMechanism, private readonly username: string, private readonly password: string, nonce: string = secureRandomString()) {
    this.mechanism = m.mechanismName;
    this.nonce = nonce;
  }
  evaluate(challenge: Uint8Array | null): Uint8Array | null {
    if (this.state === "first") {
      this.bare = `n=${saslNameOf(this.username)},r=${this.nonce}`;
      this.state = "final";
      return enc.encode(`n,,${this.bare}`);
    }
    if (this.state === "final") {
      const serverFirst = dec.decode(challenge ?? new Uint8Array(0));
      const m = /^(?:m=[^,]+,)?r=([^,]+),s=([A-Za-z0-9+/=]+),i=(\d+)(?:,.*)?$/.exec(serverFirst);
      if (!m) throw new Error("Invalid SCRAM server first message format");
      const [, nonce, salt, iterationsText] = m as unknown as [string, string, string, string];
      const iterations = Number(iterationsText);
      if (!nonce.startsWith(this.nonce)) throw new Error("Invalid server nonce: does not start with client nonce");
      if (iterations < this.m.minIterations) throw new Error(`Requested iterations ${iterations} is less than the minimum ${this.m.minIterations} for ${this.m.mechanismName}`);
      this.salted = saltedPassword(this.m, this.password, new Uint8Array(Buffer.from(salt, "base64")), iterations);
      const withoutProof = `c=biws,r=${nonce}`;
      this.authMessage = `${this.bare},${serverFirst},${withoutProof}`;
      const ck = clientKey(this.m, this.salted);
      const proof = xor(ck, hmac(this.m, hash(this.m, ck), this.authMessage));
      this.state = "verify";
      return enc.encode(`${withoutProof},p=${toBase64(proof)}`);
    }
    if (this.state === "verify") {
      const serverFinal = dec.decode(challenge ?? new Uint8Array(0));
      if (serverFinal.startsWith("e=")) throw new Error(`Sasl authentication using ${this.mechanism} failed with error: ${serverFinal.slice(2)}`);
      const m = /^v=([A-Za-z0-9+/=]+)/.exec(serverFinal);
      if (!m) throw new Error("Invalid SCRAM server final message format");
      const expected = hmac(this.m, serverKey(this.m, this.salted), this.authMessage);
      const got = new Uint8Array(Buffer.from(m[1]!, "base64"));
      if (got.length !== expected.length || !timingSafeEqual(got, expected)) throw new Error("Invalid server signature in server final message");
      this.state = "done";
      return null;
    }
    throw new Error("SCRAM exchange already complete");
  }
  isComplete(): boolean {
    return this.state === "done";
  }
}

/**
 * The session factory for the broker's clients to `listenerName` when it is a SASL listener, else
 * undefined. `mechanismKey` names the config giving the mechanism (sasl.mechanism.inter.broker.protocol
 * or sasl.mechanism.controller.protocol). Refuses (ConfigError) a mechanism the listener does not enable
 * or a JAAS entry without username and password, as Kafka fails to start.
 */
export function brokerSaslClient(config: BrokerConfig, listenerName: string, mechanismKey: "sasl.mechanism.inter.broker.protocol" | "sasl.mechanism.controller.protocol"): (() => SaslClientSession) | undefined {
  const sasl = config.sasl.get(listenerName);
  if (!sasl) return undefined;
  const mechanism = config.string(mechanismKey);
  const entries = sasl.jaas.get(mechanism);
  if (!entries) throw new ConfigError(mechanismKey, mechanism, `a mechanism enabled on listener ${listenerName} (${sasl.enabledMechanisms.join(", ")})`);
  const options = entries[0]!.options;
  const username = options.get("username");
  const password = options.get("password");
  const key = `listener.name.${listenerName.toLowerCase()}.${mechanism.toLowerCase()}.sasl.jaas.config`;
  if (username === undefined || password === undefined) throw new ConfigError(key, "[hidden]", `username and password options: the broker logs in to listener ${listenerName} with them`);
  if (mechanism === "PLAIN") return () => new PlainSaslClient(username, password);
  const m = scramMechanismByName(mechanism)!;
  return () => new ScramSaslClient(m, username, password);
}
