// Who a request comes from, with Kafka's types: the listener's security protocol
// (org.apache.kafka.common.security.auth.SecurityProtocol) and the authenticated principal
// (KafkaPrincipal, printed "User:ANONYMOUS"). The connection carries its principal
// (ConnectionInfo.principal) and the dispatcher puts it on each RequestContext: ANONYMOUS on PLAINTEXT,
// as Kafka's DefaultKafkaPrincipalBuilder gives it; on SSL listeners the client certificate's subject
// through ssl.principal.mapping.rules (src/network/ssl/ssl-engine.ts), or ANONYMOUS without one; on SASL
// listeners User:<authorization id> once authenticated (src/server/security/).

export type SecurityProtocol = "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";

export interface KafkaPrincipal {
  /** "User" for every principal Kafka's built-in principal builders make. */
  readonly principalType: string;
  readonly name: string;
  /** Kafka's KafkaPrincipal.tokenAuthenticated: the SASL login used a delegation token (SCRAM tokenauth). */
  readonly tokenAuthenticated?: boolean;
}

export const USER_TYPE = "User";

export const ANONYMOUS: KafkaPrincipal = Object.freeze({ principalType: USER_TYPE, name: "ANONYMOUS" });

/** Kafka's KafkaPrincipal.toString(): "User:ANONYMOUS". */
export function principalString(p: KafkaPrincipal): string {
  return `${p.principalType}:${p.name}`;
}

export function securityProtocolOf(protocolMap: ReadonlyMap<string, string>, listenerName: string): SecurityProtocol {
  const p = protocolMap.get(listenerName) ?? "PLAINTEXT";
  return p === "SSL" || p === "SASL_PLAINTEXT" || p === "SASL_SSL" ? p : "PLAINTEXT";
}
