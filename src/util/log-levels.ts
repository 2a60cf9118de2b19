// Log levels per named logger: the model behind the BROKER_LOGGER config resource, as Kafka's log4j
// controller (org.apache.kafka.server.logger.Log4jCoreController over log4j2) gives it.
//
// - "root" always exists; its level starts as STRAND_LOG_LEVEL (log4j: rootLogger.level).
// - Named loggers exist once a component registers them (log4j: once a class calls getLogger). Only
//   registered names can be set or unset, as Kafka refuses a name no class created.
// - A logger with no level of its own inherits from its nearest dotted ancestor that has one, else from
//   root (log4j's LoggerConfig parent chain). Unsetting a level (DELETE) returns the logger to that.
// - Levels live in memory only: a restart starts from STRAND_LOG_LEVEL again (Kafka keeps them in its
//   LoggerContext only, nothing is written to the metadata log).

/** Kafka's valid levels (LogLevelConfig.VALID_LOG_LEVELS), lowest first. */
export const LOG4J_LEVELS = ["TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"] as const;
export type Log4jLevel = (typeof LOG4J_LEVELS)[number];
export const ROOT_LOGGER = "root";
/** More names than Strand registers; a bound on the map, not a limit anyone reaches. */
const MAX_LOGGERS = 256;

const RANK: Readonly<Record<Log4jLevel, number>> = { TRACE: 0, DEBUG: 1, INFO: 2, WARN: 3, ERROR: 4, FATAL: 5 };

/** The rank of a Strand log call's level (Strand writes no TRACE or FATAL lines). */
export const EMIT_RANK = { debug: 1, info: 2, warn: 3, error: 4 } as const;

export function isLog4jLevel(s: string): s is Log4jLevel {
  return (LOG4J_LEVELS as readonly string[]).includes(s);
}

/** STRAND_LOG_LEVEL's value as a level: any case; anything else is INFO. */
export function parseLevel(s: string | undefined): Log4jLevel {
  const u = (s ?? "").toUpperCase();
  return isLog4jLevel(u) ? u : "INFO";
}

/** What a logger checks before writing a line: the lowest rank it writes (read on every call). */
export interface LevelCell {
  readonly name: string;
  minRank: number;
}

export class LogLevels {
  private rootLevel: Log4jLevel;
  /** Registered names (insertion order) and the level each was given, null when it inherits. */
  private readonly own = new Map<string, Log4jLevel | null>();
  private readonly cells = new Map<string, LevelCell>();
  readonly rootCell: LevelCell;

  constructor(rootLevel: Log4jLevel = "INFO") {
    this.rootLevel = rootLevel;
    this.rootCell = { name: ROOT_LOGGER, minRank: RANK[rootLevel] };
  }

  /** The cell of a named logger, created on first use (idempotent). */
  register(name: string): LevelCell {
    if (name === ROOT_LOGGER) return this.rootCell;
    let cell = this.cells.get(name);
    if (!cell) {
      if (this.cells.size >= MAX_LOGGERS) throw new RangeError(`more than ${MAX_LOGGERS} named loggers`);
      if (name.length === 0) throw new RangeError("a logger name must not be empty");
      this.own.set(name, null);
      cell = { name, minRank: RANK[this.effective(name)] };
      this.cells.set(name, cell);
    }
    return cell;
  }

  exists(name: string): boolean {
    return name === ROOT_LOGGER || this.own.has(name);
  }

  /** The level a logger writes at (its own, else inherited), as log4j's Logger.getLevel answers. */
  level(name: string): Log4jLevel | undefined {
    return this.exists(name) ? this.effective(name) : undefined;
  }

  /** Gives a logger its own level; false when no such logger exists. */
  set(name: string, level: Log4jLevel): boolean {
    if (name === ROOT_LOGGER) this.rootLevel = level;
    else if (this.own.has(name)) this.own.set(name, level);
    else return false;
    this.refresh();
    return true;
  }

  /** Removes a logger's own level, so it inherits again; false for root and unknown names. */
  unset(name: string): boolean {
    if (name === ROOT_LOGGER || !this.own.has(name)) return false;
    this.own.set(name, null);
    this.refresh();
    return true;
  }

  /** Every logger with its level: root first, then the named ones in the order they were registered. */
  loggers(): Array<[string, Log4jLevel]> {
    return [[ROOT_LOGGER, this.rootLevel], ...[...this.own.keys()].map((n): [string, Log4jLevel] => [n, this.effective(n)])];
  }

  private effective(name: string): Log4jLevel {
    const mine = this.own.get(name);
    if (mine) return mine;
    // Dotted ancestors, nearest first (a.b.C -> a.b -> a). Bounded by the name's length.
    for (let i = name.lastIndexOf("."); i > 0; i = name.lastIndexOf(".", i - 1)) {
      const up = this.own.get(name.slice(0, i));
      if (up) return up;
    }
    return this.rootLevel;
  }

  private refresh(): void {
    this.rootCell.minRank = RANK[this.rootLevel];
    for (const [name, cell] of this.cells) cell.minRank = RANK[this.effective(name)];
  }
}
