// An X.500 distinguished name in RFC 2253 form exactly as Java's X500Principal.getName() prints it,
// which is the string Kafka's DefaultKafkaPrincipalBuilder hands to ssl.principal.mapping.rules (so a
// rule written for Kafka matches the same names here). Java's rules, from its AVA.toRFC2253String:
// RDNs last-first, joined by ","; the AVAs of a multi-valued RDN in encoded order, joined by "+";
// keywords only for CN C L ST O OU STREET DC UID, every other type as its dotted OID with the value as
// "#" and the hex of its DER encoding (emailAddress prints as 1.2.840.113549.1.9.1=#16...); in string
// values each of , = + < > # ; " \ is escaped with a backslash, NUL as \00, and leading and trailing
// spaces are escaped too.

import { children, expectTag, oidString, parseDer, TAG_SEQUENCE, TAG_SET, type DerNode } from "./der.ts";

const RFC2253_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ["2.5.4.3", "CN"],
  ["2.5.4.6", "C"],
  ["2.5.4.7", "L"],
  ["2.5.4.8", "ST"],
  ["2.5.4.10", "O"],
  ["2.5.4.11", "OU"],
  ["2.5.4.9", "STREET"],
  ["0.9.2342.19200300.100.1.25", "DC"],
  ["0.9.2342.19200300.100.1.1", "UID"],
]);

const ESCAPED = ',=+<>#;"\\';

/** Tags Java prints as strings (UTF8String, PrintableString, T61String, IA5String, GeneralString, BMPString). */
function decodeString(v: DerNode): string | null {
  switch (v.tag) {
    case 12:
      return new TextDecoder("utf-8").decode(v.value);
    case 19:
    case 20:
    case 22:
    case 27:
      return String.fromCharCode(...v.value);
    case 30: {
      let s = "";
      for (let i = 0; i + 1 < v.value.length; i += 2) s += String.fromCharCode((v.value[i]! << 8) | v.value[i + 1]!);
      return s;
    }
    default:
      return null;
  }
}

function escapeValue(s: string): string {
  let out = "";
  for (const c of s) {
    if (ESCAPED.includes(c)) out += "\\" + c;
    else if (c === "\u0000") out += "\\00";
    else out += c;
  }
  // Leading and trailing spaces (and CRs) are escaped one by one.
  let lead = 0;
  while (lead < out.length && (out[lead] === " " || out[lead] === "\r")) lead++;
  let trail = out.length - 1;
  while (trail >= 0 && (out[trail] === " " || out[trail] === "\r")) trail--;
  if (lead === 0 && trail === out.length - 1) return out;
  let r = "";
  for (let i = 0; i < out.length; i++) r += (i < lead || i > trail ? "\\" : "") + out[i];
  return r;
}

function avaString(ava: DerNode): string {
  const [typeNode, valueNode] = children(expectTag(ava, TAG_SEQUENCE, "an AttributeTypeAndValue"));
  if (!typeNode || !valueNode) throw new Error("AttributeTypeAndValue without type or value");
  const oid = oidString(typeNode);
  const keyword = RFC2253_KEYWORDS.get(oid);
  const str = keyword ? decodeString(valueNode) : null;
  if (keyword && str !== null) return `${keyword}=${escapeValue(str)}`;
  return `${keyword ?? oid}=#${Buffer.from(valueNode.raw).toString("hex")}`;
}

/** RFC 2253 form of a DER-encoded Name (a SEQUENCE of RDN SETs). */
export function rfc2253FromName(name: DerNode): string {
  const rdns = children(expectTag(name, TAG_SEQUENCE, "a Name"));
  return rdns
    .reverse()
    .map((rdn) => children(expectTag(rdn, TAG_SET, "an RDN")).map(avaString).join("+"))
    .join(",");
}

/** The subject of a DER certificate in RFC 2253 form (Java's cert.getSubjectX500Principal().getName()). */
export function subjectRfc2253(certDer: Uint8Array): string {
  const cert = children(parseDer(certDer));
  const tbs = children(expectTag(cert[0], TAG_SEQUENCE, "a TBSCertificate"));
  // TBSCertificate: [0] version (optional), serial, signature, issuer, validity, subject, ...
  const at = tbs[0]?.tag === 0xa0 ? 1 : 0;
  return rfc2253FromName(expectTag(tbs[at + 4], TAG_SEQUENCE, "a subject Name"));
}
