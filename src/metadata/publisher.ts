// What a committed metadata change hands to the layers above (Kafka's MetadataDelta and
// MetadataPublisher): the image before and after, and which topics' configs changed. The metadata layer
// publishes each delta synchronously, after the image is replaced and before any listener or request
// sees it, so a handler that finds a partition in the image finds it hosted (ReplicaManager.applyDelta).

import type { MetadataImage } from "./image.ts";

export interface MetadataDelta {
  /** null for the first image published after start-up (the replayed metadata log). */
  readonly before: MetadataImage | null;
  readonly after: MetadataImage;
  /** Topics whose config records changed; "all" when a broker-level config changed (or at start-up). */
  readonly configChanged: ReadonlySet<string> | "all";
}

export interface MetadataPublisher {
  /** Must not throw past one partition: the change is committed whatever happens to the logs. */
  applyDelta(delta: MetadataDelta): void;
}
