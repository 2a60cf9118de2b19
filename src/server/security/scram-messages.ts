// The SCRAM messages (RFC 5802 section 7) with Kafka's grammar (ScramMessages): the same character
// classes, so a message Kafka refuses is refused here. Only US-ASCII is accepted, as Kafka's patterns.

import { SaslCredentialError } from "./sasl-errors.ts";

// Java's [\x01-\x7F&&[^=,]] and friends, spelled without class intersection.
const VALUE_SAFE = "[\\x01-\\x2B\\x2D-\\x3C\\x3E-\\x7F]+";
const VALUE = "[\\x01-\\x2B\\x2D-\\x7F]+";
const PRINTABLE = "[\\x21-\\x2B\\x2D-\\x7E]+";
const SASLNAME = "(?:[\\x01-\\x2B\\x2D-\\x3C\\x3E-\\x7F]|=2C|=3D)+";
const B64C = "[a-zA-Z0-9/+]";
const BASE64 = `(?:${B64C}{4})*(?:${B64C}{3}=|${B64C}{2}==)?`;
const RESERVED = `(?:m=${VALUE},)?`;
const EXTENSIONS = `(?:,[A-Za-z]+=${VALUE})*`;

const CLIENT_FIRST = new RegExp(`^n,(?:a=(${SASLNAME}))?,${RESERVED}(n=(${SASLNAME}),r=(${PRINTABLE})(${EXTENSIONS}))$`);
const CLIENT_FINAL = new RegExp(`^c=(${BASE64}),r=(${PRINTABLE})${EXTENSIONS},p=(${BASE64})$`);
void VALUE_SAFE;

const decoder = new TextDecoder();

export interface ClientFirstMessage {
  /** "" when the gs2 header names no authorization id. */
  readonly authorizationId: string;
  readonly saslName: string;
  readonly nonce: string;
  /** The message without the gs2 header: the first part of the AuthMessage. */
  readonly bare: string;
  readonly extensions: ReadonlyMap<string, string>;
}

export interface ClientFinalMessage {
  readonly channelBinding: Uint8Array;
  readonly nonce: string;
  readonly proof: Uint8Array;
  /** "c=...,r=..." as Kafka rebuilds it for the AuthMessage. */
  readonly withoutProof: string;
}

function b64(s: string): Uint8Array {
  return new Uint8Array(Buffer.from(s, "base64"));
}

export function toBase64(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64");
}

export function parseClientFirst(bytes: Uint8Array): ClientFirstMessage {
  const m = CLIENT_FIRST.exec(decoder.decode(bytes));
  // Kafka puts the message in the SaslException; it never reaches the client (generic failure message).
  if (!m) throw new SaslCredentialError("Invalid SCRAM client first message format");
  const extensions = new Map<string, string>();
  const ext = m[5]!;
  if (ext !== "") {
    for (const kv of ext.slice(1).split(",")) {
      const i = kv.indexOf("=");
      extensions.set(kv.slice(0, i), kv.slice(i + 1));
    }
  }
  return { authorizationId: m[1] ?? "", bare: m[2]!, saslName: m[3]!, nonce: m[4]!, extensions };
}

export function parseClientFinal(bytes: Uint8Array): ClientFinalMessage {
  const m = CLIENT_FINAL.exec(decoder.decode(bytes));
  if (!m) throw new SaslCredentialError("Invalid SCRAM client final message format");
  const channelBinding = b64(m[1]!);
  const nonce = m[2]!;
  return { channelBinding, nonce, proof: b64(m[3]!), withoutProof: `c=${toBase64(channelBinding)},r=${nonce}` };
}

export function serverFirstMessage(nonce: string, salt: Uint8Array, iterations: number): string {
  return `r=${nonce},s=${toBase64(salt)},i=${iterations}`;
}

/**
 * Kafka's ScramFormatter.username: "=2C" is ",", "=3D" is "=", any other "=" is invalid (Kafka then
 * fails with "Credentials could not be obtained", a generic failure for the client).
 */
export function usernameOf(saslName: string): string {
  const u = saslName.replaceAll("=2C", ",");
  if (u.replaceAll("=3D", "").includes("=")) throw new SaslCredentialError("Authentication failed: Credentials could not be obtained");
  return u.replaceAll("=3D", "=");
}

/** The inverse, for clients (Strand's own inter-broker client). */
export function saslNameOf(username: string): string {
  return username.replaceAll("=", "=3D").replaceAll(",", "=2C");
}
