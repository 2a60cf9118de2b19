// The typed error the group coordinator throws: a Kafka error code with the group (and member) it
// concerns. Handlers turn it into the response's error code.

import { ErrorCode, errorName } from "../../protocol/errors.ts";
import { CoordinatorError } from "../runtime/errors.ts";

export class GroupError extends Error {
  readonly code: number;
  readonly groupId: string;
  readonly memberId: string | null;

  constructor(code: number, groupId: string, detail: string, memberId: string | null = null) {
    super(`${errorName(code)}: group '${groupId}'${memberId !== null ? ` member '${memberId}'` : ""}: ${detail}`);
    this.name = "GroupError";
    this.code = code;
    this.groupId = groupId;
    this.memberId = memberId;
  }
}

/** The error code for anything thrown by the coordinator (unexpected errors are UNKNOWN_SERVER_ERROR). */
export function errorCodeOf(e: unknown): number {
  if (e instanceof GroupError || e instanceof CoordinatorError) return e.code;
  return ErrorCode.UNKNOWN_SERVER_ERROR;
}

/** The Kafka error code of a coordinator error (routing, a failed append, a group check); rethrows anything else. */
export function coordinatorErrorCode(e: unknown): number {
  if (e instanceof GroupError || e instanceof CoordinatorError) return e.code;
  throw e;
}
