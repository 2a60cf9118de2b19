// The value of a `records` field: bytes in memory, or slices of log segment files that the network layer
// sends with sendfile(2) without copying them into the process (the zero-copy fetch path).

/** A byte range of an open file. The file must stay open until the frame holding it is sent. */
export interface FileSlice {
  readonly fd: number;
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

export type Records = Uint8Array | FileRecords;

export function fileRecords(slices: readonly FileSlice[]): FileRecords {
  let length = 0;
  for (const s of slices) {
    if (!(s.length >= 0 && s.position >= 0)) throw new RangeError(`bad file slice ${JSON.stringify(s)}`);
    length += s.length;
  }
  return { kind: "file", slices, length };
}

export function recordsLength(r: Records): number {
  return r.length;
}

export function isFileRecords(r: Records | null): r is FileRecords {
  return r !== null && !(r instanceof Uint8Array);
}
