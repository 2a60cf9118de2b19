// Kafka's SslPrincipalMapperTest, case for case: valid and invalid rules, mapping, rule splitting.
import { describe, expect, test } from "bun:test";
import { InvalidRuleError, NoMatchingRuleError, SslPrincipalMapper } from "../../../../src/network/ssl/ssl-principal-mapper.ts";

describe("SslPrincipalMapper (Kafka's examples)", () => {
  test("valid rules parse", () => {
    for (const r of [
      "DEFAULT",
      "RULE:^CN=(.*?),OU=ServiceUsers.*$/$1/",
      "RULE:^CN=(.*?),OU=ServiceUsers.*$/$1/L, DEFAULT",
      "RULE:^CN=(.*?),OU=(.*?),O=(.*?),L=(.*?),ST=(.*?),C=(.*?)$/$1@$2/",
      "RULE:^.*[Cc][Nn]=([a-zA-Z0-9.]*).*$/$1/L",
      "RULE:^cn=(.?),ou=(.?),dc=(.?),dc=(.?)$/$1@$2/U",
      "RULE:^CN=([^,ADEFLTU,]+)(,.*|$)/$1/",
      "RULE:^CN=([^,DEFAULT,]+)(,.*|$)/$1/",
    ]) {
      expect(() => new SslPrincipalMapper(r)).not.toThrow();
    }
  });

  test("invalid rules are refused", () => {
    for (const r of [
      "default",
      "DEFAUL",
      "DEFAULT/L",
      "DEFAULT/U",
      "RULE:CN=(.*?),OU=ServiceUsers.*/$1",
      "rule:^CN=(.*?),OU=ServiceUsers.*$/$1/",
      "RULE:^CN=(.*?),OU=ServiceUsers.*$/$1/L/U",
      "RULE:^CN=(.*?),OU=ServiceUsers.*$/L",
      "RULE:^CN=(.*?),OU=ServiceUsers.*$/U",
      "RULE:^CN=(.*?),OU=ServiceUsers.*$/LU",
    ]) {
      expect(() => new SslPrincipalMapper(r), r).toThrow(InvalidRuleError);
    }
  });

  test("maps names as Kafka does", () => {
    const m = new SslPrincipalMapper(
      [
        "RULE:^CN=(.*?),OU=ServiceUsers.*$/$1/L",
        "RULE:^CN=(.*?),OU=(.*?),O=(.*?),L=(.*?),ST=(.*?),C=(.*?)$/$1@$2/L",
        "RULE:^cn=(.*?),ou=(.*?),dc=(.*?),dc=(.*?)$/$1@$2/U",
        "RULE:^.*[Cc][Nn]=([a-zA-Z0-9.]*).*$/$1/U",
        "DEFAULT",
      ].join(", "),
    );
    expect(m.getName("CN=Duke,OU=ServiceUsers,O=Org,C=US")).toBe("duke");
    expect(m.getName("CN=Duke,OU=SME,O=mycp,L=Fulton,ST=MD,C=US")).toBe("duke@sme");
    expect(m.getName("cn=duke,ou=sme,dc=mycp,dc=com")).toBe("DUKE@SME");
    expect(m.getName("cN=duke,OU=JavaSoft,O=Sun Microsystems")).toBe("DUKE");
    expect(m.getName("OU=JavaSoft,O=Sun Microsystems,C=US")).toBe("OU=JavaSoft,O=Sun Microsystems,C=US");
  });

  test("splits rules as Kafka does", () => {
    const cases: Array<[string, string]> = [
      ["[]", ""],
      ["[DEFAULT]", "DEFAULT"],
      ["[RULE:/]", "RULE://"],
      ["[RULE:/.*]", "RULE:/.*/"],
      ["[RULE:/.*/L]", "RULE:/.*/L"],
      ["[RULE:/, DEFAULT]", "RULE://,DEFAULT"],
      ["[RULE:/, DEFAULT]", "  RULE:// ,  DEFAULT  "],
      ["[RULE:   /     , DEFAULT]", "  RULE:   /     / ,  DEFAULT  "],
      ["[RULE:  /     /U, DEFAULT]", "  RULE:  /     /U   ,DEFAULT  "],
      ["[RULE:([A-Z]*)/$1/U, RULE:([a-z]+)/$1, DEFAULT]", "  RULE:([A-Z]*)/$1/U   ,RULE:([a-z]+)/$1/,   DEFAULT  "],
      ["[]", ",   , , ,      , , ,   "],
      ["[RULE:/, DEFAULT]", ",,RULE://,,,DEFAULT,,"],
      ["[RULE: /   , DEFAULT]", ",  , RULE: /   /    ,,,   DEFAULT, ,   "],
      ["[RULE:   /  /U, DEFAULT]", "     ,  , RULE:   /  /U    ,,  ,DEFAULT, ,"],
      [String.raw`[RULE:\/\\\(\)\n\t/\/\/]`, String.raw`RULE:\/\\\(\)\n\t/\/\//`],
      [String.raw`[RULE:\**\/+/*/L, RULE:\/*\**/**]`, String.raw`RULE:\**\/+/*/L,RULE:\/*\**/**/`],
      [
        String.raw`[RULE:,RULE:,/,RULE:,\//U, RULE:,/RULE:,, RULE:,RULE:,/L,RULE:,/L, RULE:, DEFAULT, /DEFAULT, DEFAULT]`,
        String.raw`RULE:,RULE:,/,RULE:,\//U,RULE:,/RULE:,/,RULE:,RULE:,/L,RULE:,/L,RULE:, DEFAULT, /DEFAULT/,DEFAULT`,
      ],
    ];
    for (const [expected, rules] of cases) expect(new SslPrincipalMapper(rules).toString(), rules).toBe(`SslPrincipalMapper(rules = ${expected})`);
  });

  test("an escaped comma inside the DN", () => {
    const m = new SslPrincipalMapper(String.raw`RULE:^CN=((\\, *|\w)+)(,.*|$)/$1/,DEFAULT`);
    expect(m.getName(String.raw`CN=Tkac\, Adam,OU=ITZ,DC=geodis,DC=cz`)).toBe(String.raw`Tkac\, Adam`);
  });

  test("no rule applying is an error", () => {
    const m = new SslPrincipalMapper("RULE:^CN=(.*)$/$1/");
    expect(() => m.getName("O=x")).toThrow(NoMatchingRuleError);
    expect(new SslPrincipalMapper("").toString()).toBe("SslPrincipalMapper(rules = [])");
  });
});
