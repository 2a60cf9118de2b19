// Kafka's ACL vocabulary with its wire codes (org.apache.kafka.common.resource.ResourceType /
// PatternType, org.apache.kafka.common.acl.AclOperation / AclPermissionType) and StandardAcl: one
// access control entry bound to a resource pattern, as AccessControlEntryRecord stores it. Filters
// (AclBindingFilter) match ACLs for DescribeAcls and DeleteAcls.

export const ResourceType = { UNKNOWN: 0, ANY: 1, TOPIC: 2, GROUP: 3, CLUSTER: 4, TRANSACTIONAL_ID: 5, DELEGATION_TOKEN: 6, USER: 7 } as const;
export type ResourceTypeCode = (typeof ResourceType)[keyof typeof ResourceType];

export const PatternType = { UNKNOWN: 0, ANY: 1, MATCH: 2, LITERAL: 3, PREFIXED: 4 } as const;

export const AclOperation = {
  UNKNOWN: 0,
  ANY: 1,
  ALL: 2,
  READ: 3,
  WRITE: 4,
  CREATE: 5,
  DELETE: 6,
  ALTER: 7,
  DESCRIBE: 8,
  CLUSTER_ACTION: 9,
  DESCRIBE_CONFIGS: 10,
  ALTER_CONFIGS: 11,
  IDEMPOTENT_WRITE: 12,
  CREATE_TOKENS: 13,
  DESCRIBE_TOKENS: 14,
  TWO_PHASE_COMMIT: 15,
} as const;
export type AclOperationCode = (typeof AclOperation)[keyof typeof AclOperation];

export const AclPermissionType = { UNKNOWN: 0, ANY: 1, DENY: 2, ALLOW: 3 } as const;

/** Kafka's ResourcePattern.WILDCARD_RESOURCE and AclEntry.WildcardHost. */
export const WILDCARD = "*";
/** Kafka's AclEntry.WildcardPrincipalString. */
export const WILDCARD_PRINCIPAL = "User:*";
/** Kafka's ResourcePattern name of the one CLUSTER resource. */
export const CLUSTER_NAME = "kafka-cluster";

/** The operations each resource type has (Kafka's AclEntry.supportedOperations), for authorized-operations bit sets. */
export const SUPPORTED_OPERATIONS: Readonly<Record<number, readonly AclOperationCode[]>> = {
  [ResourceType.TOPIC]: [AclOperation.READ, AclOperation.WRITE, AclOperation.CREATE, AclOperation.DESCRIBE, AclOperation.DELETE, AclOperation.ALTER, AclOperation.DESCRIBE_CONFIGS, AclOperation.ALTER_CONFIGS],
  [ResourceType.GROUP]: [AclOperation.READ, AclOperation.DESCRIBE, AclOperation.DELETE, AclOperation.DESCRIBE_CONFIGS, AclOperation.ALTER_CONFIGS],
  [ResourceType.CLUSTER]: [AclOperation.CREATE, AclOperation.CLUSTER_ACTION, AclOperation.DESCRIBE_CONFIGS, AclOperation.ALTER_CONFIGS, AclOperation.IDEMPOTENT_WRITE, AclOperation.ALTER, AclOperation.DESCRIBE],
  [ResourceType.TRANSACTIONAL_ID]: [AclOperation.DESCRIBE, AclOperation.WRITE, AclOperation.TWO_PHASE_COMMIT],
  [ResourceType.DELEGATION_TOKEN]: [AclOperation.DESCRIBE],
  [ResourceType.USER]: [AclOperation.CREATE_TOKENS, AclOperation.DESCRIBE_TOKENS],
};

/** Kafka's StandardAcl: every field as AccessControlEntryRecord holds it (principal as "User:alice"). */
export interface StandardAcl {
  readonly resourceType: number;
  readonly resourceName: string;
  /** LITERAL or PREFIXED. */
  readonly patternType: number;
  readonly principal: string;
  readonly host: string;
  readonly operation: number;
  readonly permissionType: number;
}

/** An ACL with the id the controller gave it (StandardAclWithId; AccessControlEntryRecord.Id). */
export interface StandardAclWithId extends StandardAcl {
  readonly id: string;
}

/** One string naming every field: equal ACLs have equal keys (the controller keeps no duplicates). */
export function aclKey(a: StandardAcl): string {
  return `${a.resourceType}\u0000${a.patternType}\u0000${a.resourceName}\u0000${a.principal}\u0000${a.host}\u0000${a.operation}\u0000${a.permissionType}`;
}

/** Kafka's AclBindingFilter: nulls and ANY match everything; MATCH matches the patterns that apply to a literal name. */
export interface AclBindingFilter {
  readonly resourceType: number;
  readonly resourceName: string | null;
  readonly patternType: number;
  readonly principal: string | null;
  readonly host: string | null;
  readonly operation: number;
  readonly permissionType: number;
}

/** Kafka's ResourcePatternFilter.isUnknown / AccessControlEntryFilter.isUnknown: a field no code names. */
export function filterHasUnknown(f: AclBindingFilter): boolean {
  return (
    !(f.resourceType >= ResourceType.ANY && f.resourceType <= ResourceType.USER) ||
    !(f.patternType >= PatternType.ANY && f.patternType <= PatternType.PREFIXED) ||
    !(f.operation >= AclOperation.ANY && f.operation <= AclOperation.TWO_PHASE_COMMIT) ||
    !(f.permissionType >= AclPermissionType.ANY && f.permissionType <= AclPermissionType.ALLOW)
  );
}

/** Kafka's AclBindingFilter.matches(AclBinding). */
export function filterMatches(f: AclBindingFilter, a: StandardAcl): boolean {
  if (f.resourceType !== ResourceType.ANY && f.resourceType !== a.resourceType) return false;
  if (!patternMatches(f, a)) return false;
  if (f.principal !== null && f.principal !== a.principal) return false;
  if (f.host !== null && f.host !== a.host) return false;
  if (f.operation !== AclOperation.ANY && f.operation !== a.operation) return false;
  return f.permissionType === AclPermissionType.ANY || f.permissionType === a.permissionType;
}

function patternMatches(f: AclBindingFilter, a: StandardAcl): boolean {
  if (f.patternType === PatternType.ANY) return f.resourceName === null || f.resourceName === a.resourceName;
  if (f.patternType === PatternType.MATCH) {
    if (f.resourceName === null) return true;
    if (a.patternType === PatternType.LITERAL) return a.resourceName === f.resourceName || a.resourceName === WILDCARD;
    if (a.patternType === PatternType.PREFIXED) return f.resourceName.startsWith(a.resourceName);
    return false;
  }
  return f.patternType === a.patternType && (f.resourceName === null || f.resourceName === a.resourceName);
}

/** Kafka's Utils.to32BitField over operation codes: bit `code` set for each. */
export function operationsBitField(ops: Iterable<number>): number {
  let bits = 0;
  for (const op of ops) bits |= 1 << op;
  return bits;
}
