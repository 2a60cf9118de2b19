// What an API handler is. One file per API key under api/, named by key (00-produce.ts, ...), each
// opening with the versions it serves, its behaviour, and what it leaves out.
//
// A handler's synchronous part runs in request-arrival order for its connection (the network layer
// calls handle() as each request completes). Work that must keep that order (a produce's append) must
// happen before the handler's first await.

import type { ConnectionInfo } from "../network/connection.ts";
import type { RequestHeader } from "../protocol/generated/messages/request-header.ts";
import type { KafkaPrincipal, SecurityProtocol } from "./principal.ts";
import type { BrokerServices } from "./services.ts";

/** Returned by a handler when Kafka sends no response (Produce with acks=0). */
export const NO_RESPONSE: unique symbol = Symbol("no-response");

/** Returned by a handler to close the connection without answering (Produce acks=0 with a failed partition, as Kafka does). */
export const CLOSE_CONNECTION: unique symbol = Symbol("close-connection");

export interface RequestContext {
  readonly conn: ConnectionInfo;
  readonly header: RequestHeader;
  readonly apiKey: number;
  readonly apiVersion: number;
  /** Everything of this broker a handler reaches (src/server/services.ts). */
  readonly services: BrokerServices;
  /** The listener the connection came in on, and its security protocol (listener.security.protocol.map). */
  readonly listenerName: string;
  readonly securityProtocol: SecurityProtocol;
  /** Who sent the request: the connection's principal (User:ANONYMOUS on PLAINTEXT, User:<name> after SASL). */
  readonly principal: KafkaPrincipal;
  /** Size of the request frame in bytes. */
  readonly requestBytes: number;
  /**
   * Set on a request that arrived inside an Envelope (API 58) from a broker: `principal` is then the
   * client's principal the broker forwarded. The raw bytes are kept for the authorizer to come.
   */
  readonly forwarded?: ForwardedRequest;
}

/** Where an enveloped request came from (Kafka's EnvelopeRequest fields). */
export interface ForwardedRequest {
  /** The forwarding broker's DefaultPrincipalData bytes (version-prefixed), as sent. */
  readonly principalBytes: Uint8Array;
  /** The original client's address: 4 bytes (IPv4) or 16 (IPv6). */
  readonly clientAddress: Uint8Array;
}

export type HandlerResult<Res> = Res | typeof NO_RESPONSE | typeof CLOSE_CONNECTION;

export interface ApiHandler<Req = unknown, Res = unknown> {
  readonly key: number;
  /** Versions served. Requests outside are refused (connection closed), as Kafka does. */
  readonly minVersion: number;
  readonly maxVersion: number;
  /**
   * Lowest version advertised in ApiVersions when lower than minVersion: Kafka 4 advertises Produce from
   * v0 because librdkafka derives features from it (KAFKA-18659), and refuses v0-2 when sent.
   */
  readonly advertisedMinVersion?: number;
  handle(ctx: RequestContext, request: Req): HandlerResult<Res> | Promise<HandlerResult<Res>>;
}

/** Define a handler with its request/response types checked. */
export function defineHandler<Req, Res>(h: ApiHandler<Req, Res>): ApiHandler<unknown, unknown> {
  return h as unknown as ApiHandler<unknown, unknown>;
}
