// What a TLS listener (or the broker's own TLS client) needs at run time, built once from the ssl.*
// keys by src/config/ssl-config.ts (Kafka's SslFactory / DefaultSslEngineFactory) and handed to the
// socket server: Bun's TLS options, the client-auth mode and the principal mapper. Kept free of config
// parsing so the network layer does not depend on the config layer.

import type { Socket, TLSOptions } from "bun";
import { SslPrincipalMapper } from "./ssl-principal-mapper.ts";
import { subjectRfc2253 } from "./x500-name.ts";

/** ssl.client.auth (Kafka's SslClientAuth). */
export type SslClientAuth = "required" | "requested" | "none";

export interface SslServerEngine {
  readonly tls: TLSOptions;
  readonly clientAuth: SslClientAuth;
  readonly principalMapper: SslPrincipalMapper;
  /** For logs and the reload check: the keystore's first certificate's subject (RFC 2253). */
  readonly keystoreSubject: string;
}

export interface SslClientEngine {
  readonly tls: TLSOptions;
  /** ssl.endpoint.identification.algorithm=https: the peer's certificate must name the host connected to. */
  readonly verifyHostname: boolean;
}

export interface Principal {
  readonly principalType: string;
  readonly name: string;
}

export const ANONYMOUS_PRINCIPAL: Principal = Object.freeze({ principalType: "User", name: "ANONYMOUS" });

export class SslAuthenticationError extends Error {
  constructor(msg: string) {
    super(msg);
    this.name = "SslAuthenticationError";
  }
}

/**
 * Kafka's DefaultKafkaPrincipalBuilder for an SSL connection, after the handshake: the peer
 * certificate's subject through ssl.principal.mapping.rules, or User:ANONYMOUS when the client sent
 * no certificate. A certificate that did not verify fails authentication (Java's trust manager fails
 * the handshake for it even when client auth is only "requested").
 */
export function sslPrincipal(socket: Socket<unknown>, engine: SslServerEngine, authorizationError: Error | null): Principal {
  if (engine.clientAuth === "none") return ANONYMOUS_PRINCIPAL;
  const peer = socket.getPeerX509Certificate?.();
  if (!peer) {
    if (engine.clientAuth === "required") throw new SslAuthenticationError("the client sent no certificate and ssl.client.auth=required");
    return ANONYMOUS_PRINCIPAL;
  }
  if (authorizationError) throw new SslAuthenticationError(`the client's certificate is not trusted: ${authorizationError.message}`);
  const dn = subjectRfc2253(new Uint8Array(peer.raw));
  return { principalType: "User", name: engine.principalMapper.getName(dn) };
}
