// How `strand consume` prints a record:
//   value     the value as UTF-8, one per line ("null" for a tombstone, as kafka-console-consumer)
//   json      one JSON object per line: topic, partition, offset, timestamp, timestampType, key, value,
//             headers [{key, value}] (keys and values as UTF-8 strings, null kept)
//   -f FMT    a kcat-style template: %t topic, %p partition, %o offset, %k key, %s value, %K key size,
//             %S value size, %h headers (k=v,k=v), %T timestamp, %% a percent sign; \n \t \\ escapes.
//             kcat prints nothing for a null key or value; so does this. No newline is added.
import { CliError } from "../protocol-decode.ts";
import type { ConsumedRecord } from "./fetched-records.ts";

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
const text = (b: Uint8Array | null) => (b === null ? null : utf8.decode(b));

export type RecordFormatter = (topic: string, r: ConsumedRecord) => string;

export function valueFormatter(): RecordFormatter {
  return (_t, r) => `${text(r.value) ?? "null"}\n`;
}

export function jsonFormatter(): RecordFormatter {
  return (topic, r) =>
    `${JSON.stringify({
      topic,
      partition: r.partition,
      offset: Number(r.offset),
      timestamp: Number(r.timestamp),
      timestampType: r.timestampType,
      key: text(r.key),
      value: text(r.value),
      headers: r.headers.map((h) => ({ key: utf8.decode(h.key), value: text(h.value) })),
    })}\n`;
}

const FIELDS = new Set(["t", "p", "o", "k", "s", "K", "S", "h", "T", "%"]);

/** Compile a kcat template; an unknown %x or trailing % is a usage error naming it. */
export function templateFormatter(fmt: string): RecordFormatter {
  const parts: Array<{ lit: string } | { field: string }> = [];
  let lit = "";
  // Bounded by the template's length.
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i]!;
    if (c === "\\" && i + 1 < fmt.length) {
      const n = fmt[++i]!;
      lit += n === "n" ? "\n" : n === "t" ? "\t" : n === "r" ? "\r" : n === "0" ? "\0" : n;
    } else if (c === "%") {
      const f = fmt[++i];
      if (f === undefined || !FIELDS.has(f)) throw new CliError("-f", fmt, `a template of %t %p %o %k %s %K %S %h %T %% and \\n \\t (not %${f ?? ""})`);
      if (f === "%") lit += "%";
      else {
        parts.push({ lit });
        lit = "";
        parts.push({ field: f });
      }
    } else lit += c;
  }
  parts.push({ lit });
  return (topic, r) => {
    let out = "";
    for (const p of parts) {
      if ("lit" in p) {
        out += p.lit;
        continue;
      }
      switch (p.field) {
        case "t": out += topic; break;
        case "p": out += r.partition; break;
        case "o": out += r.offset; break;
        case "k": out += text(r.key) ?? ""; break;
        case "s": out += text(r.value) ?? ""; break;
        case "K": out += r.key === null ? -1 : r.key.length; break;
        case "S": out += r.value === null ? -1 : r.value.length; break;
        case "T": out += r.timestamp; break;
        case "h": out += r.headers.map((h) => `${utf8.decode(h.key)}=${text(h.value) ?? ""}`).join(","); break;
      }
    }
    return out;
  };
}
