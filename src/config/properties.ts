// Java .properties parsing, as Kafka reads server.properties: `key=value`, `key: value` or `key value`,
// comments starting with # or !, backslash line continuation, and \t \n \r \f \\ \uXXXX escapes.

export class PropertiesError extends Error {
  readonly line: number;
  constructor(line: number, why: string) {
    super(`line ${line}: ${why}`);
    this.name = "PropertiesError";
    this.line = line;
  }
}

function unescape(s: string, line: number): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const n = s[++i];
    if (n === undefined) break;
    if (n === "t") out += "\t";
    else if (n === "n") out += "\n";
    else if (n === "r") out += "\r";
    else if (n === "f") out += "\f";
    else if (n === "u") {
      const hex = s.slice(i + 1, i + 5);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new PropertiesError(line, `bad \\u escape "\\u${hex}"`);
      out += String.fromCharCode(parseInt(hex, 16));
      i += 4;
    } else out += n;
  }
  return out;
}

/** Parse .properties text. Later keys override earlier ones, as in java.util.Properties. */
export function parseProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const startLine = i + 1;
    let line = lines[i]!.replace(/^[ \t\f]+/, "");
    if (line === "" || line.startsWith("#") || line.startsWith("!")) continue;
    // Continuation: an odd number of trailing backslashes joins the next line (leading space dropped).
    // Bounded by the number of lines.
    while (/(^|[^\\])(\\\\)*\\$/.test(line) && i + 1 < lines.length) {
      line = line.slice(0, -1) + lines[++i]!.replace(/^[ \t\f]+/, "");
    }
    let k = 0;
    while (k < line.length) {
      const c = line[k]!;
      if (c === "\\") k += 2;
      else if (c === "=" || c === ":" || c === " " || c === "\t" || c === "\f") break;
      else k++;
    }
    const key = unescape(line.slice(0, k), startLine);
    let rest = line.slice(k).replace(/^[ \t\f]*/, "");
    if (rest.startsWith("=") || rest.startsWith(":")) rest = rest.slice(1).replace(/^[ \t\f]*/, "");
    out.set(key, unescape(rest, startLine));
  }
  return out;
}
