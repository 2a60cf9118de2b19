// The metadata layer's use of the topic config module (src/config/topic-config.ts): validating a new
// topic's overrides, a key's default for append/subtract, and a topic's storage LogConfig resolved
// through its overrides, the dynamic broker configs in the image and server.properties.

import { brokerDef } from "../config/broker-keys.ts";
import { logConfigFor, validateTopicConfigs } from "../config/topic-config.ts";
import { TOPIC_DEFS_BY_NAME } from "../config/topic-defs.ts";
import type { LogConfig } from "../storage/log-config.ts";
import type { ConfigResourceType } from "./layer.ts";

export interface LogConfigInputs {
  staticConfig: ReadonlyMap<string, string>;
  dynamicBroker: ReadonlyMap<string, string>;
  dynamicDefault: ReadonlyMap<string, string>;
  overrides: ReadonlyMap<string, string>;
  onError: (e: Error) => void;
}

export const topicConfigSupport = {
  validate(pairs: ReadonlyArray<{ name: string; value: string | null }>): { errorCode: number; message: string } | null {
    const r = validateTopicConfigs(pairs);
    return r.ok ? null : { errorCode: r.errorCode, message: r.message };
  },

  defaultValue(type: ConfigResourceType, name: string): string | null {
    if (type === "topic") return TOPIC_DEFS_BY_NAME.get(name)?.default ?? null;
    return brokerDef(name)?.default ?? null;
  },

  logConfig(i: LogConfigInputs): LogConfig | undefined {
    try {
      return logConfigFor({ staticConfig: i.staticConfig, dynamicBroker: i.dynamicBroker, dynamicDefault: i.dynamicDefault }, i.overrides);
    } catch (e) {
      i.onError(e instanceof Error ? e : new Error(String(e)));
      return undefined;
    }
  },
};
