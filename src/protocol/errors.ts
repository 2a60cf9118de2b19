// Kafka error codes: lookups over the generated table (./generated/errors.ts, from Kafka 4.4.0's own
// Errors enum) and KafkaError, the typed error the broker throws and turns into a response error code.
// Handlers write codes by name: `ErrorCode.UNKNOWN_TOPIC_OR_PARTITION`.
//
// Codes not in the table (from a newer peer, say) are valid int16s that this release does not know:
// errorByCode returns undefined, errorName returns "UNKNOWN_ERROR_CODE(<code>)", and they are not
// retriable, as Kafka treats them (its Errors.forCode maps them to the non-retriable UNKNOWN_SERVER_ERROR).

import { ERRORS, ErrorCode } from "./generated/errors.ts";

export { ERRORS, ErrorCode };

export type ErrorName = keyof typeof ErrorCode;

/** One row of the table: code, Kafka's name, retriable flag, Kafka's default message, exception class. */
export interface ErrorInfo {
  readonly code: number;
  readonly name: ErrorName;
  readonly retriable: boolean;
  readonly message: string;
  /** Simple name of Kafka's exception class; null only for NONE. */
  readonly exception: string | null;
}

const INT16_MIN = -32768;
const INT16_MAX = 32767;

const BY_CODE: ReadonlyMap<number, ErrorInfo> = new Map(ERRORS.map((e): [number, ErrorInfo] => [e.code, e]));

function assertInt16(code: number): void {
  if (!Number.isInteger(code) || code < INT16_MIN || code > INT16_MAX) {
    throw new RangeError(`error code ${code} is not an int16 (${INT16_MIN}..${INT16_MAX})`);
  }
}

/** The table entry for `code`, or undefined when Kafka 4.4.0 defines no such code. */
export function errorByCode(code: number): ErrorInfo | undefined {
  return BY_CODE.get(code);
}

/** Kafka's name for `code` (e.g. "UNKNOWN_TOPIC_OR_PARTITION"), or "UNKNOWN_ERROR_CODE(<code>)". */
export function errorName(code: number): string {
  return BY_CODE.get(code)?.name ?? `UNKNOWN_ERROR_CODE(${code})`;
}

/** Kafka's default message for `code`; for an unknown code, a message that says so. */
export function errorMessage(code: number): string {
  return BY_CODE.get(code)?.message ?? `Error code ${code} is not defined by Kafka 4.4.0.`;
}

/** Whether a client may retry after `code` (Kafka's exception is a RetriableException). */
export function isRetriable(code: number): boolean {
  return BY_CODE.get(code)?.retriable ?? false;
}

/**
 * A Kafka protocol error with its code. `name` is Kafka's error name, so stack traces read
 * "UNKNOWN_TOPIC_OR_PARTITION: ...". `detail` says what was wrong in this case (which topic, which
 * limit); when empty, Kafka's default message stands in. Code 0 (NONE) is not an error and is refused.
 */
export class KafkaError extends Error {
  readonly code: number;
  override readonly name: string;
  readonly retriable: boolean;
  readonly detail: string;

  constructor(code: number, detail = "", options?: { cause?: unknown }) {
    assertInt16(code);
    if (code === ErrorCode.NONE) throw new RangeError("KafkaError needs an error code; 0 (NONE) means success");
    const name = errorName(code);
    super(`${name} (code ${code}): ${detail === "" ? errorMessage(code) : detail}`, options);
    this.code = code;
    this.name = name;
    this.retriable = isRetriable(code);
    this.detail = detail;
  }
}

/** Whether `err` is a KafkaError carrying `code`. */
export function isKafkaError(err: unknown, code?: number): err is KafkaError {
  return err instanceof KafkaError && (code === undefined || err.code === code);
}
