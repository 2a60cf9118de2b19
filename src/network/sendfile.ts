// sendfile(2) through bun:ffi, straight from libc: file bytes go from the page cache to the socket
// without entering the process. Loaded once; when libc or the symbol cannot be loaded (not Linux, or a
// runtime without bun:ffi), `sendfileImpl` stays null and the output queue falls back to pread + write.

import { dlopen, FFIType, ptr, read } from "bun:ffi";

/** Result of one call: bytes sent (>= 0), or a negative errno (-11 is EAGAIN: the socket is full). */
export type SendfileFn = (outFd: number, inFd: number, position: number, count: number) => number;

export const EAGAIN = 11;

function load(): SendfileFn | null {
  if (process.platform !== "linux" || process.env.STRAND_SENDFILE === "off") return null;
  for (const name of ["libc.so.6", "libc.so"]) {
    try {
      const lib = dlopen(name, {
        sendfile: { args: [FFIType.i32, FFIType.i32, FFIType.ptr, FFIType.u64], returns: FFIType.i64 },
        __errno_location: { args: [], returns: FFIType.ptr },
      });
      const offset = new BigInt64Array(1);
      const offsetPtr = ptr(offset);
      return (outFd, inFd, position, count) => {
        offset[0] = BigInt(position);
        const n = Number(lib.symbols.sendfile(outFd, inFd, offsetPtr, count));
        if (n >= 0) return n;
        const errnoPtr = lib.symbols.__errno_location();
        return errnoPtr ? -read.i32(errnoPtr, 0) : -EAGAIN;
      };
    } catch {
      // try the next name
    }
  }
  return null;
}

export const sendfileImpl: SendfileFn | null = load();
