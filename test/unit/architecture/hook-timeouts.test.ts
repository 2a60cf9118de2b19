// Every beforeAll / afterAll / beforeEach / afterEach in test/ names its timeout. Bun gives hooks 5 s
// whatever bunfig's [test] timeout says (checked on Bun 1.4.5), and a hook that starts or stops broker
// processes takes longer than that on a busy machine: CI failed a passing franz-go test when its
// afterAll needed 5.1 s to stop the broker. Bun 1.4.5 does not read bunfig's [test] timeout for tests
// either (a 6.5 s test failed at 5 s), so `npm test` passes --timeout, which tests and hooks both honour.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const HOOKS = new Set(["afterAll", "beforeAll", "afterEach", "beforeEach"]);

function testFiles(dir: string, out: string[] = []): string[] {
  // Bounded by the files under test/.
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== "node_modules") testFiles(p, out);
    } else if (name.endsWith(".ts")) out.push(p);
  }
  return out;
}

test("every test hook passes a timeout", () => {
  const missing: string[] = [];
  const files = testFiles(join(import.meta.dir, "..", ".."));
  expect(files.length).toBeGreaterThan(100);
  for (const f of files) {
    const src = readFileSync(f, "utf8");
    if (!/(afterAll|beforeAll|afterEach|beforeEach)\(/.test(src)) continue;
    const sf = ts.createSourceFile(f, src, ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && HOOKS.has(n.expression.text) && n.arguments.length < 2) {
        missing.push(`${f}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${n.expression.text}`);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  expect(missing).toEqual([]);
});

test("npm test gives every test and hook 120 s (bunfig's [test] timeout is not read)", () => {
  const pkg = JSON.parse(readFileSync(join(import.meta.dir, "..", "..", "..", "package.json"), "utf8")) as { scripts: Record<string, string> };
  expect(pkg.scripts.test).toMatch(/^bun test --timeout 120000\b/);
});
