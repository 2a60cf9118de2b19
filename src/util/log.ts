// Structured logs: one line per event on stderr, `time LEVEL message key=value ...`.
// Values are printed with JSON quoting when they contain spaces or quotes, so lines stay parseable.
// Components log through named loggers (Kafka's logger names, namedLogger) whose levels change at run
// time (src/util/log-levels.ts; the BROKER_LOGGER config resource).

import { EMIT_RANK, LogLevels, parseLevel, ROOT_LOGGER, type LevelCell } from "./log-levels.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

function fmt(v: unknown): string {
  const s = typeof v === "string" ? v : typeof v === "bigint" ? v.toString() : JSON.stringify(v);
  return s !== undefined && /^[^\s"=]+$/.test(s) ? s : JSON.stringify(s ?? "undefined");
}

/**
 * The default sink: console.error (Bun writes it synchronously to fd 2) with the line's own newline
 * removed. Not process.stderr.write: its first call builds Node's stream machinery, measured at
 * ~1.4 ms of the broker's start-up (and ~10 ms in a one-line binary).
 */
function writeStderr(line: string): void {
  console.error(line.endsWith("\n") ? line.slice(0, -1) : line);
}

/** What a logger built here shares with its children and named loggers. */
interface LoggerState {
  readonly levels: LogLevels;
  readonly cell: LevelCell;
  readonly base: Record<string, unknown>;
  readonly write: (line: string) => void;
}

/** The state of every logger createLogger built (mocks and other Logger implementations have none). */
const STATES = new WeakMap<Logger, LoggerState>();

function build(st: LoggerState): Logger {
  const { cell, base, write } = st;
  // The logger's name closes the line, as Kafka's `(%c)`: it is the name a BROKER_LOGGER change takes.
  const suffix = cell.name === ROOT_LOGGER ? "" : ` logger=${fmt(cell.name)}`;
  const emit = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (EMIT_RANK[lvl] < cell.minRank) return;
    let line = `${new Date().toISOString()} ${lvl.toUpperCase()} ${msg}`;
    for (const [k, v] of Object.entries({ ...base, ...fields })) if (v !== undefined) line += ` ${k}=${fmt(v)}`;
    write(line + suffix + "\n");
  };
  const log: Logger = {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    child: (f) => build({ ...st, base: { ...base, ...f } }),
  };
  STATES.set(log, st);
  return log;
}

/**
 * The root logger, at `level` (STRAND_LOG_LEVEL by default: debug, info, warn, error, or Kafka's
 * TRACE / FATAL; any case). Its levels can change at run time through logLevelsOf (BROKER_LOGGER).
 */
export function createLogger(level: string = process.env.STRAND_LOG_LEVEL || "info", base: Record<string, unknown> = {}, write: (line: string) => void = writeStderr): Logger {
  const levels = new LogLevels(parseLevel(level));
  return build({ levels, cell: levels.rootCell, base, write });
}

/**
 * The logger named `name` (a Kafka logger name, e.g. kafka.server.ReplicaManager) under `parent`'s
 * levels: it writes where `parent` writes, with `parent`'s fields, at the named logger's level. A
 * logger not built by createLogger (a test's capture) is returned as it is.
 */
export function namedLogger(parent: Logger, name: string): Logger {
  const st = STATES.get(parent);
  if (!st) return parent;
  return build({ ...st, cell: st.levels.register(name) });
}

/** The level registry `log` writes under; a logger not built here gets one of its own (kept). */
export function logLevelsOf(log: Logger): LogLevels {
  const st = STATES.get(log);
  if (st) return st.levels;
  const levels = new LogLevels(parseLevel(process.env.STRAND_LOG_LEVEL));
  STATES.set(log, { levels, cell: levels.rootCell, base: {}, write: writeStderr });
  return levels;
}

/** Whether `log` writes lines at `level` now: a guard for lines that cost something to build. */
export function logEnabled(log: Logger, level: LogLevel): boolean {
  return levelCheck(log)(level);
}

/** logEnabled bound to `log` once (for hot paths: no lookup per call; still follows level changes). */
export function levelCheck(log: Logger): (level: LogLevel) => boolean {
  const st = STATES.get(log);
  if (!st) return (level) => level !== "debug";
  const cell = st.cell;
  return (level) => EMIT_RANK[level] >= cell.minRank;
}
