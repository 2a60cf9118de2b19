// Kafka's StandardAuthorizerData: the ACLs indexed for the per-request checks, and the rules that
// decide one (StandardAuthorizerData.authorize / findAclRule / findResult):
//
//   - a super user (super.users) is allowed everything;
//   - the ACLs that apply to a resource are its LITERAL ones with the same name, the PREFIXED ones whose
//     name starts the resource's name, and the LITERAL '*' ones, of the same resource type;
//   - an ACL applies to the request when its principal is the request's or User:*, and its host is the
//     client's address or '*';
//   - a DENY applies to its operation (or ALL) only; an ALLOW of READ, WRITE, DELETE or ALTER also
//     allows DESCRIBE, one of ALTER_CONFIGS also DESCRIBE_CONFIGS (ALL allows everything);
//   - any DENY that applies wins; else any ALLOW; else, when the resource has no ACLs at all (for
//     anyone), allow.everyone.if.no.acl.found decides; else denied.
//
// The index: per resource type, literal names in a map, prefixes in a map with the set of their
// lengths (a check looks up one prefix per distinct length), wildcard ACLs in a list. Built once per
// ACL change (the image's ACL map is replaced only when an ACL record applies).

import { AclOperation, AclPermissionType, PatternType, SUPPORTED_OPERATIONS, WILDCARD, WILDCARD_PRINCIPAL, type StandardAcl } from "./acl.ts";

interface TypeIndex {
  readonly literal: Map<string, StandardAcl[]>;
  readonly prefixed: Map<string, StandardAcl[]>;
  /** Distinct prefix lengths, longest first (Kafka's scan order: the rule it reports is the first found). */
  prefixLengths: number[];
  readonly wildcard: StandardAcl[];
}

/** Kafka's MatchingRule: the ACL that decided (null: SuperUser or a default rule) and the result. */
export interface MatchingRule {
  readonly allowed: boolean;
  readonly acl: StandardAcl | null;
  /** Set on the rules without an ACL: Kafka's "SuperUser", "DefaultAllow", "DefaultDeny". */
  readonly name?: string;
}

const SUPER_USER_RULE: MatchingRule = { allowed: true, acl: null, name: "SuperUser" };
const DEFAULT_ALLOW_RULE: MatchingRule = { allowed: true, acl: null, name: "DefaultAllow" };
const DEFAULT_DENY_RULE: MatchingRule = { allowed: false, acl: null, name: "DefaultDeny" };

const enum Found {
  NONE = 0,
  ALLOW = 1,
  DENY = 2,
}

/** Kafka's name for the resource checked by authorizeByResourceType (any literal name no ACL is likely to use). */
export const BY_TYPE_PROBE_NAME = "hardcode";

export class StandardAuthorizerData {
  private readonly byType = new Map<number, TypeIndex>();

  constructor(
    acls: Iterable<StandardAcl>,
    readonly superUsers: ReadonlySet<string>,
    readonly allowEveryoneIfNoAclFound: boolean,
  ) {
    // Bounded by the image's ACLs.
    for (const acl of acls) this.add(acl);
    for (const idx of this.byType.values()) idx.prefixLengths.sort((a, b) => b - a);
  }

  private add(acl: StandardAcl): void {
    let idx = this.byType.get(acl.resourceType);
    if (!idx) {
      idx = { literal: new Map(), prefixed: new Map(), prefixLengths: [], wildcard: [] };
      this.byType.set(acl.resourceType, idx);
    }
    if (acl.patternType === PatternType.LITERAL && acl.resourceName === WILDCARD) {
      idx.wildcard.push(acl);
    } else if (acl.patternType === PatternType.LITERAL) {
      push(idx.literal, acl.resourceName, acl);
    } else if (acl.patternType === PatternType.PREFIXED) {
      if (!idx.prefixed.has(acl.resourceName) && !idx.prefixLengths.includes(acl.resourceName.length)) idx.prefixLengths.push(acl.resourceName.length);
      push(idx.prefixed, acl.resourceName, acl);
    }
  }

  /** Every ACL that names a resource of this type (for authorizeByResourceType). */
  private aclsOfType(resourceType: number): StandardAcl[] {
    const idx = this.byType.get(resourceType);
    if (!idx) return [];
    const out: StandardAcl[] = [...idx.wildcard];
    for (const l of idx.literal.values()) out.push(...l);
    for (const l of idx.prefixed.values()) out.push(...l);
    return out;
  }

  /** Kafka's StandardAuthorizerData.authorize for a LITERAL resource: true when allowed. */
  authorize(principal: string, host: string, operation: number, resourceType: number, resourceName: string): boolean {
    return this.findRule(principal, host, operation, resourceType, resourceName).allowed;
  }

  /** The rule that decides the check (Kafka's MatchingRule: SuperUser, a matching ACL, or the default). */
  findRule(principal: string, host: string, operation: number, resourceType: number, resourceName: string): MatchingRule {
    if (this.superUsers.has(principal)) return SUPER_USER_RULE;
    const noAcl = this.allowEveryoneIfNoAclFound ? DEFAULT_ALLOW_RULE : DEFAULT_DENY_RULE;
    const idx = this.byType.get(resourceType);
    if (!idx) return noAcl;
    let hasResourceAcls = false;
    let allowAcl: StandardAcl | null = null;
    let denyAcl: StandardAcl | null = null;
    const check = (list: readonly StandardAcl[] | undefined): boolean => {
      if (!list) return false;
      hasResourceAcls = true;
      // Bounded by the ACLs of one resource pattern.
      for (const acl of list) {
        const r = findResult(principal, host, operation, acl);
        if (r === Found.DENY) {
          denyAcl = acl;
          return true;
        }
        if (r === Found.ALLOW) allowAcl ??= acl;
      }
      return false;
    };
    const denied = (): MatchingRule => ({ allowed: false, acl: denyAcl });
    if (check(idx.literal.get(resourceName))) return denied();
    // Bounded by the distinct prefix lengths of this resource type.
    for (const len of idx.prefixLengths) {
      if (len > resourceName.length) continue;
      if (check(idx.prefixed.get(resourceName.slice(0, len)))) return denied();
    }
    if (idx.wildcard.length > 0 && check(idx.wildcard)) return denied();
    if (allowAcl !== null) return { allowed: true, acl: allowAcl };
    return hasResourceAcls ? DEFAULT_DENY_RULE : noAcl;
  }

  /** Kafka's AuthHelper.authorizedOperations: the bit set of the resource type's operations allowed. */
  authorizedOperations(principal: string, host: string, resourceType: number, resourceName: string): number {
    let bits = 0;
    for (const op of SUPPORTED_OPERATIONS[resourceType] ?? []) {
      if (this.authorize(principal, host, op, resourceType, resourceName)) bits |= 1 << op;
    }
    return bits;
  }

  /**
   * Kafka's Authorizer.authorizeByResourceType: allowed when the probe resource is, or when some ALLOW
   * (a LITERAL '*' one, or a literal or prefixed one no DENY of the same operation dominates) applies
   * to the principal and host for the operation on resources of the type.
   */
  authorizeByResourceType(principal: string, host: string, operation: number, resourceType: number): boolean {
    if (this.authorize(principal, host, operation, resourceType, BY_TYPE_PROBE_NAME)) return true;
    const denyLiteral = new Set<string>();
    const denyPrefixed = new Set<string>();
    const allowLiteral = new Set<string>();
    const allowPrefixed = new Set<string>();
    let wildcardAllow = false;
    for (const acl of this.aclsOfType(resourceType)) {
      if (acl.host !== host && acl.host !== WILDCARD) continue;
      if (acl.principal !== principal && acl.principal !== WILDCARD_PRINCIPAL) continue;
      if (acl.operation !== operation && acl.operation !== AclOperation.ALL) continue;
      const literal = acl.patternType === PatternType.LITERAL;
      if (acl.permissionType === AclPermissionType.DENY) {
        if (literal && acl.resourceName === WILDCARD) return false;
        (literal ? denyLiteral : denyPrefixed).add(acl.resourceName);
      } else if (acl.permissionType === AclPermissionType.ALLOW) {
        if (literal && acl.resourceName === WILDCARD) wildcardAllow = true;
        else (literal ? allowLiteral : allowPrefixed).add(acl.resourceName);
      }
    }
    if (wildcardAllow) return true;
    const dominated = (name: string): boolean => {
      for (let i = 1; i <= name.length; i++) if (denyPrefixed.has(name.slice(0, i))) return true;
      return false;
    };
    for (const name of allowLiteral) if (!denyLiteral.has(name) && !dominated(name)) return true;
    for (const name of allowPrefixed) if (!dominated(name)) return true;
    return false;
  }
}

function push(m: Map<string, StandardAcl[]>, key: string, acl: StandardAcl): void {
  const l = m.get(key);
  if (l) l.push(acl);
  else m.set(key, [acl]);
}

/** Kafka's StandardAuthorizerData.findResult: whether this ACL allows, denies, or says nothing. */
function findResult(principal: string, host: string, operation: number, acl: StandardAcl): Found {
  if (acl.principal !== principal && acl.principal !== WILDCARD_PRINCIPAL) return Found.NONE;
  if (acl.host !== WILDCARD && acl.host !== host) return Found.NONE;
  const allow = acl.permissionType === AclPermissionType.ALLOW;
  if (acl.operation !== AclOperation.ALL) {
    if (allow) {
      if (operation === AclOperation.DESCRIBE) {
        if (!IMPLIES_DESCRIBE.has(acl.operation)) return Found.NONE;
      } else if (operation === AclOperation.DESCRIBE_CONFIGS) {
        if (!IMPLIES_DESCRIBE_CONFIGS.has(acl.operation)) return Found.NONE;
      } else if (operation !== acl.operation) {
        return Found.NONE;
      }
    } else if (operation !== acl.operation) {
      return Found.NONE;
    }
  }
  if (allow) return Found.ALLOW;
  return acl.permissionType === AclPermissionType.DENY ? Found.DENY : Found.NONE;
}

const IMPLIES_DESCRIBE: ReadonlySet<number> = new Set([AclOperation.DESCRIBE, AclOperation.READ, AclOperation.WRITE, AclOperation.DELETE, AclOperation.ALTER]);
const IMPLIES_DESCRIBE_CONFIGS: ReadonlySet<number> = new Set([AclOperation.DESCRIBE_CONFIGS, AclOperation.ALTER_CONFIGS]);
