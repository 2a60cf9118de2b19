// Compiles a one-file Java dumper (tools/gen-*/Dump*.java) once per source version and release into
// <cacheRoot>/<hash of the source>/, so later runs only start one JVM. Concurrent runs race safely via
// rename. Used by tools/gen-errors and tools/gen-broker-keys.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { basename, join } from "node:path";

export function runTool(cmd: readonly string[]): { exitCode: number; stdout: string; stderr: string } {
  const p = Bun.spawnSync([...cmd], { stdout: "pipe", stderr: "pipe" });
  return { exitCode: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

export interface CompileOptions {
  sourcePath: string;
  cacheRoot: string;
  release: string;
  classpath: string;
  /** The error for "cannot run here" (no javac). */
  unavailable: (reason: string) => Error;
  /** The error for a javac that ran and failed. */
  failed: (cmd: readonly string[], exitCode: number, stderr: string) => Error;
}

/** The directory holding the compiled class of `sourcePath`. */
export function compileJavaOnce(o: CompileOptions): string {
  const source = readFileSync(o.sourcePath);
  const key = new Bun.CryptoHasher("sha256").update(source).update(`release=${o.release}`).digest("hex").slice(0, 16);
  const dir = join(o.cacheRoot, key);
  const classFile = `${basename(o.sourcePath, ".java")}.class`;
  if (existsSync(join(dir, classFile))) return dir;
  if (Bun.which("javac") === null) throw o.unavailable("javac (a JDK) is not installed");
  mkdirSync(o.cacheRoot, { recursive: true });
  const tmp = mkdtempSync(join(o.cacheRoot, "tmp-"));
  const cmd = ["javac", "--release", o.release, "-d", tmp, "-cp", o.classpath, o.sourcePath];
  const r = runTool(cmd);
  if (r.exitCode !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw o.failed(cmd, r.exitCode, r.stderr);
  }
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another run won the race; its class is identical
  }
  return dir;
}
