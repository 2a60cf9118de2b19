// A test-only crash point in the middle of a transaction's markers: the integration tests must show that
// a broker killed after PREPARE_COMMIT / PREPARE_ABORT is in __transaction_state, with the markers on
// some partitions and not others, finishes the transaction after its restart (no hanging, no torn
// transaction). A SIGKILL from outside cannot hit that window reliably; this seam does.
//
//   STRAND_TEST_TXN_MARKER_CRASH=<n>
//
// On the n-th call of the coordinator's marker writer (1-based, counted per process) only the first
// partition of each marker request is written, then the process kills itself with SIGKILL (no clean
// shutdown, nothing flushed beyond what the writes themselves made durable). Unset (always in
// production) the writer is returned unchanged.

import type { TxnMarkerRequest, TxnMarkerResult } from "./txn-markers.ts";

type Writer = (markers: readonly TxnMarkerRequest[]) => Promise<TxnMarkerResult[]>;

export function withMarkerCrashPoint(write: Writer, value = process.env.STRAND_TEST_TXN_MARKER_CRASH): Writer {
  if (!value) return write;
  if (!/^[1-9]\d{0,5}$/.test(value.trim())) throw new Error(`STRAND_TEST_TXN_MARKER_CRASH=${value}: expected a call number from 1`);
  const nth = Number(value);
  let calls = 0;
  return async (markers) => {
    calls++;
    if (calls !== nth) return write(markers);
    await write(markers.map((m) => ({ ...m, partitions: m.partitions.slice(0, 1) })));
    process.kill(process.pid, "SIGKILL");
    return new Promise<never>(() => undefined); // never answers: the process is gone
  };
}
