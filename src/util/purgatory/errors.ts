// Typed errors of the purgatory: misuse by a caller (an operation watched twice, bad options), with the
// operation's deadline and the purgatory's name so the log line says which subsystem did it.

export type PurgatoryErrorCode = "ALREADY_WATCHED" | "INVALID_OPTION";

export class PurgatoryError extends Error {
  constructor(
    readonly code: PurgatoryErrorCode,
    readonly purgatory: string,
    message: string,
  ) {
    super(`purgatory ${purgatory}: ${message}`);
    this.name = "PurgatoryError";
  }
}
