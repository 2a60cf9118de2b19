// test/support/jvm-cds.ts: one dumper at a time, an archive published only whole and only after a
// clean exit, then every JVM maps it.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cdsArchivePath, cdsPlan } from "../../support/jvm-cds.ts";

const dir = mkdtempSync(join(tmpdir(), "strand-cds-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }), 10_000);

test("the archive's name follows the JVM and the classpath", () => {
  const a = cdsArchivePath(dir, process.execPath, "/x.jar:/y.jar");
  expect(a.startsWith(join(dir, "cds-"))).toBe(true);
  expect(cdsArchivePath(dir, process.execPath, "/x.jar:/y.jar")).toBe(a);
  expect(cdsArchivePath(dir, process.execPath, "/x.jar")).not.toBe(a);
});

test("one process dumps, the others run plain; a failed dump publishes nothing; a clean one is used after", () => {
  const archive = cdsArchivePath(dir, process.execPath, "/a.jar");
  const first = cdsPlan(archive);
  const dumpArg = first.jvmArgs.find((a) => a.startsWith("-XX:ArchiveClassesAtExit="));
  expect(dumpArg).toBeDefined();
  expect(first.jvmArgs).toContain("-Xlog:cds*=off");
  expect(cdsPlan(archive).jvmArgs).toEqual([]); // the lock is held
  first.finish(1); // the JVM failed: nothing published, the lock released
  expect(existsSync(archive)).toBe(false);

  const second = cdsPlan(archive);
  const tmp = second.jvmArgs.find((a) => a.startsWith("-XX:ArchiveClassesAtExit="))!.split("=")[1]!;
  writeFileSync(tmp, "archive bytes"); // what the JVM writes at exit
  second.finish(0);
  expect(existsSync(archive)).toBe(true);
  expect(existsSync(tmp)).toBe(false);
  expect(cdsPlan(archive).jvmArgs).toContain(`-XX:SharedArchiveFile=${archive}`);
});
