// Subscription regexes (ConsumerGroupHeartbeat SubscribedTopicRegex). Kafka compiles them with RE2/J
// and matches whole topic names (Pattern.matcher(topic).matches()). JavaScript's RegExp is close; the
// translation below covers the differences that matter for topic names:
//   - RE2 has no lookaround and no backreferences: they are rejected (INVALID_REGULAR_EXPRESSION), as
//     RE2/J rejects them, rather than silently accepted by JS.
//   - (?P<name>re) named groups become (?<name>re); \Q...\E quoting becomes escaped literals;
//     leading inline flags (?i) (?s) (?m) become RegExp flags; POSIX classes [[:alpha:]] etc. inside
//     brackets are expanded (ASCII, as RE2).
//   - Flags set in the middle of a pattern ((?i) after the start, (?i:re) groups) and \z are rejected
//     by JS and therefore here; RE2 accepts them. \C (any byte) is not supported.
//   - Matching is anchored at both ends, as Java's matches().

export class RegexError extends Error {
  constructor(
    readonly pattern: string,
    detail: string,
  ) {
    super(`SubscribedTopicRegex ${JSON.stringify(pattern)} is not a valid RE2/J pattern: ${detail}`);
    this.name = "RegexError";
  }
}

const POSIX: Record<string, string> = {
  alnum: "0-9A-Za-z",
  alpha: "A-Za-z",
  ascii: "\\x00-\\x7F",
  blank: "\\t ",
  cntrl: "\\x00-\\x1F\\x7F",
  digit: "0-9",
  graph: "!-~",
  lower: "a-z",
  print: " -~",
  punct: "!-\\/:-@\\[-`{-~",
  space: "\\t\\n\\v\\f\\r ",
  upper: "A-Z",
  word: "0-9A-Za-z_",
  xdigit: "0-9A-Fa-f",
};

/** Compile an RE2/J pattern to an anchored JS RegExp; throws RegexError. */
export function compileTopicRegex(pattern: string): RegExp {
  if (pattern.length > 8192) throw new RegexError(pattern.slice(0, 32) + "...", `longer than 8192 characters`);
  let src = pattern;
  let flags = "";
  const lead = /^\(\?([imsU]+)\)/.exec(src);
  if (lead) {
    for (const f of lead[1]!) {
      if (f === "U") throw new RegexError(pattern, "the U (ungreedy) flag is not supported");
      if (!flags.includes(f)) flags += f;
    }
    src = src.slice(lead[0].length);
  }
  if (/\(\?<?[=!]/.test(src)) throw new RegexError(pattern, "lookaround is not supported by RE2");
  // \Q...\E quoting (bounded: one pass over the string).
  src = src.replace(/\\Q([\s\S]*?)(?:\\E|$)/g, (_m, lit: string) => lit.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"));
  if (/(^|[^\\])(\\\\)*\\[1-9]/.test(src)) throw new RegexError(pattern, "backreferences are not supported by RE2");
  src = src.replace(/\(\?P</g, "(?<");
  src = src.replace(/\[:(\^?)([a-z]+):\]/g, (m, neg: string, name: string) => {
    const cls = POSIX[name];
    if (cls === undefined) throw new RegexError(pattern, `unknown POSIX class ${m}`);
    if (neg) throw new RegexError(pattern, `negated POSIX class ${m} is not supported here`);
    return cls;
  });
  try {
    return new RegExp(`^(?:${src})$`, flags);
  } catch (e) {
    throw new RegexError(pattern, (e as Error).message);
  }
}

/** The topic names (sorted) a compiled regex matches. */
export function matchTopics(re: RegExp, names: Iterable<string>): string[] {
  const out: string[] = [];
  for (const n of names) if (re.test(n)) out.push(n);
  return out.sort();
}
