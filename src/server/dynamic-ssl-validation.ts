// The AlterConfigs / IncrementalAlterConfigs hook that checks a BROKER resource's new SSL store keys on
// the broker the request names (Kafka validates there, before forwarding to the controller). A request
// forwarded to the controller was checked by its broker already.

import type { AlterHost } from "../metadata/config-alter-run.ts";
import type { RequestContext } from "./handler.ts";

export function dynamicValidation(ctx: RequestContext): Pick<AlterHost, "validateBrokerDynamic"> {
  const dyn = ctx.services.dynamicSsl;
  if (ctx.forwarded || !dyn) return {};
  return { validateBrokerDynamic: (name, next, keys) => dyn.validate(name, next, keys) };
}
