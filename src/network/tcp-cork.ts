// TCP_CORK through bun:ffi setsockopt(2), for TLS connections.
//
// Why: Bun's TLS socket hands every TLS record (at most 16 KiB of plaintext) to the kernel in a send(2)
// of its own, and Strand's sockets have TCP_NODELAY (Kafka's default too), so a 1 MiB fetch response
// left as ~64 packets of 16 KiB. Every packet costs both ends a pass through the TCP stack and the
// client an ACK (on loopback the receiver's processing even runs in the sender's context). Corked, the
// kernel cuts the records of one flush into full segments (64 KiB on loopback, MSS-sized elsewhere),
// and uncorking at the end of the flush pushes the tail at once: nothing waits longer than before.
// Measured (bench/tls-profile.ts, bench/PROFILE.md): the consumer's CPU per GiB fell, the broker's did not rise.
//
// Loaded on first use (a TLS connection's first large flush), not at start-up. Without Linux, libc or
// bun:ffi (or with STRAND_TLS_CORK=off) `tcpCork()` returns null and the queue writes uncorked.

import { dlopen, FFIType, ptr } from "bun:ffi";

/** Sets (true) or clears (false) TCP_CORK on a socket fd; false when the kernel refused. */
export type CorkFn = (fd: number, on: boolean) => boolean;

const IPPROTO_TCP = 6;
const TCP_CORK = 3;

let loaded = false;
let impl: CorkFn | null = null;

function load(): CorkFn | null {
  if (process.platform !== "linux" || process.env.STRAND_TLS_CORK === "off") return null;
  for (const name of ["libc.so.6", "libc.so"]) {
    try {
      const lib = dlopen(name, {
        setsockopt: { args: [FFIType.i32, FFIType.i32, FFIType.i32, FFIType.ptr, FFIType.u32], returns: FFIType.i32 },
      });
      const on = new Int32Array([1]);
      const off = new Int32Array([0]);
      const onPtr = ptr(on);
      const offPtr = ptr(off);
      return (fd, cork) => lib.symbols.setsockopt(fd, IPPROTO_TCP, TCP_CORK, cork ? onPtr : offPtr, 4) === 0;
    } catch {
      // try the next name
    }
  }
  return null;
}

/** The cork function, loaded once; null where it cannot be. */
export function tcpCork(): CorkFn | null {
  if (!loaded) {
    loaded = true;
    impl = load();
  }
  return impl;
}
