// Kafka's AclControlManager (controller side of CreateAcls / DeleteAcls): each new ACL is validated
// (validateNewAcl: a concrete resource type, LITERAL or PREFIXED, a concrete operation, ALLOW or DENY,
// a non-empty name), gets a fresh random id and one AccessControlEntryRecord; an ACL equal to one that
// exists is answered as created and writes nothing. A delete filter with an unknown field answers
// INVALID_REQUEST; each ACL a filter matches gets one RemoveAccessControlEntryRecord (an ACL matched by
// two filters is removed once) and is listed in that filter's result. More than MAX_RECORDS_PER_USER_OP
// removals fail the filter, as Kafka's BoundedList does.
//
// Planned against the controller's image (committed plus its own uncommitted records), so two
// operations in flight never give one ACL two ids.

import { ErrorCode } from "../protocol/errors.ts";
import { AclOperation, AclPermissionType, aclKey, filterHasUnknown, filterMatches, PatternType, ResourceType, type AclBindingFilter, type StandardAcl, type StandardAclWithId } from "./authorizer/acl.ts";
import { MAX_RECORDS_PER_USER_OP } from "./controller.ts";
import type { MetadataImage } from "./image.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";

export interface AclResult {
  readonly errorCode: number;
  readonly errorMessage: string | null;
}

export interface AclDeleteResult extends AclResult {
  readonly deleted: readonly StandardAcl[];
}

const OK: AclResult = { errorCode: ErrorCode.NONE, errorMessage: null };

/** Kafka's AclControlManager.validateNewAcl: null when valid, else the InvalidRequestException message. */
export function validateNewAcl(acl: StandardAcl): string | null {
  if (!(acl.resourceType >= ResourceType.TOPIC && acl.resourceType <= ResourceType.USER)) return `Invalid resourceType ${resourceTypeName(acl.resourceType)}`;
  if (acl.patternType !== PatternType.LITERAL && acl.patternType !== PatternType.PREFIXED) return `Invalid patternType ${patternTypeName(acl.patternType)}`;
  if (!(acl.operation >= AclOperation.ALL && acl.operation <= AclOperation.TWO_PHASE_COMMIT)) return `Invalid operation ${acl.operation === AclOperation.ANY ? "ANY" : "UNKNOWN"}`;
  if (acl.permissionType !== AclPermissionType.ALLOW && acl.permissionType !== AclPermissionType.DENY) return `Invalid permissionType ${acl.permissionType === AclPermissionType.ANY ? "ANY" : "UNKNOWN"}`;
  if (acl.resourceName === "") return "Resource name should not be empty";
  return null;
}

function resourceTypeName(code: number): string {
  return code === ResourceType.ANY ? "ANY" : "UNKNOWN";
}

function patternTypeName(code: number): string {
  return code === PatternType.ANY ? "ANY" : code === PatternType.MATCH ? "MATCH" : "UNKNOWN";
}

/** Kafka's AclControlManager.createAcls. */
export function planCreateAcls(image: Pick<MetadataImage, "acls">, acls: readonly StandardAcl[], newId: () => string): { records: MetadataRecordOut[]; results: AclResult[] } {
  const existing = new Set<string>();
  const ids = new Set<string>();
  // Bounded by the image's ACLs.
  for (const a of image.acls?.values() ?? []) {
    existing.add(aclKey(a));
    ids.add(a.id);
  }
  const records: MetadataRecordOut[] = [];
  const results: AclResult[] = [];
  for (const acl of acls) {
    const invalid = validateNewAcl(acl);
    if (invalid !== null) {
      results.push({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: invalid });
      continue;
    }
    const key = aclKey(acl);
    if (!existing.has(key)) {
      if (records.length >= MAX_RECORDS_PER_USER_OP) {
        results.push({ errorCode: ErrorCode.POLICY_VIOLATION, errorMessage: "Unable to perform excessively large batch operation." });
        continue;
      }
      existing.add(key);
      let id = newId();
      // Bounded: a random 128-bit id collides practically never.
      while (ids.has(id)) id = newId();
      ids.add(id);
      records.push(metadataRecord(RecordType.ACCESS_CONTROL_ENTRY, { id, ...fields(acl) }));
    }
    results.push(OK);
  }
  return { records, results };
}

function fields(a: StandardAcl): StandardAcl {
  return { resourceType: a.resourceType, resourceName: a.resourceName, patternType: a.patternType, principal: a.principal, host: a.host, operation: a.operation, permissionType: a.permissionType };
}

/** Kafka's AclControlManager.deleteAcls. */
export function planDeleteAcls(image: Pick<MetadataImage, "acls">, filters: readonly AclBindingFilter[]): { records: MetadataRecordOut[]; results: AclDeleteResult[] } {
  const removed = new Set<string>();
  const records: MetadataRecordOut[] = [];
  const results: AclDeleteResult[] = [];
  const all: readonly StandardAclWithId[] = [...(image.acls?.values() ?? [])];
  for (const f of filters) {
    if (filterHasUnknown(f)) {
      results.push({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Unknown patternFilter.", deleted: [] });
      continue;
    }
    const deleted: StandardAcl[] = [];
    const mine: MetadataRecordOut[] = [];
    let tooMany = false;
    // Bounded by the image's ACLs.
    for (const a of all) {
      if (!filterMatches(f, a)) continue;
      deleted.push(fields(a));
      if (removed.has(a.id)) continue;
      mine.push(metadataRecord(RecordType.REMOVE_ACCESS_CONTROL_ENTRY, { id: a.id }));
      if (records.length + mine.length > MAX_RECORDS_PER_USER_OP) {
        tooMany = true;
        break;
      }
    }
    if (tooMany) {
      results.push({ errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: `Cannot remove more than ${MAX_RECORDS_PER_USER_OP} acls in a single delete operation.`, deleted: [] });
      continue;
    }
    for (const r of mine) {
      removed.add((r.message as { id: string }).id);
      records.push(r);
    }
    results.push({ errorCode: ErrorCode.NONE, errorMessage: null, deleted });
  }
  return { records, results };
}
