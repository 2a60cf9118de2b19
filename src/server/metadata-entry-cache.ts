// The Metadata handler's topic entries (03-metadata.ts), built for one image, listener and set of offline
// partitions and reused by later requests until any of them changes: a 10,000-partition topic costs
// ~10,000 objects per request otherwise. One per broker (BrokerServices.metadataEntries), since an
// entry carries the broker's own view (its node id, its offline logs).
//
// Entries are never mutated after they are built. Bounded: cleared with each new image or offline
// change, and at most one entry per (topic, listener, operations) of that image.

import type { MetadataImage, TopicImage } from "../metadata/image.ts";
import type { MetadataResponseTopic } from "../protocol/generated/messages/metadata-response.ts";

export class MetadataEntryCache {
  private image: MetadataImage | null = null;
  private offline = -1;
  private readonly byKey = new Map<string, WeakMap<TopicImage, MetadataResponseTopic>>();

  /** The entries by topic for this image, offline state, listener and operations (callers add missing ones). */
  entriesFor(image: MetadataImage, offlineChanges: number, listenerName: string, ops: number): WeakMap<TopicImage, MetadataResponseTopic> {
    if (this.image !== image || this.offline !== offlineChanges) {
      this.image = image;
      this.offline = offlineChanges;
      this.byKey.clear();
    }
    const key = `${listenerName}/${ops}`;
    let byTopic = this.byKey.get(key);
    if (!byTopic) this.byKey.set(key, (byTopic = new WeakMap()));
    return byTopic;
  }
}
