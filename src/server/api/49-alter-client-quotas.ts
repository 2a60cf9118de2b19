// AlterClientQuotas (key 49), versions 0-1 served.
//
// Carried out by the active controller (Kafka's ControllerApis -> ClientQuotaControlManager): a broker
// that is not it forwards the request in an Envelope (src/server/forwarding.ts). Each valid entity's
// changed keys become ClientQuotaRecords, committed before the answer (none with validate_only);
// invalid entities get Kafka's INVALID_REQUEST and message (src/metadata/client-quota-control.ts).
// Entities: user, client-id, both, or ip, each named or the default (null name); keys
// producer_byte_rate, consumer_byte_rate, request_percentage, controller_mutation_rate, and
// connection_creation_rate for ip. `kafka-configs.sh --alter --add-config 'producer_byte_rate=1024'
// --entity-type clients|users [--entity-name X | --entity-default]` sends this request.
//
// With an authorizer: ALTER_CONFIGS on the cluster, checked where Kafka checks it (ControllerApis), else
// CLUSTER_AUTHORIZATION_FAILED with the error's default message on every entry, nothing written.
//
// Left out: the results' order is the request's (Kafka iterates a HashMap keyed by the entity); an ip
// entity naming a host is accepted only as "localhost" (Kafka resolves the name on the controller).

import { ErrorCode, errorByCode } from "../../protocol/errors.ts";
import type { AlterClientQuotasRequest } from "../../protocol/generated/messages/alter-client-quotas-request.ts";
import { newAlterClientQuotasResponse, type AlterClientQuotasResponse } from "../../protocol/generated/messages/alter-client-quotas-response.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";
import { defineHandler } from "../handler.ts";

/** Strand's bound on one request's entries. */
const MAX_ENTRIES = 10_000;

export const alterClientQuotasHandler = defineHandler<AlterClientQuotasRequest, AlterClientQuotasResponse>({
  key: 49,
  minVersion: 0,
  maxVersion: 1,
  async handle(ctx, req) {
    const res = newAlterClientQuotasResponse();
    const alter = ctx.services.metadata.alterClientQuotas?.bind(ctx.services.metadata);
    const everyEntry = (errorCode: number, errorMessage: string | null) =>
      req.entries.map((e) => ({ errorCode, errorMessage, entity: e.entity.map((x) => ({ entityType: x.entityType, entityName: x.entityName })) }));
    if (!authorizeCluster(ctx, AclOperation.ALTER_CONFIGS)) {
      res.entries = everyEntry(ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorByCode(ErrorCode.CLUSTER_AUTHORIZATION_FAILED)!.message);
      return res;
    }
    if (!alter) {
      res.entries = everyEntry(ErrorCode.UNKNOWN_SERVER_ERROR, "this metadata layer cannot alter client quotas");
      return res;
    }
    if (req.entries.length > MAX_ENTRIES) {
      res.entries = everyEntry(ErrorCode.INVALID_REQUEST, `at most ${MAX_ENTRIES} entries per request, not ${req.entries.length}`);
      return res;
    }
    res.entries = await alter(req.entries, req.validateOnly);
    return res;
  },
});
