// Kafka's authorizer audit log (StandardAuthorizerData.logAuditMessage on the logger
// "kafka.authorizer.logger"): every decided check, with Kafka's text:
//
//   Principal = User:alice is Denied operation = WRITE from host = 127.0.0.1 on resource =
//   Topic:LITERAL:orders for request = Produce with resourceRefCount = 1 based on rule
//   MatchingAcl(acl=StandardAcl(resourceType=TOPIC, resourceName=orders, patternType=LITERAL,
//   principal=User:alice, host=*, operation=WRITE, permissionType=DENY))
//
// A denial the request asked for (logIfDenied) at INFO, an allowed access that grants something
// (logIfAllowed) at DEBUG. Kafka logs the other checks (authorized-operations bit sets, filters) at
// TRACE, a level Strand's loggers do not have: they are not logged. The message is built only when the
// level is on, so checks cost nothing more with the logger at its default INFO and nothing denied.

import { API_BY_KEY } from "../../protocol/generated/api-table.ts";
import { levelCheck, type Logger } from "../../util/log.ts";
import type { MatchingRule } from "./authorizer-data.ts";
import type { StandardAcl } from "./acl.ts";

export const AUTHORIZER_LOGGER_NAME = "kafka.authorizer.logger";

/** What the check is for (Kafka's Action flags and the request's API). */
export interface AuditAction {
  readonly apiKey: number;
  /** How many times the request names the resource (Action.resourceReferenceCount). */
  readonly resourceRefCount?: number;
  readonly logIfAllowed?: boolean;
  readonly logIfDenied?: boolean;
}

const RESOURCE_TYPE_ENUM = ["UNKNOWN", "ANY", "TOPIC", "GROUP", "CLUSTER", "TRANSACTIONAL_ID", "DELEGATION_TOKEN", "USER"];
/** SecurityUtils.resourceTypeName: the enum name in Pascal case. */
const RESOURCE_TYPE_NAME = ["Unknown", "Any", "Topic", "Group", "Cluster", "TransactionalId", "DelegationToken", "User"];
const PATTERN_TYPE = ["UNKNOWN", "ANY", "MATCH", "LITERAL", "PREFIXED"];
const OPERATION = ["UNKNOWN", "ANY", "ALL", "READ", "WRITE", "CREATE", "DELETE", "ALTER", "DESCRIBE", "CLUSTER_ACTION", "DESCRIBE_CONFIGS", "ALTER_CONFIGS", "IDEMPOTENT_WRITE", "CREATE_TOKENS", "DESCRIBE_TOKENS", "TWO_PHASE_COMMIT"];
const PERMISSION = ["UNKNOWN", "ANY", "DENY", "ALLOW"];

const name = (table: readonly string[], code: number): string => table[code] ?? "UNKNOWN";

/** StandardAcl.toString. */
export function standardAclString(a: StandardAcl): string {
  return `StandardAcl(resourceType=${name(RESOURCE_TYPE_ENUM, a.resourceType)}, resourceName=${a.resourceName}, patternType=${name(PATTERN_TYPE, a.patternType)}, principal=${a.principal}, host=${a.host}, operation=${name(OPERATION, a.operation)}, permissionType=${name(PERMISSION, a.permissionType)})`;
}

/** MatchingRule.toString: SuperUser, DefaultAllow, DefaultDeny or MatchingAcl(acl=...). */
export function ruleString(rule: MatchingRule): string {
  return rule.acl ? `MatchingAcl(acl=${standardAclString(rule.acl)})` : (rule.name ?? (rule.allowed ? "DefaultAllow" : "DefaultDeny"));
}

/** StandardAuthorizerData.buildAuditMessage. */
export function auditMessage(principal: string, host: string, operation: number, resourceType: number, resourceName: string, action: AuditAction, rule: MatchingRule): string {
  const request = API_BY_KEY.get(action.apiKey)?.name ?? String(action.apiKey);
  return (
    `Principal = ${principal} is ${rule.allowed ? "Allowed" : "Denied"} operation = ${name(OPERATION, operation)} from host = ${host}` +
    ` on resource = ${name(RESOURCE_TYPE_NAME, resourceType)}:LITERAL:${resourceName} for request = ${request}` +
    ` with resourceRefCount = ${action.resourceRefCount ?? 1} based on rule ${ruleString(rule)}`
  );
}

/** The audit logger of one authorizer: writes a decided check as Kafka's logAuditMessage does. */
export class AuthorizerAuditLog {
  private readonly at: (level: "debug" | "info") => boolean;

  constructor(private readonly log: Logger) {
    this.at = levelCheck(log);
  }

  record(principal: string, host: string, operation: number, resourceType: number, resourceName: string, action: AuditAction, rule: MatchingRule): void {
    if (rule.allowed) {
      if ((action.logIfAllowed ?? true) && this.at("debug")) this.log.debug(auditMessage(principal, host, operation, resourceType, resourceName, action, rule));
    } else if ((action.logIfDenied ?? true) && this.at("info")) {
      this.log.info(auditMessage(principal, host, operation, resourceType, resourceName, action, rule));
    }
  }
}
