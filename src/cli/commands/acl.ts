// `strand acl create|list|delete`, with kafka-acls.sh's vocabulary: a principal (User:alice), allow or
// deny, operations (Read, Write, ...), a resource (--topic, --group, --cluster, --transactional-id,
// --delegation-token, --user) and its pattern type (literal, prefixed; list and delete also take any and
// match), and a host (* by default). CreateAcls, DescribeAcls and DeleteAcls go to any broker (the
// controller's through forwarding). A broker without an authorizer answers SECURITY_DISABLED.

import type { CommandDef } from "citty";
import { errorName } from "../../protocol/errors.ts";
import type { CreateAclsResponse } from "../../protocol/generated/messages/create-acls-response.ts";
import type { DeleteAclsResponse } from "../../protocol/generated/messages/delete-acls-response.ts";
import type { DescribeAclsResponse } from "../../protocol/generated/messages/describe-acls-response.ts";
import { API } from "../client/api-keys.ts";
import type { ArgDefs, ParsedArgs } from "../client/cli-args.ts";
import { clientCommand, groupCommand } from "../client/client-command.ts";
import { checkError } from "../client/kafka-cli-client.ts";
import { formatTable } from "../client/output.ts";
import { CliError } from "../protocol-decode.ts";

// Kafka's enums (ResourceType, PatternType, AclOperation, AclPermissionType): name -> id.
const RESOURCE_TYPES: Record<string, number> = { any: 1, topic: 2, group: 3, cluster: 4, "transactional-id": 5, "delegation-token": 6, user: 7 };
const PATTERN_TYPES: Record<string, number> = { any: 1, match: 2, literal: 3, prefixed: 4 };
const OPERATIONS: Record<string, number> = {
  Any: 1, All: 2, Read: 3, Write: 4, Create: 5, Delete: 6, Alter: 7, Describe: 8, ClusterAction: 9,
  DescribeConfigs: 10, AlterConfigs: 11, IdempotentWrite: 12, CreateTokens: 13, DescribeTokens: 14, TwoPhaseCommit: 15,
};
const PERMISSIONS: Record<string, number> = { any: 1, deny: 2, allow: 3 };

const nameOf = (table: Record<string, number>, id: number) => Object.entries(table).find(([, v]) => v === id)?.[0] ?? `UNKNOWN(${id})`;

const RESOURCE_FLAGS = ["topic", "group", "cluster", "transactional-id", "delegation-token", "user"] as const;

const ACL_ARGS: ArgDefs = {
  principal: { type: "string", description: "Principal, e.g. User:alice" },
  permission: { type: "string", description: "allow or deny", options: ["allow", "deny"] },
  operation: { type: "string", alias: "o", description: `Operation (repeatable): ${Object.keys(OPERATIONS).filter((o) => o !== "Any").join(", ")}`, repeatable: true },
  host: { type: "string", description: "Client host (* any)" },
  topic: { type: "string", description: "Topic name (* every topic)" },
  group: { type: "string", description: "Group id (* every group)" },
  cluster: { type: "boolean", description: "The cluster resource" },
  "transactional-id": { type: "string", description: "Transactional id (* every one)" },
  "delegation-token": { type: "string", description: "Delegation token id" },
  user: { type: "string", description: "User principal (for CreateTokens / DescribeTokens on a user)" },
  "pattern-type": { type: "string", description: "Resource pattern type", options: ["literal", "prefixed", "any", "match"] },
};

function operationId(raw: string): number {
  const key = Object.keys(OPERATIONS).find((k) => k.toLowerCase() === raw.replace(/[-_]/g, "").toLowerCase());
  if (!key) throw new CliError("--operation", raw, `one of ${Object.keys(OPERATIONS).join(", ")}`);
  return OPERATIONS[key]!;
}

/** The resource flag given (at most one): its type and name; none: null. */
function resourceOf(args: ParsedArgs): { type: string; name: string } | null {
  const given = RESOURCE_FLAGS.filter((f) => (f === "cluster" ? args.bool(f) : args.string(f) !== undefined));
  if (given.length > 1) throw new CliError("resource", given.map((g) => `--${g}`).join(" "), `one of ${RESOURCE_FLAGS.map((f) => `--${f}`).join(", ")}`);
  if (given.length === 0) return null;
  const type = given[0]!;
  return { type, name: type === "cluster" ? "kafka-cluster" : args.string(type)! };
}

function principalOf(raw: string | undefined): string | undefined {
  if (raw !== undefined && !/^[^:\s]+:.+$/.test(raw)) throw new CliError("--principal", raw, "TYPE:NAME, e.g. User:alice");
  return raw;
}

interface AclView {
  resourceType: string;
  resourceName: string;
  patternType: string;
  principal: string;
  host: string;
  operation: string;
  permission: string;
}

function aclTable(acls: readonly AclView[]): string {
  return formatTable(["resource-type", "resource-name", "pattern-type", "principal", "host", "operation", "permission"], acls.map((a) => [a.resourceType, a.resourceName, a.patternType, a.principal, a.host, a.operation, a.permission]));
}

/** The filter of list and delete: every field given narrows it; the rest match anything. */
function filterOf(args: ParsedArgs) {
  const r = resourceOf(args);
  const ops = args.list("operation").map(operationId);
  if (ops.length > 1) throw new CliError("--operation", args.list("operation").join(","), "at most one operation in a filter");
  return {
    resourceTypeFilter: r ? RESOURCE_TYPES[r.type]! : RESOURCE_TYPES.any!,
    resourceNameFilter: r ? r.name : null,
    patternTypeFilter: PATTERN_TYPES[args.string("pattern-type") ?? (r ? "literal" : "any")]!,
    principalFilter: principalOf(args.string("principal")) ?? null,
    hostFilter: args.string("host") ?? null,
    operation: ops[0] ?? OPERATIONS.Any!,
    permissionType: PERMISSIONS[args.string("permission") ?? "any"]!,
  };
}

const create = clientCommand({
  name: "create",
  description: "Create ACLs: --principal, --operation (repeatable) and one resource (CreateAcls)",
  args: ACL_ARGS,
  async run(ctx) {
    const { args } = ctx;
    const principal = principalOf(args.string("principal"));
    if (principal === undefined) throw new CliError("--principal", "", "TYPE:NAME, e.g. User:alice (required)");
    const r = resourceOf(args);
    if (!r) throw new CliError("resource", "none", `one of ${RESOURCE_FLAGS.map((f) => `--${f}`).join(", ")}`);
    const ops = args.list("operation").map(operationId);
    if (ops.length === 0) throw new CliError("--operation", "", "at least one operation");
    const pattern = args.string("pattern-type") ?? "literal";
    if (pattern !== "literal" && pattern !== "prefixed") throw new CliError("--pattern-type", pattern, "literal or prefixed when creating");
    const permission = args.string("permission") ?? "allow";
    const host = args.string("host") ?? "*";
    const creations = ops.map((operation) => ({
      resourceType: RESOURCE_TYPES[r.type]!,
      resourceName: r.name,
      resourcePatternType: PATTERN_TYPES[pattern]!,
      principal,
      host,
      operation,
      permissionType: PERMISSIONS[permission]!,
    }));
    const res = await ctx.client().retrying("CreateAcls", () => ctx.client().sendToController<CreateAclsResponse>(API.CreateAcls, { creations }));
    const views: (AclView & { error: string | null; message: string | null })[] = creations.map((c, i) => {
      const result = res.body.results[i];
      return {
        resourceType: r.type, resourceName: r.name, patternType: pattern, principal, host,
        operation: nameOf(OPERATIONS, c.operation), permission,
        error: result && result.errorCode !== 0 ? errorName(result.errorCode) : null,
        message: result?.errorMessage ?? null,
      };
    });
    ctx.out.result(views, () => formatTable(["principal", "operation", "permission", "resource", "status"], views.map((v) => [v.principal, v.operation, v.permission, `${v.resourceType}:${v.patternType}:${v.resourceName}`, v.error ? `${v.error}${v.message ? `: ${v.message}` : ""}` : "OK"])));
    return views.some((v) => v.error) ? 1 : 0;
  },
});

const list = clientCommand({
  name: "list",
  description: "List ACLs matching the filter flags (DescribeAcls); no flags: every ACL",
  args: ACL_ARGS,
  async run(ctx) {
    const res = await ctx.client().retrying("DescribeAcls", () =>
      ctx.client().sendAny<DescribeAclsResponse>(API.DescribeAcls, filterOf(ctx.args), { minVersion: 1 }).then((r) => {
        checkError(r.body.errorCode, "DescribeAcls", r.body.errorMessage);
        return r;
      }),
    );
    const acls: AclView[] = res.body.resources.flatMap((r) =>
      r.acls.map((a) => ({
        resourceType: nameOf(RESOURCE_TYPES, r.resourceType), resourceName: r.resourceName, patternType: nameOf(PATTERN_TYPES, r.patternType),
        principal: a.principal, host: a.host, operation: nameOf(OPERATIONS, a.operation), permission: nameOf(PERMISSIONS, a.permissionType),
      })),
    );
    acls.sort((a, b) => `${a.resourceType}\u0000${a.resourceName}\u0000${a.principal}\u0000${a.operation}`.localeCompare(`${b.resourceType}\u0000${b.resourceName}\u0000${b.principal}\u0000${b.operation}`));
    ctx.out.result(acls, () => aclTable(acls));
  },
});

const del = clientCommand({
  name: "delete",
  description: "Delete the ACLs matching the filter flags (DeleteAcls); a resource or --principal is required",
  args: ACL_ARGS,
  async run(ctx) {
    const filter = filterOf(ctx.args);
    if (filter.resourceNameFilter === null && filter.principalFilter === null) {
      throw new CliError("filter", "none", `a resource (${RESOURCE_FLAGS.map((f) => `--${f}`).join(", ")}) or --principal, so that not every ACL is deleted by mistake`);
    }
    const res = await ctx.client().retrying("DeleteAcls", () => ctx.client().sendToController<DeleteAclsResponse>(API.DeleteAcls, { filters: [filter] }, { minVersion: 1 }));
    const r = res.body.filterResults[0];
    if (!r) throw new Error("DeleteAcls answered no result for the filter");
    checkError(r.errorCode, "DeleteAcls", r.errorMessage);
    const deleted: AclView[] = r.matchingAcls.map((a) => ({
      resourceType: nameOf(RESOURCE_TYPES, a.resourceType), resourceName: a.resourceName, patternType: nameOf(PATTERN_TYPES, a.patternType),
      principal: a.principal, host: a.host, operation: nameOf(OPERATIONS, a.operation), permission: nameOf(PERMISSIONS, a.permissionType),
    }));
    const failed = r.matchingAcls.filter((a) => a.errorCode !== 0);
    ctx.out.result({ deleted }, () => (deleted.length === 0 ? "no ACL matched" : `deleted:\n${aclTable(deleted)}`));
    return failed.length > 0 ? 1 : 0;
  },
});

export const aclCommand: CommandDef = groupCommand("acl", "Create, list and delete ACLs (as kafka-acls.sh)", { create, list, delete: del });
