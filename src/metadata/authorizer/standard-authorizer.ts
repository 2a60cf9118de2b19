// Kafka's StandardAuthorizer (authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer):
// ACLs come from the metadata image (AccessControlEntryRecords the controller wrote), super.users and
// allow.everyone.if.no.acl.found from the node's config. The index (StandardAuthorizerData) is rebuilt
// when the image's ACL map changes, which it does only when an ACL record applies: a check reads the
// current image and compares one reference.
//
// Before its initial load (Kafka's loadingComplete, set by the AclPublisher once the node's metadata
// has caught up) only super users are answered; any other principal's check throws
// AuthorizerNotReadyError, as StandardAuthorizerData.authorize throws AuthorizerNotReadyException. Kafka
// serves only early-start listeners (the controller listener, early.start.listeners) in that window;
// the request gets its error response with UNKNOWN_SERVER_ERROR (Kafka's Errors does not map the
// exception) and an ERROR log line.
//
// Host names are compared as Java prints the client's InetAddress (getHostAddress): dotted IPv4 (an
// IPv4-mapped IPv6 address counts as its IPv4 address) and IPv6 as eight uncompressed lowercase groups.

import type { AuthorizerSettings } from "../../config/authorizer-config.ts";
import type { MetadataImage } from "../image.ts";
import { BY_TYPE_PROBE_NAME, StandardAuthorizerData } from "./authorizer-data.ts";
import { AuthorizerAuditLog, type AuditAction } from "./audit-log.ts";
import type { Logger } from "../../util/log.ts";
import type { StandardAclWithId } from "./acl.ts";

export type AuthorizerConfig = Pick<AuthorizerSettings, "superUsers" | "allowEveryoneIfNoAclFound">;

const NO_ACLS: ReadonlyMap<string, StandardAclWithId> = new Map();

/** Kafka's AuthorizerNotReadyException: a check before the authorizer's initial load. */
export class AuthorizerNotReadyError extends Error {
  override readonly name = "AuthorizerNotReadyError";
  constructor() {
    super("The authorizer is not ready to receive the request yet.");
  }
}

export class StandardAuthorizer {
  private acls: ReadonlyMap<string, StandardAclWithId> | null = null;
  private data: StandardAuthorizerData;
  private loadingComplete = false;

  private readonly audit: AuthorizerAuditLog | null;

  /** `auditLog`: Kafka's kafka.authorizer.logger (audit-log.ts); null writes no audit lines. */
  constructor(
    readonly config: AuthorizerConfig,
    private readonly image: () => MetadataImage,
    auditLog: Logger | null = null,
  ) {
    this.data = new StandardAuthorizerData([], config.superUsers, config.allowEveryoneIfNoAclFound);
    this.audit = auditLog ? new AuthorizerAuditLog(auditLog) : null;
  }

  /** The index for the current image's ACLs (rebuilt only when they changed). */
  current(): StandardAuthorizerData {
    const acls = this.image().acls ?? NO_ACLS;
    if (acls !== this.acls) {
      this.data = new StandardAuthorizerData(acls.values(), this.config.superUsers, this.config.allowEveryoneIfNoAclFound);
      this.acls = acls;
    }
    return this.data;
  }

  /** Kafka's completeInitialLoad: from now on every principal's checks are answered. */
  completeInitialLoad(): void {
    this.loadingComplete = true;
  }

  get initialLoadComplete(): boolean {
    return this.loadingComplete;
  }

  /** Super users pass before the initial load; anyone else's check throws AuthorizerNotReadyError. */
  private ready(principal: string): StandardAuthorizerData {
    const data = this.current();
    if (!this.loadingComplete && !this.config.superUsers.has(principal)) throw new AuthorizerNotReadyError();
    return data;
  }

  /** `action`: the request's API and Kafka's Action flags, for the audit log (none: not logged). */
  authorize(principal: string, host: string, operation: number, resourceType: number, resourceName: string, action?: AuditAction): boolean {
    const rule = this.ready(principal).findRule(principal, host, operation, resourceType, resourceName);
    if (action && this.audit) this.audit.record(principal, host, operation, resourceType, resourceName, action, rule);
    return rule.allowed;
  }

  authorizeByResourceType(principal: string, host: string, operation: number, resourceType: number, apiKey?: number): boolean {
    const data = this.ready(principal);
    // Kafka's Authorizer.authorizeByResourceType first checks a probe name (reference count 0, a
    // denial not logged), so super users pass whatever the DENY ACLs.
    if (this.authorize(principal, host, operation, resourceType, BY_TYPE_PROBE_NAME, apiKey === undefined ? undefined : { apiKey, resourceRefCount: 0, logIfDenied: false })) return true;
    return data.authorizeByResourceType(principal, host, operation, resourceType);
  }

  authorizedOperations(principal: string, host: string, resourceType: number, resourceName: string): number {
    return this.ready(principal).authorizedOperations(principal, host, resourceType, resourceName);
  }
}

/** Java's InetAddress.getHostAddress() of a socket's remote address string. */
export function javaHostAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const halves = address.split("::");
  if (halves.length > 2) return address;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const groups = halves.length === 2 ? [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill("0"), ...tail] : head;
  if (groups.length !== 8) return address;
  return groups.map((g) => parseInt(g, 16).toString(16)).join(":");
}

/** Java's getHostAddress of the 4 or 16 address bytes an Envelope carries. */
export function javaHostAddressOfBytes(b: Uint8Array): string {
  if (b.length === 4) return `${b[0]}.${b[1]}.${b[2]}.${b[3]}`;
  if (b.length === 16) {
    const groups: string[] = [];
    for (let i = 0; i < 16; i += 2) groups.push(((b[i]! << 8) | b[i + 1]!).toString(16));
    return groups.join(":");
  }
  return "0.0.0.0";
}
