// A test-only seam for write failures in segment appends: the integration tests cannot fill a disk
// on a shared machine, so STRAND_TEST_FAIL_APPEND makes one chosen append fail the way a full disk
// does (part of the bytes written, then ENOSPC). Unset (always in production) it costs one null check
// per append.
//
//   STRAND_TEST_FAIL_APPEND=<topic>-<partition>@<n>[:keep-torn]
//
// The n-th append (1-based, counted per process) to that partition writes half its bytes and throws
// an ENOSPC error. With `keep-torn` the segment cannot cut the partial bytes back either (as when the
// ftruncate fails too), so the torn batch stays on disk for recovery to find.

export interface AppendFault {
  /** Bytes to write before failing. */
  writeBytes: number;
  /** The partial bytes must stay in the file (the cut-back fails too). */
  keepTorn: boolean;
}

interface FaultSpec {
  partition: string;
  nth: number;
  keepTorn: boolean;
  seen: number;
}

function parse(value: string | undefined): FaultSpec | null {
  if (!value) return null;
  const m = /^(.+-\d+)@(\d+)(:keep-torn)?$/.exec(value.trim());
  if (!m) throw new Error(`STRAND_TEST_FAIL_APPEND=${value}: expected <topic>-<partition>@<n>[:keep-torn]`);
  return { partition: m[1]!, nth: Number(m[2]), keepTorn: m[3] !== undefined, seen: 0 };
}

const spec = parse(process.env.STRAND_TEST_FAIL_APPEND);

/** False in production: the append path skips the seam with one constant check. */
export const APPEND_FAULTS_ENABLED = spec !== null;

/** Whether this append (of `bytes` bytes to `partition`) is the one to fail; null almost always. */
export function appendFault(partition: string, bytes: number): AppendFault | null {
  if (spec === null || spec.partition !== partition) return null;
  spec.seen++;
  if (spec.seen !== spec.nth) return null;
  return { writeBytes: Math.floor(bytes / 2), keepTorn: spec.keepTorn };
}

const KEEP_TORN = Symbol("keepTorn");

/** The error a full disk gives (errno ENOSPC), as node:fs would throw it. */
export function enospcError(path: string, keepTorn: boolean): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException & { [KEEP_TORN]?: boolean } = new Error(`ENOSPC: no space left on device, write '${path}' (injected by STRAND_TEST_FAIL_APPEND)`);
  e.code = "ENOSPC";
  e.errno = -28;
  e.syscall = "write";
  e.path = path;
  e[KEEP_TORN] = keepTorn;
  return e;
}

/** Whether an injected failure asked that the partial bytes stay in the file. */
export function isKeepTorn(e: unknown): boolean {
  return typeof e === "object" && e !== null && (e as { [KEEP_TORN]?: boolean })[KEEP_TORN] === true;
}
