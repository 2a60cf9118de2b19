// log.dirs / log.dir / metadata.log.dir errors name the key, the value and what is allowed (issue 20,
// bug 7): an empty log.dirs is refused, not replaced by log.dir's default, and a dir that cannot be
// created or written names the key, the dir and the OS error.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { ConfigError } from "../../../src/config/def.ts";
import { ensureLogDirs } from "../../../src/config/log-dirs.ts";

const root = mkdtempSync(join(tmpdir(), "strand-logdirs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }), 120_000);

function config(props: Record<string, string>): BrokerConfig {
  const base = {
    "node.id": "1",
    "process.roles": "broker,controller",
    "controller.quorum.voters": "1@127.0.0.1:9093",
    listeners: "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
    "controller.listener.names": "CONTROLLER",
  };
  return BrokerConfig.from(new Map(), Object.entries({ ...base, ...props }));
}

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error("no error");
}

test("an empty log.dirs (or log.dir when log.dirs is unset) is a ConfigError naming that key", () => {
  for (const v of ["", " ", ",", " , "]) {
    const e = errorOf(() => config({ "log.dirs": v }));
    expect(e.key).toBe("log.dirs");
    expect(e.message).toContain("at least one directory");
  }
  const e = errorOf(() => config({ "log.dir": "" }));
  expect(e.key).toBe("log.dir");
  expect(errorOf(() => config({ "log.dirs": "/a", "metadata.log.dir": "" })).key).toBe("metadata.log.dir");
});

test("log.dir is a comma-separated list as in Kafka; log.dirs wins over it", () => {
  expect(config({ "log.dir": "/a, /b" }).logDirs).toEqual(["/a", "/b"]);
  expect(config({ "log.dir": "/a" }).logDirsKey).toBe("log.dir");
  const c = config({ "log.dirs": "/x,/y", "log.dir": "/a" });
  expect(c.logDirs).toEqual(["/x", "/y"]);
  expect(c.logDirsKey).toBe("log.dirs");
  expect(c.metadataLogDir).toBe("/x");
});

test("a dir that cannot be created or is not a directory names the key, the dir and the OS error", () => {
  const missing = errorOf(() => ensureLogDirs(config({ "log.dirs": "/proc/self/nonexistent/logs" })));
  expect(missing.key).toBe("log.dirs");
  expect(missing.value).toBe("/proc/self/nonexistent/logs");
  expect(missing.message).toContain("ENOENT");

  const file = join(root, "a-file");
  writeFileSync(file, "x");
  const notDir = errorOf(() => ensureLogDirs(config({ "log.dir": file })));
  expect(notDir.key).toBe("log.dir");
  expect(notDir.message).toContain(file);

  const meta = errorOf(() => ensureLogDirs(config({ "log.dirs": join(root, "ok"), "metadata.log.dir": join(file, "sub") })));
  expect(meta.key).toBe("metadata.log.dir");
  expect(meta.message).toMatch(/ENOTDIR|EEXIST|ENOENT/);

  expect(() => ensureLogDirs(config({ "log.dirs": `${join(root, "d1")},${join(root, "d2")}` }))).not.toThrow();
});
