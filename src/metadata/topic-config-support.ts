// The metadata layer's use of the topic config module (src/config/topic-config.ts): validating a new
// topic's overrides and a key's default for append/subtract. A topic's resolved settings and LogConfig
// are the image's TopicConfigSnapshot (topic-config-snapshot.ts).

import { brokerDef } from "../config/broker-keys.ts";
import { validateTopicConfigs } from "../config/topic-config.ts";
import { TOPIC_DEFS_BY_NAME } from "../config/topic-defs.ts";
import type { ConfigResourceType } from "./layer.ts";

export const topicConfigSupport = {
  validate(pairs: ReadonlyArray<{ name: string; value: string | null }>): { errorCode: number; message: string } | null {
    const r = validateTopicConfigs(pairs);
    return r.ok ? null : { errorCode: r.errorCode, message: r.message };
  },

  defaultValue(type: ConfigResourceType, name: string): string | null {
    if (type === "topic") return TOPIC_DEFS_BY_NAME.get(name)?.default ?? null;
    return brokerDef(name)?.default ?? null;
  },

};
