// Typed errors of the storage layer. Every error names what was wrong and where (file, position,
// offset, limit), so the broker can map it to a Kafka error code and an operator can act on it.

export type StorageErrorCode =
  | "CORRUPT_RECORD"
  | "INVALID_BATCH"
  | "OFFSET_OUT_OF_RANGE"
  | "OFFSET_OVERFLOW"
  | "LOG_OFFLINE"
  | "WRITE_FAILED"
  | "LOG_CLOSED"
  | "DIR_LOCKED"
  | "BAD_FILE_FORMAT"
  | "CORRUPT_SNAPSHOT"
  | "INVALID_CONFIG"
  | "NOT_FORMATTED";

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "StorageError";
  }
}

/** A batch on disk failed its checks (CRC, magic, lengths, offsets). */
export class CorruptRecordError extends StorageError {
  constructor(
    readonly file: string,
    readonly position: number,
    readonly reason: string,
  ) {
    super("CORRUPT_RECORD", `corrupt record batch in ${file} at position ${position}: ${reason}`);
    this.name = "CorruptRecordError";
  }
}

/** A batch handed to append() is malformed; nothing was written. */
export class InvalidBatchError extends StorageError {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super("INVALID_BATCH", `invalid record batch at byte ${position} of the appended records: ${reason}`);
    this.name = "InvalidBatchError";
  }
}

export class OffsetOutOfRangeError extends StorageError {
  constructor(
    readonly offset: number,
    readonly logStartOffset: number,
    readonly logEndOffset: number,
  ) {
    super(
      "OFFSET_OUT_OF_RANGE",
      `offset ${offset} is outside the log's range [${logStartOffset}, ${logEndOffset}]`,
    );
    this.name = "OffsetOutOfRangeError";
  }
}

/** Offsets are JavaScript numbers inside the storage layer; see log.ts for the bound. */
export class OffsetOverflowError extends StorageError {
  constructor(
    readonly offset: number | bigint,
    readonly limit: string,
  ) {
    super("OFFSET_OVERFLOW", `offset ${offset} exceeds ${limit}`);
    this.name = "OffsetOverflowError";
  }
}

/** The partition cannot serve: recovery found corruption it must not silently drop. */
export class LogOfflineError extends StorageError {
  constructor(
    readonly topicPartition: string,
    override readonly cause: Error,
  ) {
    super("LOG_OFFLINE", `partition ${topicPartition} is offline: ${cause.message}`);
    this.name = "LogOfflineError";
  }
}

/**
 * A write to a segment failed (ENOSPC, EIO). Says where, how much of the append reached the file,
 * and whether those partial bytes were cut back off; the log goes offline with it.
 */
export class SegmentWriteError extends StorageError {
  constructor(
    readonly file: string,
    readonly position: number,
    readonly bytes: number,
    readonly writtenBytes: number,
    readonly cutBack: boolean,
    override readonly cause: Error,
  ) {
    super(
      "WRITE_FAILED",
      `write of ${bytes} bytes to ${file} at position ${position} failed after ${writtenBytes} bytes (${cutBack ? "cut back to " + position : "partial bytes left in the file"}): ${cause.message}`,
    );
    this.name = "SegmentWriteError";
  }
}

export class LogClosedError extends StorageError {
  constructor(readonly topicPartition: string) {
    super("LOG_CLOSED", `log ${topicPartition} is closed`);
    this.name = "LogClosedError";
  }
}

export class LogDirLockedError extends StorageError {
  constructor(
    readonly dir: string,
    readonly detail: string,
  ) {
    super("DIR_LOCKED", `log dir ${dir} is in use by another process: ${detail}`);
    this.name = "LogDirLockedError";
  }
}

/** A checkpoint, properties or snapshot file does not follow its format. */
export class BadFileFormatError extends StorageError {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super("BAD_FILE_FORMAT", `malformed file ${file}: ${reason}`);
    this.name = "BadFileFormatError";
  }
}

/**
 * A producer-state snapshot that cannot be used (Kafka's CorruptSnapshotException): unknown version,
 * a struct that does not parse, or a CRC mismatch. The snapshot is dropped and the state rebuilt.
 */
export class CorruptSnapshotError extends StorageError {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super("CORRUPT_SNAPSHOT", `${reason} (producer snapshot ${file})`);
    this.name = "CorruptSnapshotError";
  }
}

export class InvalidConfigError extends StorageError {
  constructor(
    readonly key: string,
    readonly value: unknown,
    readonly reason: string,
  ) {
    super("INVALID_CONFIG", `invalid value ${String(value)} for ${key}: ${reason}`);
    this.name = "InvalidConfigError";
  }
}

/**
 * A log dir that holds data has no meta.properties. Kafka refuses to start ("No `meta.properties`
 * found in <dir>"); formatting it here would give the data a new cluster id.
 */
export class MetaPropertiesMissingError extends StorageError {
  constructor(
    readonly dir: string,
    readonly found: readonly string[],
  ) {
    super(
      "NOT_FORMATTED",
      `No meta.properties found in ${dir}, which holds data (${found.join(", ")}): refusing to start rather than format it with a new cluster id. ` +
        `Restore ${dir}/meta.properties (cluster.id, node.id, version), or empty the directory to start a new cluster there`,
    );
    this.name = "MetaPropertiesMissingError";
  }
}
