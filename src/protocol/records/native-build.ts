// Building a native helper's cache library with gcc (crc32c-native.ts, compression/lz4-native.ts).
//
//   gccCommand(outFile, sourceFile) -> argv      the one gcc invocation both helpers use
//   buildInBackground(so, command) -> Promise     runs gcc as a child process (the event loop keeps
//                                                 running), then renames its output to `so` atomically
//
// Concurrent builds of the same library (two helpers, two processes) are harmless: each writes its own
// temp file and the rename is atomic, so a reader never opens a half-written library.
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";

/** A gcc of a ~10 KB C file takes well under a second; a stuck one is killed after this. */
export const GCC_TIMEOUT_MS = 60_000;

export class NativeBuildError extends Error {
  constructor(
    readonly library: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(`gcc failed (${exitCode ?? "killed"}) building ${library}: ${stderrTail}`);
    this.name = "NativeBuildError";
  }
}

export function gccCommand(outFile: string, sourceFile: string): string[] {
  return ["gcc", "-O3", "-fPIC", "-shared", "-std=gnu11", "-o", outFile, sourceFile];
}

/** Builds `so` with `command(tmpFile)` in a child process; resolves once `so` exists. */
export async function buildInBackground(so: string, command: (tmpFile: string) => string[]): Promise<void> {
  mkdirSync(dirname(so), { recursive: true });
  const tmp = `${so}.${process.pid}.${Math.floor(Math.random() * 1e9)}.tmp`;
  const proc = Bun.spawn(command(tmp), { stdout: "ignore", stderr: "pipe", timeout: GCC_TIMEOUT_MS, killSignal: "SIGKILL" });
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) {
    rmSync(tmp, { force: true });
    throw new NativeBuildError(so, proc.signalCode ? null : code, stderr.slice(0, 300));
  }
  renameSync(tmp, so); // atomic: concurrent processes never see a half-written library
}
