// The SCRAM credentials `strand storage format --add-scram` put in the bootstrap snapshot, as records
// for the controller's first write (Kafka's controller writes all of its BootstrapMetadata; Strand's
// controller writes its own feature levels, so only these are taken from the file).

import { readBootstrapRecords } from "../raft/bootstrap-snapshot.ts";
import { decodeMetadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";

export function bootstrapScramRecords(metadataLogDir: string): MetadataRecordOut[] {
  const out: MetadataRecordOut[] = [];
  for (const value of readBootstrapRecords(metadataLogDir)) {
    const r = decodeMetadataRecord(value, -1n);
    if (r.apiKey === RecordType.USER_SCRAM_CREDENTIAL && r.schema !== null) out.push({ apiKey: r.apiKey, version: r.version, message: r.message });
  }
  return out;
}
