// Kafka's error table: the committed generated file must equal a fresh run of tools/gen-errors against
// Kafka 4.4.0's own Errors enum, and the lookups and KafkaError must behave as handlers expect.
// Expected entries below were read from the kafka-clients 4.4.0 jar (DumpErrors output), not memory.

import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { EXIT_UNAVAILABLE } from "../../tools/gen-errors/main.ts";
import {
  ERRORS,
  ErrorCode,
  errorByCode,
  errorMessage,
  errorName,
  isKafkaError,
  isRetriable,
  KafkaError,
} from "../../src/protocol/errors.ts";
import { ERRORS_SOURCE } from "../../src/protocol/generated/errors.ts";

const ROOT = resolve(import.meta.dir, "..", "..");
const COMMITTED = join(ROOT, "src", "protocol", "generated", "errors.ts");

/** Run the generator into a temp dir once, at load, so the regenerate test can be skipped visibly. */
function regenerate(): { text: string } | { unavailable: string } {
  const dir = mkdtempSync(join(tmpdir(), "strand-gen-errors-"));
  try {
    const p = Bun.spawnSync([process.execPath, join(ROOT, "tools", "gen-errors", "main.ts"), "--out", dir], {
      stdout: "pipe",
      stderr: "pipe",
    });
    const stderr = p.stderr.toString();
    if (p.exitCode === EXIT_UNAVAILABLE) return { unavailable: stderr.trim() };
    if (p.exitCode !== 0) throw new Error(`gen-errors failed (exit ${p.exitCode}): ${stderr}`);
    return { text: readFileSync(join(dir, "errors.ts"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const regenerated = regenerate();
if ("unavailable" in regenerated) console.warn(`SKIP errors regenerate test: ${regenerated.unavailable}`);

describe("generated error table", () => {
  test.skipIf("unavailable" in regenerated)("regenerating from the kafka-clients 4.4.0 jar gives the committed file", () => {
    if (!("text" in regenerated)) throw new Error("unreachable");
    expect(regenerated.text).toBe(readFileSync(COMMITTED, "utf8"));
  });

  test("names its source and is sorted by unique code", () => {
    expect(ERRORS_SOURCE.kafkaVersion).toBe("4.4.0");
    expect(readFileSync(COMMITTED, "utf8")).toStartWith("// DO NOT EDIT.");
    expect(ERRORS.length).toBe(138);
    for (let i = 1; i < ERRORS.length; i++) expect(ERRORS[i]!.code).toBeGreaterThan(ERRORS[i - 1]!.code);
    expect(ERRORS[0]!.code).toBe(-1);
    expect(ERRORS[ERRORS.length - 1]!.code).toBe(136);
  });

  // [code, name, retriable, exception class] as the 4.4.0 jar reports them.
  const known: [number, string, boolean, string | null][] = [
    [-1, "UNKNOWN_SERVER_ERROR", false, "UnknownServerException"],
    [0, "NONE", false, null],
    [2, "CORRUPT_MESSAGE", true, "CorruptRecordException"],
    [3, "UNKNOWN_TOPIC_OR_PARTITION", true, "UnknownTopicOrPartitionException"],
    [6, "NOT_LEADER_OR_FOLLOWER", true, "NotLeaderOrFollowerException"],
    [7, "REQUEST_TIMED_OUT", true, "TimeoutException"],
    [10, "MESSAGE_TOO_LARGE", false, "RecordTooLargeException"],
    [15, "COORDINATOR_NOT_AVAILABLE", true, "CoordinatorNotAvailableException"],
    [16, "NOT_COORDINATOR", true, "NotCoordinatorException"],
    [25, "UNKNOWN_MEMBER_ID", false, "UnknownMemberIdException"],
    [27, "REBALANCE_IN_PROGRESS", false, "RebalanceInProgressException"],
    [35, "UNSUPPORTED_VERSION", false, "UnsupportedVersionException"],
    [36, "TOPIC_ALREADY_EXISTS", false, "TopicExistsException"],
    [45, "OUT_OF_ORDER_SEQUENCE_NUMBER", false, "OutOfOrderSequenceException"],
    [72, "LISTENER_NOT_FOUND", true, "ListenerNotFoundException"],
    [79, "MEMBER_ID_REQUIRED", false, "MemberIdRequiredException"],
    [87, "INVALID_RECORD", false, "InvalidRecordException"],
    [136, "CONTROLLER_ID_NOT_REGISTERED", false, "ControllerIdNotRegisteredException"],
  ];
  test.each(known)("code %d is %s (retriable %p, exception %p)", (code, name, retriable, exception) => {
    const e = errorByCode(code);
    expect(e).toBeDefined();
    expect<string>(e!.name).toBe(name);
    expect(e!.retriable).toBe(retriable);
    expect(e!.exception).toBe(exception);
    expect(errorName(code)).toBe(name);
    expect(isRetriable(code)).toBe(retriable);
    expect<number>(ErrorCode[name as keyof typeof ErrorCode]).toBe(code);
  });

  test("default messages are Kafka's", () => {
    expect(errorMessage(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)).toBe("This server does not host this topic-partition.");
    expect(errorMessage(ErrorCode.UNSUPPORTED_VERSION)).toBe("The version of API is not supported.");
    expect(errorMessage(ErrorCode.NONE)).toBe("NONE");
  });

  test("ErrorCode and ERRORS agree entry for entry", () => {
    expect(Object.keys(ErrorCode).length).toBe(ERRORS.length);
    for (const e of ERRORS) expect(ErrorCode[e.name]).toBe(e.code);
  });
});

describe("lookups on codes Kafka 4.4.0 does not define", () => {
  test("are undefined, named as unknown, and not retriable", () => {
    expect(errorByCode(137)).toBeUndefined();
    expect(errorByCode(-2)).toBeUndefined();
    expect(errorName(999)).toBe("UNKNOWN_ERROR_CODE(999)");
    expect(isRetriable(999)).toBe(false);
    expect(errorMessage(999)).toContain("999");
  });
});

describe("KafkaError", () => {
  test("carries code, name, retriable and detail, and its message names error and detail", () => {
    const err = new KafkaError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "topic 'orders' partition 7 does not exist");
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe(3);
    expect(err.name).toBe("UNKNOWN_TOPIC_OR_PARTITION");
    expect(err.retriable).toBe(true);
    expect(err.detail).toBe("topic 'orders' partition 7 does not exist");
    expect(err.message).toBe("UNKNOWN_TOPIC_OR_PARTITION (code 3): topic 'orders' partition 7 does not exist");
    expect(String(err)).toStartWith("UNKNOWN_TOPIC_OR_PARTITION: UNKNOWN_TOPIC_OR_PARTITION (code 3)");
    expect(isKafkaError(err)).toBe(true);
    expect(isKafkaError(err, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)).toBe(true);
    expect(isKafkaError(err, ErrorCode.UNSUPPORTED_VERSION)).toBe(false);
    expect(isKafkaError(new Error("x"))).toBe(false);
  });

  test("without detail falls back to Kafka's message; keeps a cause", () => {
    const cause = new Error("disk full");
    const err = new KafkaError(ErrorCode.UNSUPPORTED_VERSION, undefined, { cause });
    expect(err.retriable).toBe(false);
    expect(err.detail).toBe("");
    expect(err.message).toBe("UNSUPPORTED_VERSION (code 35): The version of API is not supported.");
    expect(err.cause).toBe(cause);
  });

  test("accepts an unknown int16 code, refuses NONE and non-int16 codes", () => {
    const unknown = new KafkaError(500, "from a newer peer");
    expect(unknown.name).toBe("UNKNOWN_ERROR_CODE(500)");
    expect(unknown.retriable).toBe(false);
    expect(() => new KafkaError(ErrorCode.NONE)).toThrow(RangeError);
    expect(() => new KafkaError(32768)).toThrow(RangeError);
    expect(() => new KafkaError(-32769)).toThrow(RangeError);
    expect(() => new KafkaError(1.5)).toThrow(RangeError);
  });
});
