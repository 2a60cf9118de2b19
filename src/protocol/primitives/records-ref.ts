// The value of a `records` field: bytes in memory, slices of log segment files that the network layer
// sends with sendfile(2) without copying them into the process (the zero-copy fetch path), or slices of
// the socket chunks a large request arrived in (the zero-copy produce path: a Produce request spanning
// several chunks is decoded without concatenating them, see primitives/chunk-reader.ts).

/**
 * An open file shared by its owner (a log segment) and every queued response that points into it. The
 * descriptor is closed only when the owner and every holder have let go: a raw descriptor number kept
 * past close(2) would be reused by the kernel for the next file opened, and sendfile would then send
 * that file's bytes (another topic's) to a slow consumer.
 */
export interface FileHandle {
  /** The open descriptor, or -1 once closed (never a number that may name another file). */
  readonly fd: number;
  /** Takes a reference that keeps the descriptor open; false (nothing taken) when it is already closed. */
  retain(): boolean;
  /** Gives back one reference taken by retain(). */
  release(): void;
}

/**
 * A byte range of a file. Valid as long as the code that read it runs; whoever keeps it longer (a
 * response waiting for the socket) retains its file first and releases it when done.
 */
export interface FileSlice {
  readonly file: FileHandle;
  readonly position: number;
  readonly length: number;
}

/** Records that live in files: one or more slices, sent in order. */
export interface FileRecords {
  readonly kind: "file";
  readonly slices: readonly FileSlice[];
  /** Sum of the slices' lengths. */
  readonly length: number;
}

/** Records that arrived split across socket chunks: the slices, in order, whose concatenation is the value. */
export interface SlicedRecords {
  readonly kind: "sliced";
  readonly slices: readonly Uint8Array[];
  /** Sum of the slices' lengths. */
  readonly length: number;
}

export type Records = Uint8Array | FileRecords | SlicedRecords;

export function slicedRecords(slices: readonly Uint8Array[]): SlicedRecords {
  let length = 0;
  for (const s of slices) length += s.length;
  return { kind: "sliced", slices, length };
}

export function isSlicedRecords(r: Records | null): r is SlicedRecords {
  return r !== null && !(r instanceof Uint8Array) && r.kind === "sliced";
}

/** Slices joined into one new buffer (one copy). */
export function concatSlices(slices: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const s of slices) total += s.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const s of slices) {
    out.set(s, at);
    at += s.length;
  }
  return out;
}

/** The bytes of in-memory records as one buffer: a sliced value is concatenated (one copy). */
export function concatSliced(r: SlicedRecords): Uint8Array {
  return r.slices.length === 1 ? r.slices[0]! : concatSlices(r.slices);
}

export function fileRecords(slices: readonly FileSlice[]): FileRecords {
  let length = 0;
  for (const s of slices) {
    if (!(s.length >= 0 && s.position >= 0)) throw new RangeError(`bad file slice: position ${s.position}, length ${s.length}`);
    length += s.length;
  }
  return { kind: "file", slices, length };
}

export function recordsLength(r: Records): number {
  return r.length;
}

export function isFileRecords(r: Records | null): r is FileRecords {
  return r !== null && !(r instanceof Uint8Array) && r.kind === "file";
}
