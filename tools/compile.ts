// Builds the single `strand` executable: `bun tools/compile.ts [OUTFILE]` (default dist/strand).
// `make build`, the benchmark (bench/run.ts) and the compiled-binary test use these same flags.
//
// --bytecode ships JavaScriptCore bytecode in the executable instead of only the source, so start-up
// does not parse and compile the ~700 KB bundle: measured with bench/startup.ts on this machine, the
// first module ran ~31 ms after exec without it and ~7 ms with it. --format=esm keeps the entry
// point's top-level await (--bytecode alone would choose CommonJS, which has none).
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
export const ENTRY_POINT = resolve(ROOT, "src/cli/main.ts");
/** Worker entry points embedded next to the main one (the log cleaner's worker: storage/cleaner/executor.ts). */
export const WORKER_ENTRY_POINTS: readonly string[] = [resolve(ROOT, "src/storage/cleaner/cleaner-worker.ts")];
export const COMPILE_FLAGS: readonly string[] = ["--compile", "--minify", "--bytecode", "--format=esm"];
/** How the flags read in reports (bench/run.ts). */
export const COMPILE_DESCRIPTION = `bun build ${COMPILE_FLAGS.join(" ")}`;

/** The argument vector (after the bun executable) that compiles Strand into `outfile`. */
export function compileArgs(outfile: string): string[] {
  return ["build", ...COMPILE_FLAGS, ENTRY_POINT, ...WORKER_ENTRY_POINTS, "--outfile", outfile];
}

if (import.meta.main) {
  const out = resolve(process.argv[2] ?? resolve(ROOT, "dist/strand"));
  const r = Bun.spawnSync([process.execPath, ...compileArgs(out)], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
  process.exit(r.exitCode ?? 1);
}
