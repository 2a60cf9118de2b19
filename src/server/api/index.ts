// Every API handler the broker serves. Add one line per handler file.
import type { ApiHandler } from "../handler.ts";
import { produceHandler } from "./00-produce.ts";
import { fetchHandler } from "./01-fetch.ts";
import { listOffsetsHandler } from "./02-list-offsets.ts";
import { apiVersionsHandler } from "./18-api-versions.ts";
import { deleteRecordsHandler } from "./21-delete-records.ts";
import { initProducerIdHandler } from "./22-init-producer-id.ts";
import { offsetForLeaderEpochHandler } from "./23-offset-for-leader-epoch.ts";
import { describeConfigsHandler } from "./32-describe-configs.ts";
import { alterConfigsHandler } from "./33-alter-configs.ts";
import { describeLogDirsHandler } from "./35-describe-log-dirs.ts";
import { incrementalAlterConfigsHandler } from "./44-incremental-alter-configs.ts";

export const ALL_HANDLERS: ApiHandler[] = [
  produceHandler,
  fetchHandler,
  listOffsetsHandler,
  apiVersionsHandler,
  deleteRecordsHandler,
  initProducerIdHandler,
  offsetForLeaderEpochHandler,
  describeConfigsHandler,
  alterConfigsHandler,
  describeLogDirsHandler,
  incrementalAlterConfigsHandler,
];
