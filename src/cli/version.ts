// Strand's version, from package.json (bundled into the binary by `bun build --compile`).
import pkg from "../../package.json" with { type: "json" };
import { KAFKA_RELEASE } from "../protocol/generated/api-table.ts";

export const STRAND_VERSION: string = pkg.version;

export function versionText(): string {
  return `strand ${STRAND_VERSION} (Kafka protocol of Apache Kafka ${KAFKA_RELEASE}, Bun ${Bun.version})`;
}
