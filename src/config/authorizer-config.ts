// The authorizer settings (Kafka's authorizer.class.name, and StandardAuthorizer's own super.users and
// allow.everyone.if.no.acl.found). Strand loads no Java plugins: authorizer.class.name is empty (no
// authorizer: every request allowed, Kafka's default) or Kafka's StandardAuthorizer, which Strand
// implements (src/metadata/authorizer/); any other class is refused at start-up rather than silently
// running without the access control it names.

import { ConfigError } from "./def.ts";

export const AUTHORIZER_CLASS_NAME_CONFIG = "authorizer.class.name";
export const STANDARD_AUTHORIZER_CLASS = "org.apache.kafka.metadata.authorizer.StandardAuthorizer";
export const SUPER_USERS_CONFIG = "super.users";
export const ALLOW_EVERYONE_IF_NO_ACL_IS_FOUND_CONFIG = "allow.everyone.if.no.acl.found";

export interface AuthorizerSettings {
  readonly className: string;
  /** Principals as "User:alice" (super.users, semicolon-separated, trimmed). */
  readonly superUsers: ReadonlySet<string>;
  readonly allowEveryoneIfNoAclFound: boolean;
}

/** null: no authorizer configured. Throws ConfigError naming the key, the value and what is allowed. */
export function authorizerSettingsOf(given: ReadonlyMap<string, string>): AuthorizerSettings | null {
  const className = (given.get(AUTHORIZER_CLASS_NAME_CONFIG) ?? "").trim();
  if (className === "") return null;
  if (className !== STANDARD_AUTHORIZER_CLASS) {
    throw new ConfigError(AUTHORIZER_CLASS_NAME_CONFIG, className, `empty (no authorizer) or ${STANDARD_AUTHORIZER_CLASS} (Strand loads no Java classes; it implements Kafka's StandardAuthorizer)`);
  }
  const superUsers = new Set<string>();
  for (const s of (given.get(SUPER_USERS_CONFIG) ?? "").split(";")) {
    const t = s.trim();
    if (t === "") continue;
    // Kafka's SecurityUtils.parseKafkaPrincipal: "principalType:principalName".
    if (t.indexOf(":") <= 0 || t.indexOf(":") === t.length - 1) {
      throw new ConfigError(SUPER_USERS_CONFIG, given.get(SUPER_USERS_CONFIG) ?? "", `semicolon-separated principals in format principalType:principalName (${t} is not)`);
    }
    superUsers.add(t);
  }
  // Kafka's StandardAuthorizer.getDefaultResult: Boolean.parseBoolean of the trimmed value (anything but "true" is false).
  const allow = (given.get(ALLOW_EVERYONE_IF_NO_ACL_IS_FOUND_CONFIG) ?? "false").trim().toLowerCase() === "true";
  return { className, superUsers, allowEveryoneIfNoAclFound: allow };
}
