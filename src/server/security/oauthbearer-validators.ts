// One secured OAUTHBEARER validator (with its JWKS keys) per listener configuration, shared by that
// listener's connections, as Kafka's VerificationKeyResolverFactory shares one resolver per
// configuration. Made at the SASL gate's start (so a file:// JWKS is read, and an http(s) one fetched,
// before clients arrive) or at first use.

import type { OAuthBearerSecuredConfig } from "../../config/oauthbearer-config.ts";
import { fetchJwksText, JwksFileVerificationKeyResolver, RefreshingHttpsJwksVerificationKeyResolver, type VerificationKeyResolver } from "./oauthbearer-jwks.ts";
import { BrokerJwtValidator } from "./oauthbearer-jwt-validator.ts";

const validators = new WeakMap<OAuthBearerSecuredConfig, BrokerJwtValidator>();

export function verificationKeyResolver(c: OAuthBearerSecuredConfig, log?: (message: string) => void): VerificationKeyResolver {
  if (c.jwksEndpointUrl.protocol === "file:") return new JwksFileVerificationKeyResolver(c.jwksEndpointUrl);
  const r = new RefreshingHttpsJwksVerificationKeyResolver(c.jwksEndpointUrl, {
    refreshMs: c.jwksRefreshMs,
    retryBackoffMs: c.jwksRetryBackoffMs,
    retryBackoffMaxMs: c.jwksRetryBackoffMaxMs,
    ...(c.jwksTrustedCertsPem ? { fetchText: (u: string) => fetchJwksText(u, c.jwksTrustedCertsPem!) } : {}),
    ...(log ? { log } : {}),
  });
  void r.init();
  return r;
}

export function brokerJwtValidatorFor(c: OAuthBearerSecuredConfig, log?: (message: string) => void): BrokerJwtValidator {
  let v = validators.get(c);
  if (!v) {
    v = new BrokerJwtValidator(c, verificationKeyResolver(c, log));
    validators.set(c, v);
  }
  return v;
}
