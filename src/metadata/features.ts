// Finalized feature levels (Kafka's FinalizedFeatures / MetadataImage.features): the level the cluster
// runs a feature at, 0 when the metadata log finalized none (Kafka reads an absent feature as level 0).
// transaction.version: 0 and 1 are Transactions V1 (KIP-98; 1 adds the flexible TransactionLogValue
// fields), 2 is Transactions V2 (KIP-890 part 2: Produce v12 and TxnOffsetCommit v5 add partitions
// implicitly, EndTxn v5 bumps the epoch every transaction).

import type { MetadataImage } from "./image.ts";

export const TRANSACTION_VERSION = "transaction.version";

export function finalizedLevel(image: Pick<MetadataImage, "features">, feature: string): number {
  return image.features.get(feature) ?? 0;
}

export function transactionVersion(image: Pick<MetadataImage, "features">): number {
  return finalizedLevel(image, TRANSACTION_VERSION);
}
