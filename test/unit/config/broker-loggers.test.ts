// The BROKER_LOGGER level model (src/util/log-levels.ts), named loggers (src/util/log.ts), the
// DescribeConfigs entries (src/config/describe.ts) and IncrementalAlterConfigs' checks and effect
// (src/metadata/config-alter*.ts), against the answers a Kafka 4.4.0 broker gave (probed; the
// integration test test/integration/broker-loggers-kafka.test.ts compares them live).
import { describe, expect, test } from "bun:test";
import { LogLevels, parseLevel, LOG4J_LEVELS } from "../../../src/util/log-levels.ts";
import { createLogger, logEnabled, logLevelsOf, namedLogger, type Logger } from "../../../src/util/log.ts";
import { describeBrokerLoggers } from "../../../src/config/describe.ts";
import { validateLoggerAlter, type RawAlterableConfig } from "../../../src/metadata/config-alter.ts";
import { runAlterConfigs } from "../../../src/metadata/config-alter-run.ts";
import { BROKER_LOGGER_NAMES, brokerLoggers } from "../../../src/server/broker-loggers.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";

const RM = "kafka.server.ReplicaManager";

describe("level model", () => {
  test("root exists from the start; named loggers once registered, at root's level", () => {
    const l = new LogLevels("INFO");
    expect(l.exists("root")).toBe(true);
    expect(l.exists(RM)).toBe(false);
    expect(l.set(RM, "DEBUG")).toBe(false);
    const cell = l.register(RM);
    expect(l.register(RM)).toBe(cell);
    expect(l.level(RM)).toBe("INFO");
    expect(l.loggers()).toEqual([["root", "INFO"], [RM, "INFO"]]);
  });

  test("SET gives a level of its own; DELETE goes back to what it inherits (root's, whatever root became)", () => {
    const l = new LogLevels("INFO");
    const cell = l.register(RM);
    const rank = () => cell.minRank;
    expect(l.set(RM, "DEBUG")).toBe(true);
    expect([l.level(RM), rank()]).toEqual(["DEBUG", 1]);
    expect(l.set("root", "WARN")).toBe(true);
    expect([l.level(RM), l.level("root")]).toEqual(["DEBUG", "WARN"]);
    expect(l.unset(RM)).toBe(true);
    expect([l.level(RM), rank()]).toEqual(["WARN", 3]);
    // A logger without its own level follows root's changes (Kafka: root DEBUG shows every class at DEBUG).
    l.set("root", "TRACE");
    expect([l.level(RM), rank()]).toEqual(["TRACE", 0]);
  });

  test("root's level cannot be unset; unknown names are refused", () => {
    const l = new LogLevels("ERROR");
    expect(l.unset("root")).toBe(false);
    expect(l.level("root")).toBe("ERROR");
    expect(l.unset("no.such")).toBe(false);
    expect(l.level("no.such")).toBeUndefined();
  });

  test("a dotted ancestor's own level is inherited before root's (log4j's parent chain)", () => {
    const l = new LogLevels("INFO");
    l.register("kafka.server");
    l.register(RM);
    l.register("kafka.server.ReplicaManager$LogDirFailureHandler");
    l.set("kafka.server", "ERROR");
    expect(l.level(RM)).toBe("ERROR");
    // `$` is not a separator: the inner class's parent is kafka.server, as in log4j.
    l.set(RM, "DEBUG");
    expect(l.level("kafka.server.ReplicaManager$LogDirFailureHandler")).toBe("ERROR");
    l.unset("kafka.server");
    expect([l.level(RM), l.level("kafka.server.ReplicaManager$LogDirFailureHandler")]).toEqual(["DEBUG", "INFO"]);
  });

  test("STRAND_LOG_LEVEL in any case, Kafka's six levels; anything else is INFO", () => {
    expect(parseLevel("debug")).toBe("DEBUG");
    expect(parseLevel("Trace")).toBe("TRACE");
    expect(parseLevel("FATAL")).toBe("FATAL");
    expect(parseLevel("verbose")).toBe("INFO");
    expect(parseLevel(undefined)).toBe("INFO");
    expect([...LOG4J_LEVELS]).toEqual(["TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"]);
  });

  test("the number of named loggers is bounded", () => {
    const l = new LogLevels();
    for (let i = 0; i < 256; i++) l.register(`x.L${i}`);
    expect(() => l.register("x.one.more")).toThrow(RangeError);
  });
});

describe("named loggers", () => {
  function capture(level = "info"): { root: Logger; lines: string[] } {
    const lines: string[] = [];
    return { root: createLogger(level, {}, (l) => lines.push(l)), lines };
  }

  test("a named logger writes at its own level, changed at run time, and names itself at the end of the line", () => {
    const { root, lines } = capture("info");
    const rm = namedLogger(root, RM);
    rm.debug("hidden");
    root.debug("hidden too");
    logLevelsOf(root).set(RM, "DEBUG");
    rm.debug("shown", { partition: "t-0" });
    root.debug("root stays at INFO");
    expect(logEnabled(rm, "debug")).toBe(true);
    expect(logEnabled(root, "debug")).toBe(false);
    logLevelsOf(root).unset(RM);
    rm.debug("hidden again");
    expect(lines.map((l) => l.replace(/^\S+ /, ""))).toEqual([`DEBUG shown partition=t-0 logger=${RM}\n`]);
  });

  test("children share their parent's level; FATAL hides ERROR lines (Strand writes none at FATAL)", () => {
    const { root, lines } = capture("info");
    const child = namedLogger(root, RM).child({ component: "x" });
    logLevelsOf(root).set(RM, "FATAL");
    child.error("hidden");
    logLevelsOf(root).set(RM, "ERROR");
    child.error("shown");
    expect(lines.map((l) => l.replace(/^\S+ /, ""))).toEqual([`ERROR shown component=x logger=${RM}\n`]);
  });

  test("each root logger has its own levels (two in-process brokers do not share them)", () => {
    const a = capture().root;
    const b = capture().root;
    brokerLoggers(a);
    logLevelsOf(a).set(RM, "DEBUG");
    expect(logLevelsOf(b).exists(RM)).toBe(false);
    expect(logLevelsOf(namedLogger(a, RM))).toBe(logLevelsOf(a));
  });

  test("a logger not built by createLogger is used as it is", () => {
    const calls: string[] = [];
    const fake: Logger = { debug: (m) => calls.push(m), info: (m) => calls.push(m), warn: (m) => calls.push(m), error: (m) => calls.push(m), child: () => fake };
    expect(namedLogger(fake, RM)).toBe(fake);
    expect(logLevelsOf(fake)).toBe(logLevelsOf(fake));
  });
});

describe("DescribeConfigs entries", () => {
  const root = createLogger("info", {}, () => {});
  brokerLoggers(root);
  const levels = logLevelsOf(root);

  test("every broker logger, in the relative order a fresh Kafka 4.4.0 listed them, with Kafka's flags", () => {
    const out = describeBrokerLoggers(null, levels.loggers());
    // The order of these names in Kafka 4.4.0's answer (166 loggers) on a fresh broker.
    expect(out.map((e) => e.name)).toEqual([
      "org.apache.kafka.raft.KafkaRaftClient",
      "org.apache.kafka.storage.internals.log.LogManager",
      "org.apache.kafka.controller.QuorumController",
      "kafka.server.ConfigAdminManager",
      "kafka.coordinator.transaction.TransactionCoordinator",
      "kafka.server.KafkaApis",
      "org.apache.kafka.coordinator.group.GroupCoordinatorService",
      "org.apache.kafka.storage.internals.log.LogCleaner",
      "kafka.server.BrokerServer",
      "kafka.request.logger",
      "kafka.network.SocketServer",
      "root",
      "kafka.server.ReplicaManager",
    ]);
    expect(out.length).toBe(Object.keys(BROKER_LOGGER_NAMES).length + 1);
    for (const e of out) expect(e).toEqual({ name: e.name, value: "INFO", readOnly: false, configSource: 6, isSensitive: false, synonyms: [], configType: 0, documentation: "" });
  });

  test("keys filter the answer; an empty key list is every logger; unknown keys give nothing", () => {
    expect(describeBrokerLoggers([RM, "root", "no.such"], levels.loggers()).map((e) => e.name)).toEqual(["root", RM]);
    expect(describeBrokerLoggers([], levels.loggers())).toHaveLength(13);
    expect(describeBrokerLoggers(["no.such"], levels.loggers())).toEqual([]);
  });
});

describe("IncrementalAlterConfigs on BROKER_LOGGER", () => {
  const exists = (n: string) => n === "root" || n === RM;
  const raw = (name: string, configOperation: number, value: string | null): RawAlterableConfig => ({ name, configOperation, value });
  const check = (resourceName: string, ...configs: RawAlterableConfig[]) => validateLoggerAlter(resourceName, configs, 1, exists);

  test("Kafka 4.4.0's errors, in its order of checks", () => {
    const levelsText = "Valid log levels are DEBUG, ERROR, FATAL, INFO, TRACE, WARN";
    expect(check("1", raw(RM, 0, "DEBUG"), raw("root", 0, "WARN"))).toBeNull();
    expect(check("1", raw(RM, 1, null))).toBeNull();
    expect(check("1", raw("no.such.Logger", 0, "DEBUG"))).toEqual({ errorCode: ErrorCode.INVALID_CONFIG, errorMessage: "Logger no.such.Logger does not exist!" });
    expect(check("1", raw("no.such.Logger", 1, null))).toEqual({ errorCode: ErrorCode.INVALID_CONFIG, errorMessage: "Logger no.such.Logger does not exist!" });
    expect(check("1", raw(RM, 0, "debug"))).toEqual({ errorCode: ErrorCode.INVALID_CONFIG, errorMessage: `Cannot set the log level of ${RM} to debug as it is not a supported log level. ${levelsText}` });
    expect(check("1", raw(RM, 0, "OFF"))?.errorCode).toBe(ErrorCode.INVALID_CONFIG);
    expect(check("1", raw("root", 1, null))).toEqual({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Removing the log level of the root logger is not allowed" });
    expect(check("1", raw(RM, 2, "DEBUG"))).toEqual({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "APPEND operation is not allowed for the BROKER_LOGGER resource" });
    expect(check("1", raw(RM, 3, "DEBUG"))).toEqual({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "SUBTRACT operation is not allowed for the BROKER_LOGGER resource" });
    expect(check("1", raw(RM, 7, "DEBUG"))).toEqual({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Unknown operation type 7 is not allowed for the BROKER_LOGGER resource" });
    expect(check("1", raw(RM, 0, null))).toEqual({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: `Null value not supported for : ${RM}` });
    expect(check("1", raw(RM, 0, "DEBUG"), raw(RM, 1, null))).toEqual({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Error due to duplicate config keys" });
    expect(check("2", raw(RM, 0, "DEBUG"))).toEqual({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Unexpected node id. Expected 1, but received 2" });
    expect(check("", raw(RM, 0, "DEBUG"))).toEqual({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Node id must be an integer, but it is: " });
    // Null values are refused before the node id is looked at.
    expect(check("x", raw(RM, 0, null))?.errorMessage).toBe(`Null value not supported for : ${RM}`);
  });

  test("applied in memory at once; validate_only changes nothing; a failed resource changes nothing; legacy AlterConfigs refuses the type", async () => {
    const lines: string[] = [];
    const root = createLogger("info", {}, (l) => lines.push(l));
    const loggers = brokerLoggers(root);
    const levels = logLevelsOf(root);
    const host = { nodeId: 1, logLevels: levels, configLog: loggers.configAdmin };
    const run = (configs: RawAlterableConfig[], validateOnly = false, incremental = true) =>
      runAlterConfigs(host, [{ resourceType: 8, resourceName: "1", raw: configs, changes: configs.map((c) => ({ name: c.name, value: c.value, op: c.configOperation === 1 ? ("delete" as const) : ("set" as const) })) }], { validateOnly, incremental });
    expect((await run([raw(RM, 0, "TRACE")], true))[0]!.errorCode).toBe(0);
    expect(levels.level(RM)).toBe("INFO");
    expect((await run([raw(RM, 0, "DEBUG"), raw("no.such", 0, "DEBUG")]))[0]!.errorCode).toBe(ErrorCode.INVALID_CONFIG);
    expect(levels.level(RM)).toBe("INFO");
    expect(await run([raw(RM, 0, "DEBUG")])).toEqual([{ resourceType: 8, resourceName: "1", errorCode: 0, errorMessage: null }]);
    expect(levels.level(RM)).toBe("DEBUG");
    expect((await run([raw(RM, 1, null)]))[0]!.errorCode).toBe(0);
    expect(levels.level(RM)).toBe("INFO");
    expect(lines.map((l) => l.replace(/^\S+ /, ""))).toEqual([
      `WARN Updated the log level of ${RM} to DEBUG logger=kafka.server.ConfigAdminManager\n`,
      `WARN Unset the log level of ${RM} logger=kafka.server.ConfigAdminManager\n`,
    ]);
    expect(await run([raw("root", 0, "INFO")], false, false)).toEqual([{ resourceType: 8, resourceName: "1", errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Unknown resource type 8" }]);
  });
});
