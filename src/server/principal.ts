// Who a request comes from, with Kafka's types: the listener's security protocol
// (org.apache.kafka.common.security.auth.SecurityProtocol) and the authenticated principal
// (KafkaPrincipal, printed "User:ANONYMOUS"). A PLAINTEXT connection's principal is
// KafkaPrincipal.ANONYMOUS, as Kafka's DefaultKafkaPrincipalBuilder gives it; a SASL connection's is
// User:<authorization id> once authenticated (src/server/security/). The connection carries it
// (ConnectionInfo.principal) and the dispatcher puts it on each RequestContext.

export type SecurityProtocol = "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";

export interface KafkaPrincipal {
  /** "User" for every principal Kafka's built-in principal builders make. */
  readonly principalType: string;
  readonly name: string;
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
