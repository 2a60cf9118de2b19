// Building and loading a native helper (crc32c-native.ts, compression/lz4-native.ts).
//
//   gccCommand(outFile, sourceFile) -> argv      the one gcc invocation both helpers use
//   buildInBackground(so, command) -> Promise     runs gcc as a child process (the event loop keeps
//                                                 running), then renames its output to `so` atomically
//
// Concurrent builds of the same library (two helpers, two processes) are harmless: each writes its own
// temp file and the rename is atomic, so a reader never opens a half-written library.
import { cc, dlopen } from "bun:ffi";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";

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

// ---------------------------------------------------------------------------------------------------
// Loading a native helper (crc32c-native.ts, compression/lz4-native.ts share all of it but their
// symbols and their wrapper): the three sources, the order and override, and the once-only choice.
//
//   loadNativeSource(lib, source, failures) -> T | null          one source, synchronously (may run gcc
//                                                                  or TinyCC); null with the reason pushed
//   loadNativeSourceAsync(lib, source, failures) -> Promise      the same, "cache" built by a gcc child
//   nativeSourceOrder(forced) -> NativeSource[]                   "prebuilt", "cache", "tcc", or the one forced
//   NativeChoice                                                  decides once, synchronously or in the
//                                                                  background, and installs the winner

export type NativeSource = "prebuilt" | "cache" | "tcc";

/** The one library `make -C native` builds with every helper in it. */
export const PREBUILT_LIBRARY_PATH = join(import.meta.dir, "..", "..", "..", "native", "build", "libstrand.so");

/** What differs between native helpers. `wrap` checks the library (self-test) and closes it on failure. */
export interface NativeLibrary<T> {
  /** The embedded C source (its hash keys the cache files). */
  readonly cSource: string;
  /** File names: `<sourcePrefix>-<hash>.c` and `<cachePrefix>-<hash>.so`. */
  readonly sourcePrefix: string;
  readonly cachePrefix: string;
  readonly symbols: Parameters<typeof dlopen>[1];
  wrap(source: NativeSource, lib: ReturnType<typeof dlopen>): T;
}

function cacheDir(): string {
  const base = process.env.STRAND_CACHE_DIR ?? join(homedir(), ".cache", "strand");
  return join(base, "native");
}

function hashOf(lib: NativeLibrary<unknown>): string {
  return Bun.hash(lib.cSource).toString(16);
}

/** Writes the embedded C source to a content-addressed file (works inside a --compile binary too). */
function sourceFile(lib: NativeLibrary<unknown>, dir: string): string {
  const path = join(dir, `${lib.sourcePrefix}-${hashOf(lib)}.c`);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, lib.cSource);
    renameSync(tmp, path);
  }
  return path;
}

/** The cache's library for this C source (built or not yet). */
function cacheLibraryPath(lib: NativeLibrary<unknown>): string {
  return join(cacheDir(), `${lib.cachePrefix}-${hashOf(lib)}.so`);
}

function loadOrThrow<T>(lib: NativeLibrary<T>, source: NativeSource): T {
  if (source === "prebuilt") {
    if (!existsSync(PREBUILT_LIBRARY_PATH)) throw new Error(`${PREBUILT_LIBRARY_PATH} not built (run make -C native)`);
    return lib.wrap(source, dlopen(PREBUILT_LIBRARY_PATH, lib.symbols));
  }
  if (source === "cache") {
    const so = cacheLibraryPath(lib);
    if (!existsSync(so)) {
      const dir = cacheDir();
      mkdirSync(dir, { recursive: true });
      const tmp = `${so}.${process.pid}.tmp`;
      const r = Bun.spawnSync(gccCommand(tmp, sourceFile(lib, dir)), { stderr: "pipe" });
      if (r.exitCode !== 0) throw new Error(`gcc failed (${r.exitCode}): ${r.stderr.toString().slice(0, 300)}`);
      renameSync(tmp, so); // atomic: concurrent processes never see a half-written library
    }
    return lib.wrap(source, dlopen(so, lib.symbols));
  }
  // cc() needs a file path; the source is embedded (see native-source.d.ts), so write it out.
  return lib.wrap(source, cc({ source: sourceFile(lib, tmpdir()), symbols: lib.symbols }) as unknown as ReturnType<typeof dlopen>);
}

/** Load one native source, or null with the reason in `failures`. */
export function loadNativeSource<T>(lib: NativeLibrary<T>, source: NativeSource, failures: string[] = []): T | null {
  try {
    return loadOrThrow(lib, source);
  } catch (e) {
    failures.push(`${source}: ${(e as Error).message}`);
    return null;
  }
}

/**
 * Like loadNativeSource, but "cache" builds a missing library with an asynchronous gcc (the event loop
 * keeps running). "prebuilt" and an already built "cache" load at once (before the first await).
 */
export async function loadNativeSourceAsync<T>(lib: NativeLibrary<T>, source: NativeSource, failures: string[] = []): Promise<T | null> {
  if (source !== "cache") return loadNativeSource(lib, source, failures);
  try {
    const so = cacheLibraryPath(lib);
    if (!existsSync(so)) await buildInBackground(so, (tmp) => gccCommand(tmp, sourceFile(lib, cacheDir())));
    return lib.wrap(source, dlopen(so, lib.symbols));
  } catch (e) {
    failures.push(`${source}: ${(e as Error).message}`);
    return null;
  }
}

/** The sources to try: all three in order, the one forced, or none for "ts". */
export function nativeSourceOrder(forced: string | undefined): NativeSource[] {
  return forced === "ts" ? [] : forced ? [forced as NativeSource] : ["prebuilt", "cache", "tcc"];
}

/**
 * The once-only choice of a native helper: the first working source is installed and its result kept;
 * later calls (synchronous or in the background) return the first result. In the background, a library
 * that finishes loading after a synchronous choice was made is closed and the first result stands.
 */
export class NativeChoice<T, R> {
  private decided: R | null = null;
  private deciding: Promise<R> | null = null;

  constructor(
    private readonly lib: NativeLibrary<T>,
    private readonly install: (n: T) => void,
    private readonly result: (source: NativeSource | "ts", n: T | null, failures: string[]) => R,
    private readonly close: (n: T) => void,
  ) {}

  choose(forced: string | undefined): R {
    if (this.decided) return this.decided;
    const failures: string[] = [];
    for (const source of nativeSourceOrder(forced)) {
      const n = loadNativeSource(this.lib, source, failures);
      if (!n) continue;
      this.install(n);
      return (this.decided = this.result(source, n, failures));
    }
    return (this.decided = this.result("ts", null, failures));
  }

  chooseInBackground(forced: string | undefined): Promise<R> {
    if (this.decided) return Promise.resolve(this.decided);
    this.deciding ??= (async () => {
      const failures: string[] = [];
      for (const source of nativeSourceOrder(forced)) {
        const n = await loadNativeSourceAsync(this.lib, source, failures);
        if (!n) continue;
        if (this.decided) {
          this.close(n); // a synchronous choice was made while gcc ran
          return this.decided;
        }
        this.install(n);
        return (this.decided = this.result(source, n, failures));
      }
      return (this.decided ??= this.result("ts", null, failures));
    })();
    return this.deciding;
  }
}
