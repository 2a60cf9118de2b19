// The `.lock` file of a log dir, held with an fcntl write lock as Kafka's FileLock (Java's
// FileChannel.tryLock) takes it, so neither a second Strand nor a Kafka broker opens the same dir.
// fcntl locks belong to the process, so an in-process set also refuses a second open from here.
// That set is process-wide on purpose, not a singleton tying brokers together: it mirrors the
// kernel's per-process lock table (a second fcntl lock from this process would succeed, and closing
// its descriptor would drop the first broker's lock), so two Brokers of one process still refuse to
// share a log dir while brokers on different dirs never meet in it.
import { dlopen, FFIType, ptr } from "bun:ffi";
import { closeSync, openSync } from "node:fs";
import { join, resolve } from "node:path";
import { LogDirLockedError } from "./errors.ts";

const F_SETLK = 6;
const F_WRLCK = 1;
const F_UNLCK = 2;
/** struct flock on Linux x86_64 and aarch64: l_type, l_whence (int16), l_start, l_len (int64), l_pid. */
const FLOCK_BYTES = 32;

let libc: { symbols: { fcntl: (fd: number, cmd: number, arg: unknown) => number } } | null | undefined;
function fcntlLib(): typeof libc {
  if (libc !== undefined) return libc;
  try {
    libc = dlopen("libc.so.6", { fcntl: { args: [FFIType.i32, FFIType.i32, FFIType.ptr], returns: FFIType.i32 } }) as unknown as typeof libc;
  } catch {
    libc = null; // no libc (not Linux): only the in-process guard applies
  }
  return libc;
}

const heldInProcess = new Set<string>();

export class DirLock {
  private constructor(
    readonly dir: string,
    private fd: number,
  ) {}

  static acquire(dir: string): DirLock {
    const abs = resolve(dir);
    if (heldInProcess.has(abs)) throw new LogDirLockedError(abs, "already open in this process");
    const fd = openSync(join(abs, ".lock"), "a+");
    const lib = fcntlLib();
    if (lib) {
      const fl = new Uint8Array(FLOCK_BYTES);
      new DataView(fl.buffer).setInt16(0, F_WRLCK, true);
      if (lib.symbols.fcntl(fd, F_SETLK, ptr(fl)) !== 0) {
        closeSync(fd);
        throw new LogDirLockedError(abs, "the .lock file is locked by another process");
      }
    }
    heldInProcess.add(abs);
    return new DirLock(abs, fd);
  }

  release(): void {
    if (this.fd < 0) return;
    const lib = fcntlLib();
    if (lib) {
      const fl = new Uint8Array(FLOCK_BYTES);
      new DataView(fl.buffer).setInt16(0, F_UNLCK, true);
      lib.symbols.fcntl(this.fd, F_SETLK, ptr(fl));
    }
    closeSync(this.fd);
    this.fd = -1;
    heldInProcess.delete(this.dir);
  }
}
