// The logging the coordinator needs, as a structural interface: the broker passes its Logger (which
// has these methods), so nothing in coordinator/ imports the server's logger.

export interface CoordinatorLogger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** For unit tests and tools that build a coordinator alone: warnings and errors go to stderr. */
export const STDERR_LOGGER: CoordinatorLogger = {
  debug() {},
  info() {},
  warn: (msg, fields) => console.warn(msg, fields ?? {}),
  error: (msg, fields) => console.error(msg, fields ?? {}),
};
