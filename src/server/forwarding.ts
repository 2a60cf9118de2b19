// Kafka's ForwardingManager for the admin APIs only the active controller can carry out: on a broker
// that is not the active controller (a single node is its own, and runs them in place), CreateAcls,
// DeleteAcls, DeleteTopics,
// AlterConfigs, CreatePartitions, ElectLeaders, IncrementalAlterConfigs, AlterPartitionReassignments,
// ListPartitionReassignments, AlterClientQuotas, AlterUserScramCredentials and UpdateFeatures go to the Raft leader's controller listener
// inside an Envelope (58) — the client's request as it came (header and body, at the client's version),
// the client's principal (DefaultPrincipalData, version-prefixed) and its address — and the response
// inside the EnvelopeResponse goes back to the client unchanged. Strand's and Kafka's controllers both
// run the embedded request as if the client had sent it (src/server/controller-api/envelope.ts).
// CreateTopics is forwarded by the metadata layer itself (RaftMetadata), because the coordinators and
// Metadata auto-creation create topics too. Create/Renew/ExpireDelegationToken check the request on the
// broker first (as Kafka's KafkaApis) and then forward through forwardedToController.
//
// The send is retried while no controller answers or it answers NOT_CONTROLLER (sendToActiveController,
// 30 s, as Kafka's NodeToControllerChannelManager). When the controller cannot be reached at all the
// request is answered here: NOT_CONTROLLER per item, the metadata layer's answer on a node that is not
// the controller; an envelope the controller refused (a malformed one: a bug) is answered the same way.

import { ErrorCode } from "../protocol/errors.ts";
import { decodeResponse, encodeRequest } from "../protocol/frame.ts";
import { writeDefaultPrincipalData } from "../protocol/generated/messages/default-principal-data.ts";
import type { EnvelopeResponse } from "../protocol/generated/messages/envelope-response.ts";
import { encodeExact } from "../protocol/primitives/writer.ts";
import { answersNotController, backoffOn, sendToActiveController } from "./controller-channel.ts";
import type { ApiHandler, RequestContext } from "./handler.ts";
import type { KafkaPrincipal } from "./principal.ts";

/** How long a forwarded request is retried while no controller answers (Kafka: request.timeout.ms, 30 s). */
export const FORWARD_RETRY_TIMEOUT_MS = 30_000;

/** API keys the broker forwards to the active controller (Kafka's forwardToController set, as served here). */
export const FORWARDED_APIS: ReadonlySet<number> = new Set([20, 30, 31, 33, 37, 43, 44, 45, 46, 49, 51, 57]);

const API_ENVELOPE = 58;

function shouldForward(ctx: RequestContext): boolean {
  const c = ctx.services.quorumController;
  return ctx.services.controllerChannel !== null && !(c && c.isActive);
}

/** Kafka's DefaultKafkaPrincipalBuilder.serialize: DefaultPrincipalData v0, prefixed with its version. */
export function principalBytes(p: KafkaPrincipal): Uint8Array {
  return encodeExact((s) => {
    s.int16(0);
    writeDefaultPrincipalData(s, { type: p.principalType, name: p.name, tokenAuthenticated: p.tokenAuthenticated === true }, 0);
  });
}

/** The 4 (IPv4, also IPv4-mapped IPv6) or 16 bytes of a socket's remote address; loopback if unreadable. */
export function addressBytes(address: string): Uint8Array {
  const v4 = /(?:^|:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) return Uint8Array.from(v4.slice(1, 5).map(Number));
  const halves = address.split("::");
  if (halves.length <= 2 && /^[0-9a-fA-F:]+$/.test(address)) {
    const head = halves[0] ? halves[0].split(":") : [];
    const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
    const groups = halves.length === 2 ? [...head, ...Array(8 - head.length - tail.length).fill("0"), ...tail] : head;
    if (groups.length === 8) {
      const out = new Uint8Array(16);
      groups.forEach((g, i) => {
        const n = parseInt(g, 16);
        out[2 * i] = (n >> 8) & 0xff;
        out[2 * i + 1] = n & 0xff;
      });
      return out;
    }
  }
  return Uint8Array.from([127, 0, 0, 1]);
}

export function forwardingHandler(h: ApiHandler): ApiHandler {
  if (!FORWARDED_APIS.has(h.key)) return h;
  return forwardedToController(h);
}

/**
 * `h` run on the active controller: in place there, inside an Envelope elsewhere. For handlers that
 * check the request on the broker first, as Kafka's KafkaApis does for the delegation token APIs.
 */
export function forwardedToController(h: ApiHandler): ApiHandler {
  return {
    ...h,
    async handle(ctx, req) {
      if (!shouldForward(ctx)) return h.handle(ctx, req);
      const channel = ctx.services.controllerChannel!;
      const requestData = encodeRequest(ctx.header, req).subarray(4);
      const envelope = { requestData, requestPrincipal: principalBytes(ctx.principal), clientHostAddress: addressBytes(ctx.conn.remoteAddress) };
      const deadline = Date.now() + FORWARD_RETRY_TIMEOUT_MS;
      // Bounded by the deadline: a controller that lost leadership between our send and its planning
      // answers NOT_CONTROLLER inside the envelope; the request goes again to the new one.
      for (let backoffMs = 50; ; ) {
        const generation = channel.generation?.() ?? 0;
        let res: EnvelopeResponse;
        try {
          res = (await sendToActiveController<EnvelopeResponse>(channel, API_ENVELOPE, envelope, { maxVersion: 0, retryTimeoutMs: Math.max(1, deadline - Date.now()) })).body;
        } catch {
          return h.handle(ctx, req);
        }
        if (res.errorCode !== ErrorCode.NONE || res.responseData === null) {
          ctx.services.logger.warn("forwarded request refused by the controller", { api: ctx.apiKey, version: ctx.apiVersion, errorCode: res.errorCode });
          return h.handle(ctx, req);
        }
        const inner = decodeResponse(res.responseData, ctx.apiKey, ctx.apiVersion);
        if (!inner.ok) {
          ctx.services.logger.warn("forwarded request's response could not be read", { api: ctx.apiKey, version: ctx.apiVersion });
          return h.handle(ctx, req);
        }
        if (!answersNotController(inner.body) || Date.now() + backoffMs >= deadline) return inner.body;
        channel.controllerMoved();
        backoffMs = (await backoffOn(channel, backoffMs, generation)) ? 50 : Math.min(backoffMs * 2, 1_000);
      }
    },
  };
}
