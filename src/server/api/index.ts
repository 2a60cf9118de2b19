// Every API handler the broker serves. Add one line per handler file.
import type { ApiHandler } from "../handler.ts";
import { apiVersionsHandler } from "./18-api-versions.ts";

export const ALL_HANDLERS: ApiHandler[] = [
  apiVersionsHandler,
];
