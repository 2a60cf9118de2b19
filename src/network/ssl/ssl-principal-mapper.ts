// Kafka's SslPrincipalMapper: ssl.principal.mapping.rules turns a certificate's RFC 2253 subject into a
// principal name. Rules are tried in order; the first that applies wins:
//   DEFAULT                          the whole DN
//   RULE:pattern/replacement/[L|U]   when the Java regex `pattern` matches the whole DN, the DN with every
//                                    match replaced (Java's String.replaceAll), optionally lower- or
//                                    upper-cased
// No rule applying is an error (Kafka fails the connection's authentication). The rule grammar, the
// splitting on commas and the treatment of `$n` back-references follow Kafka's class.

export class InvalidRuleError extends Error {
  constructor(msg: string) {
    super(msg);
    this.name = "InvalidRuleError";
  }
}

export class NoMatchingRuleError extends Error {
  constructor(msg: string) {
    super(msg);
    this.name = "NoMatchingRuleError";
  }
}

const RULE_PATTERN = String.raw`(DEFAULT)|RULE:((\\.|[^\\/])*)/((\\.|[^\\/])*)/([LU]?).*?|(.*?)`;
/** More rules than any configuration needs: a bound on what one config value can make us compile. */
const MAX_RULES = 256;

interface Rule {
  readonly text: string;
  apply(dn: string): string | null;
}

function defaultRule(): Rule {
  return { text: "DEFAULT", apply: (dn) => dn };
}

/**
 * Java's replacement syntax to a function: `\x` is a literal x, `$n` a group, where n takes as many
 * digits as still name an existing group (Java's rule; Kafka escapes a first digit past the groups).
 */
function javaReplacement(replacement: string, groupCount: number): (m: RegExpExecArray | string[]) => string {
  const parts: Array<string | number> = [];
  let lit = "";
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i]!;
    if (c === "\\" && i + 1 < replacement.length) {
      lit += replacement[++i]!;
    } else if (c === "$" && i + 1 < replacement.length && /[0-9]/.test(replacement[i + 1]!)) {
      let n = Number(replacement[++i]!);
      if (n > groupCount) {
        // Kafka's escapeLiteralBackReferences: a reference to a group that does not exist is literal.
        lit += "$" + replacement[i]!;
        continue;
      }
      while (i + 1 < replacement.length && /[0-9]/.test(replacement[i + 1]!) && n * 10 + Number(replacement[i + 1]!) <= groupCount) {
        n = n * 10 + Number(replacement[++i]!);
      }
      if (lit) parts.push(lit);
      lit = "";
      parts.push(n);
    } else {
      lit += c;
    }
  }
  if (lit) parts.push(lit);
  return (m) => parts.map((p) => (typeof p === "number" ? (m[p] ?? "") : p)).join("");
}

function patternRule(text: string, pattern: string, replacement: string, lower: boolean, upper: boolean): Rule {
  let whole: RegExp;
  let global: RegExp;
  try {
    whole = new RegExp(`^(?:${pattern})$`);
    global = new RegExp(pattern, "g");
  } catch (e) {
    throw new InvalidRuleError(`Invalid rule: ${text}: ${(e as Error).message}`);
  }
  const groupCount = new RegExp(`${pattern}|`).exec("")!.length - 1;
  const replace = javaReplacement(replacement, groupCount);
  return {
    text,
    apply(dn) {
      if (!whole.test(dn)) return null;
      const r = dn.replace(global, (...args: unknown[]) => replace(args.slice(0, groupCount + 1) as string[]));
      return lower ? r.toLowerCase() : upper ? r.toUpperCase() : r;
    },
  };
}

export class SslPrincipalMapper {
  private readonly rules: readonly Rule[];

  constructor(rulesText: string | null) {
    this.rules = SslPrincipalMapper.parse(rulesText ?? "DEFAULT");
  }

  private static parse(text: string): Rule[] {
    const splitter = new RegExp(String.raw`\s*(` + RULE_PATTERN + String.raw`)\s*(,\s*|$)`, "g");
    const parser = new RegExp(`^(?:${RULE_PATTERN})`);
    const trimmed = text.trim();
    const rules: Rule[] = [];
    let m: RegExpExecArray | null;
    // Bounded: each match advances (an empty match at the end stops the loop) and MAX_RULES caps it.
    while ((m = splitter.exec(trimmed)) !== null) {
      const rule = m[1]!;
      if (m[0].length === 0) {
        splitter.lastIndex++;
        if (splitter.lastIndex > trimmed.length) break;
      }
      if (rules.length >= MAX_RULES) throw new InvalidRuleError(`more than ${MAX_RULES} rules`);
      const p = parser.exec(rule);
      if (!p) throw new InvalidRuleError(`Invalid rule: ${rule}`);
      if (p[0].length !== rule.length) throw new InvalidRuleError(`Invalid rule: \`${rule}\`, unmatched substring: \`${rule.slice(p[0].length)}\``);
      if (p[1] !== undefined) rules.push(defaultRule());
      else if (p[2] !== undefined) {
        const flag = p[6] === "L" ? "/L" : p[6] === "U" ? "/U" : "";
        rules.push(patternRule(`RULE:${p[2]}/${p[4] ?? ""}${flag}`, p[2], p[4] ?? "", p[6] === "L", p[6] === "U"));
      }
      // group 7, an empty or unmatched rule text, adds no rule (as in Kafka).
      else if (rule.length > 0) throw new InvalidRuleError(`Invalid rule: ${rule}`);
    }
    return rules;
  }

  /** Kafka's toString(), which its tests use to show how rules were split. */
  toString(): string {
    return `SslPrincipalMapper(rules = [${this.rules.map((r) => r.text).join(", ")}])`;
  }

  /** The principal name for a DN, or NoMatchingRuleError. */
  getName(distinguishedName: string): string {
    for (const r of this.rules) {
      const name = r.apply(distinguishedName);
      if (name !== null) return name;
    }
    throw new NoMatchingRuleError(`No rules apply to ${distinguishedName}, rules [${this.rules.map((r) => r.text).join(", ")}]`);
  }
}
