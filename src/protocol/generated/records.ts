// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// the metadata, coordinator and storage record definitions. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../primitives/reader.ts";
import type { Sink } from "../primitives/writer.ts";
import * as m0 from "./coordinator/consumer-group-current-member-assignment-key.ts";
import * as m1 from "./coordinator/consumer-group-current-member-assignment-value.ts";
import * as m2 from "./coordinator/consumer-group-member-metadata-key.ts";
import * as m3 from "./coordinator/consumer-group-member-metadata-value.ts";
import * as m4 from "./coordinator/consumer-group-metadata-key.ts";
import * as m5 from "./coordinator/consumer-group-metadata-value.ts";
import * as m6 from "./coordinator/consumer-group-partition-metadata-key.ts";
import * as m7 from "./coordinator/consumer-group-partition-metadata-value.ts";
import * as m8 from "./coordinator/consumer-group-regular-expression-key.ts";
import * as m9 from "./coordinator/consumer-group-regular-expression-value.ts";
import * as m10 from "./coordinator/consumer-group-target-assignment-member-key.ts";
import * as m11 from "./coordinator/consumer-group-target-assignment-member-value.ts";
import * as m12 from "./coordinator/consumer-group-target-assignment-metadata-key.ts";
import * as m13 from "./coordinator/consumer-group-target-assignment-metadata-value.ts";
import * as m14 from "./coordinator/group-metadata-key.ts";
import * as m15 from "./coordinator/group-metadata-value.ts";
import * as m16 from "./coordinator/legacy-offset-commit-key.ts";
import * as m17 from "./coordinator/legacy-offset-commit-value.ts";
import * as m18 from "./coordinator/offset-commit-key.ts";
import * as m19 from "./coordinator/offset-commit-value.ts";
import * as m20 from "./coordinator/share-group-current-member-assignment-key.ts";
import * as m21 from "./coordinator/share-group-current-member-assignment-value.ts";
import * as m22 from "./coordinator/share-group-member-metadata-key.ts";
import * as m23 from "./coordinator/share-group-member-metadata-value.ts";
import * as m24 from "./coordinator/share-group-metadata-key.ts";
import * as m25 from "./coordinator/share-group-metadata-value.ts";
import * as m26 from "./coordinator/share-group-state-partition-metadata-key.ts";
import * as m27 from "./coordinator/share-group-state-partition-metadata-value.ts";
import * as m28 from "./coordinator/share-group-target-assignment-member-key.ts";
import * as m29 from "./coordinator/share-group-target-assignment-member-value.ts";
import * as m30 from "./coordinator/share-group-target-assignment-metadata-key.ts";
import * as m31 from "./coordinator/share-group-target-assignment-metadata-value.ts";
import * as m32 from "./coordinator/share-snapshot-key.ts";
import * as m33 from "./coordinator/share-snapshot-value.ts";
import * as m34 from "./coordinator/share-update-key.ts";
import * as m35 from "./coordinator/share-update-value.ts";
import * as m36 from "./coordinator/streams-group-current-member-assignment-key.ts";
import * as m37 from "./coordinator/streams-group-current-member-assignment-value.ts";
import * as m38 from "./coordinator/streams-group-member-metadata-key.ts";
import * as m39 from "./coordinator/streams-group-member-metadata-value.ts";
import * as m40 from "./coordinator/streams-group-metadata-key.ts";
import * as m41 from "./coordinator/streams-group-metadata-value.ts";
import * as m42 from "./coordinator/streams-group-target-assignment-member-key.ts";
import * as m43 from "./coordinator/streams-group-target-assignment-member-value.ts";
import * as m44 from "./coordinator/streams-group-target-assignment-metadata-key.ts";
import * as m45 from "./coordinator/streams-group-target-assignment-metadata-value.ts";
import * as m46 from "./coordinator/streams-group-topology-key.ts";
import * as m47 from "./coordinator/streams-group-topology-value.ts";
import * as m48 from "./coordinator/transaction-log-key.ts";
import * as m49 from "./coordinator/transaction-log-value.ts";
import * as m50 from "./messages/aborted-txn.ts";
import * as m51 from "./messages/consumer-protocol-assignment.ts";
import * as m52 from "./messages/consumer-protocol-subscription.ts";
import * as m53 from "./messages/control-record-type-schema.ts";
import * as m54 from "./messages/default-principal-data.ts";
import * as m55 from "./messages/end-txn-marker.ts";
import * as m56 from "./messages/k-raft-version-record.ts";
import * as m57 from "./messages/leader-change-message.ts";
import * as m58 from "./messages/snapshot-footer-record.ts";
import * as m59 from "./messages/snapshot-header-record.ts";
import * as m60 from "./messages/voters-record.ts";
import * as m61 from "./metadata/abort-transaction-record.ts";
import * as m62 from "./metadata/access-control-entry-record.ts";
import * as m63 from "./metadata/begin-transaction-record.ts";
import * as m64 from "./metadata/broker-registration-change-record.ts";
import * as m65 from "./metadata/clear-elr-record.ts";
import * as m66 from "./metadata/client-quota-record.ts";
import * as m67 from "./metadata/config-record.ts";
import * as m68 from "./metadata/delegation-token-record.ts";
import * as m69 from "./metadata/end-transaction-record.ts";
import * as m70 from "./metadata/feature-level-record.ts";
import * as m71 from "./metadata/fence-broker-record.ts";
import * as m72 from "./metadata/no-op-record.ts";
import * as m73 from "./metadata/partition-change-record.ts";
import * as m74 from "./metadata/partition-record.ts";
import * as m75 from "./metadata/producer-ids-record.ts";
import * as m76 from "./metadata/register-broker-record.ts";
import * as m77 from "./metadata/register-controller-record.ts";
import * as m78 from "./metadata/remove-access-control-entry-record.ts";
import * as m79 from "./metadata/remove-delegation-token-record.ts";
import * as m80 from "./metadata/remove-topic-record.ts";
import * as m81 from "./metadata/remove-user-scram-credential-record.ts";
import * as m82 from "./metadata/topic-record.ts";
import * as m83 from "./metadata/unfence-broker-record.ts";
import * as m84 from "./metadata/unregister-broker-record.ts";
import * as m85 from "./metadata/unregister-controller-record.ts";
import * as m86 from "./metadata/user-scram-credential-record.ts";
import * as m87 from "./metadata/zk-migration-record.ts";
import * as m88 from "./raft/quorum-state-data.ts";
import * as m89 from "./storage/producer-snapshot.ts";
import * as m90 from "./storage/remote-log-segment-metadata-record.ts";
import * as m91 from "./storage/remote-log-segment-metadata-snapshot-record.ts";
import * as m92 from "./storage/remote-log-segment-metadata-update-record.ts";
import * as m93 from "./storage/remote-partition-delete-metadata-record.ts";

export interface RecordSchema {
  readonly name: string;
  /** "metadata", "coordinator-key", "coordinator-value", "data". */
  readonly type: string;
  /** The record type id (metadata record type, coordinator record type), -1 if none. */
  readonly apiKey: number;
  readonly minVersion: number;
  readonly maxVersion: number;
  read(r: Reader, version: number): unknown;
  write(s: Sink, message: unknown, version: number): void;
  create(): unknown;
}

export const RECORD_SCHEMAS: readonly RecordSchema[] = [
  { name: "ConsumerGroupCurrentMemberAssignmentKey", type: "coordinator-key", apiKey: 8, minVersion: 0, maxVersion: 0, read: m0.readConsumerGroupCurrentMemberAssignmentKey, write: m0.writeConsumerGroupCurrentMemberAssignmentKey as RecordSchema["write"], create: m0.newConsumerGroupCurrentMemberAssignmentKey },
  { name: "ConsumerGroupCurrentMemberAssignmentValue", type: "coordinator-value", apiKey: 8, minVersion: 0, maxVersion: 0, read: m1.readConsumerGroupCurrentMemberAssignmentValue, write: m1.writeConsumerGroupCurrentMemberAssignmentValue as RecordSchema["write"], create: m1.newConsumerGroupCurrentMemberAssignmentValue },
  { name: "ConsumerGroupMemberMetadataKey", type: "coordinator-key", apiKey: 5, minVersion: 0, maxVersion: 0, read: m2.readConsumerGroupMemberMetadataKey, write: m2.writeConsumerGroupMemberMetadataKey as RecordSchema["write"], create: m2.newConsumerGroupMemberMetadataKey },
  { name: "ConsumerGroupMemberMetadataValue", type: "coordinator-value", apiKey: 5, minVersion: 0, maxVersion: 0, read: m3.readConsumerGroupMemberMetadataValue, write: m3.writeConsumerGroupMemberMetadataValue as RecordSchema["write"], create: m3.newConsumerGroupMemberMetadataValue },
  { name: "ConsumerGroupMetadataKey", type: "coordinator-key", apiKey: 3, minVersion: 0, maxVersion: 0, read: m4.readConsumerGroupMetadataKey, write: m4.writeConsumerGroupMetadataKey as RecordSchema["write"], create: m4.newConsumerGroupMetadataKey },
  { name: "ConsumerGroupMetadataValue", type: "coordinator-value", apiKey: 3, minVersion: 0, maxVersion: 0, read: m5.readConsumerGroupMetadataValue, write: m5.writeConsumerGroupMetadataValue as RecordSchema["write"], create: m5.newConsumerGroupMetadataValue },
  { name: "ConsumerGroupPartitionMetadataKey", type: "coordinator-key", apiKey: 4, minVersion: 0, maxVersion: 0, read: m6.readConsumerGroupPartitionMetadataKey, write: m6.writeConsumerGroupPartitionMetadataKey as RecordSchema["write"], create: m6.newConsumerGroupPartitionMetadataKey },
  { name: "ConsumerGroupPartitionMetadataValue", type: "coordinator-value", apiKey: 4, minVersion: 0, maxVersion: 0, read: m7.readConsumerGroupPartitionMetadataValue, write: m7.writeConsumerGroupPartitionMetadataValue as RecordSchema["write"], create: m7.newConsumerGroupPartitionMetadataValue },
  { name: "ConsumerGroupRegularExpressionKey", type: "coordinator-key", apiKey: 16, minVersion: 0, maxVersion: 0, read: m8.readConsumerGroupRegularExpressionKey, write: m8.writeConsumerGroupRegularExpressionKey as RecordSchema["write"], create: m8.newConsumerGroupRegularExpressionKey },
  { name: "ConsumerGroupRegularExpressionValue", type: "coordinator-value", apiKey: 16, minVersion: 0, maxVersion: 0, read: m9.readConsumerGroupRegularExpressionValue, write: m9.writeConsumerGroupRegularExpressionValue as RecordSchema["write"], create: m9.newConsumerGroupRegularExpressionValue },
  { name: "ConsumerGroupTargetAssignmentMemberKey", type: "coordinator-key", apiKey: 7, minVersion: 0, maxVersion: 0, read: m10.readConsumerGroupTargetAssignmentMemberKey, write: m10.writeConsumerGroupTargetAssignmentMemberKey as RecordSchema["write"], create: m10.newConsumerGroupTargetAssignmentMemberKey },
  { name: "ConsumerGroupTargetAssignmentMemberValue", type: "coordinator-value", apiKey: 7, minVersion: 0, maxVersion: 0, read: m11.readConsumerGroupTargetAssignmentMemberValue, write: m11.writeConsumerGroupTargetAssignmentMemberValue as RecordSchema["write"], create: m11.newConsumerGroupTargetAssignmentMemberValue },
  { name: "ConsumerGroupTargetAssignmentMetadataKey", type: "coordinator-key", apiKey: 6, minVersion: 0, maxVersion: 0, read: m12.readConsumerGroupTargetAssignmentMetadataKey, write: m12.writeConsumerGroupTargetAssignmentMetadataKey as RecordSchema["write"], create: m12.newConsumerGroupTargetAssignmentMetadataKey },
  { name: "ConsumerGroupTargetAssignmentMetadataValue", type: "coordinator-value", apiKey: 6, minVersion: 0, maxVersion: 0, read: m13.readConsumerGroupTargetAssignmentMetadataValue, write: m13.writeConsumerGroupTargetAssignmentMetadataValue as RecordSchema["write"], create: m13.newConsumerGroupTargetAssignmentMetadataValue },
  { name: "GroupMetadataKey", type: "coordinator-key", apiKey: 2, minVersion: 0, maxVersion: 0, read: m14.readGroupMetadataKey, write: m14.writeGroupMetadataKey as RecordSchema["write"], create: m14.newGroupMetadataKey },
  { name: "GroupMetadataValue", type: "coordinator-value", apiKey: 2, minVersion: 0, maxVersion: 4, read: m15.readGroupMetadataValue, write: m15.writeGroupMetadataValue as RecordSchema["write"], create: m15.newGroupMetadataValue },
  { name: "LegacyOffsetCommitKey", type: "coordinator-key", apiKey: 0, minVersion: 0, maxVersion: 0, read: m16.readLegacyOffsetCommitKey, write: m16.writeLegacyOffsetCommitKey as RecordSchema["write"], create: m16.newLegacyOffsetCommitKey },
  { name: "LegacyOffsetCommitValue", type: "coordinator-value", apiKey: 0, minVersion: 0, maxVersion: 0, read: m17.readLegacyOffsetCommitValue, write: m17.writeLegacyOffsetCommitValue as RecordSchema["write"], create: m17.newLegacyOffsetCommitValue },
  { name: "OffsetCommitKey", type: "coordinator-key", apiKey: 1, minVersion: 0, maxVersion: 0, read: m18.readOffsetCommitKey, write: m18.writeOffsetCommitKey as RecordSchema["write"], create: m18.newOffsetCommitKey },
  { name: "OffsetCommitValue", type: "coordinator-value", apiKey: 1, minVersion: 0, maxVersion: 4, read: m19.readOffsetCommitValue, write: m19.writeOffsetCommitValue as RecordSchema["write"], create: m19.newOffsetCommitValue },
  { name: "ShareGroupCurrentMemberAssignmentKey", type: "coordinator-key", apiKey: 14, minVersion: 0, maxVersion: 0, read: m20.readShareGroupCurrentMemberAssignmentKey, write: m20.writeShareGroupCurrentMemberAssignmentKey as RecordSchema["write"], create: m20.newShareGroupCurrentMemberAssignmentKey },
  { name: "ShareGroupCurrentMemberAssignmentValue", type: "coordinator-value", apiKey: 14, minVersion: 0, maxVersion: 0, read: m21.readShareGroupCurrentMemberAssignmentValue, write: m21.writeShareGroupCurrentMemberAssignmentValue as RecordSchema["write"], create: m21.newShareGroupCurrentMemberAssignmentValue },
  { name: "ShareGroupMemberMetadataKey", type: "coordinator-key", apiKey: 10, minVersion: 0, maxVersion: 0, read: m22.readShareGroupMemberMetadataKey, write: m22.writeShareGroupMemberMetadataKey as RecordSchema["write"], create: m22.newShareGroupMemberMetadataKey },
  { name: "ShareGroupMemberMetadataValue", type: "coordinator-value", apiKey: 10, minVersion: 0, maxVersion: 0, read: m23.readShareGroupMemberMetadataValue, write: m23.writeShareGroupMemberMetadataValue as RecordSchema["write"], create: m23.newShareGroupMemberMetadataValue },
  { name: "ShareGroupMetadataKey", type: "coordinator-key", apiKey: 11, minVersion: 0, maxVersion: 0, read: m24.readShareGroupMetadataKey, write: m24.writeShareGroupMetadataKey as RecordSchema["write"], create: m24.newShareGroupMetadataKey },
  { name: "ShareGroupMetadataValue", type: "coordinator-value", apiKey: 11, minVersion: 0, maxVersion: 0, read: m25.readShareGroupMetadataValue, write: m25.writeShareGroupMetadataValue as RecordSchema["write"], create: m25.newShareGroupMetadataValue },
  { name: "ShareGroupStatePartitionMetadataKey", type: "coordinator-key", apiKey: 15, minVersion: 0, maxVersion: 0, read: m26.readShareGroupStatePartitionMetadataKey, write: m26.writeShareGroupStatePartitionMetadataKey as RecordSchema["write"], create: m26.newShareGroupStatePartitionMetadataKey },
  { name: "ShareGroupStatePartitionMetadataValue", type: "coordinator-value", apiKey: 15, minVersion: 0, maxVersion: 0, read: m27.readShareGroupStatePartitionMetadataValue, write: m27.writeShareGroupStatePartitionMetadataValue as RecordSchema["write"], create: m27.newShareGroupStatePartitionMetadataValue },
  { name: "ShareGroupTargetAssignmentMemberKey", type: "coordinator-key", apiKey: 13, minVersion: 0, maxVersion: 0, read: m28.readShareGroupTargetAssignmentMemberKey, write: m28.writeShareGroupTargetAssignmentMemberKey as RecordSchema["write"], create: m28.newShareGroupTargetAssignmentMemberKey },
  { name: "ShareGroupTargetAssignmentMemberValue", type: "coordinator-value", apiKey: 13, minVersion: 0, maxVersion: 0, read: m29.readShareGroupTargetAssignmentMemberValue, write: m29.writeShareGroupTargetAssignmentMemberValue as RecordSchema["write"], create: m29.newShareGroupTargetAssignmentMemberValue },
  { name: "ShareGroupTargetAssignmentMetadataKey", type: "coordinator-key", apiKey: 12, minVersion: 0, maxVersion: 0, read: m30.readShareGroupTargetAssignmentMetadataKey, write: m30.writeShareGroupTargetAssignmentMetadataKey as RecordSchema["write"], create: m30.newShareGroupTargetAssignmentMetadataKey },
  { name: "ShareGroupTargetAssignmentMetadataValue", type: "coordinator-value", apiKey: 12, minVersion: 0, maxVersion: 0, read: m31.readShareGroupTargetAssignmentMetadataValue, write: m31.writeShareGroupTargetAssignmentMetadataValue as RecordSchema["write"], create: m31.newShareGroupTargetAssignmentMetadataValue },
  { name: "ShareSnapshotKey", type: "coordinator-key", apiKey: 0, minVersion: 0, maxVersion: 0, read: m32.readShareSnapshotKey, write: m32.writeShareSnapshotKey as RecordSchema["write"], create: m32.newShareSnapshotKey },
  { name: "ShareSnapshotValue", type: "coordinator-value", apiKey: 0, minVersion: 0, maxVersion: 0, read: m33.readShareSnapshotValue, write: m33.writeShareSnapshotValue as RecordSchema["write"], create: m33.newShareSnapshotValue },
  { name: "ShareUpdateKey", type: "coordinator-key", apiKey: 1, minVersion: 0, maxVersion: 0, read: m34.readShareUpdateKey, write: m34.writeShareUpdateKey as RecordSchema["write"], create: m34.newShareUpdateKey },
  { name: "ShareUpdateValue", type: "coordinator-value", apiKey: 1, minVersion: 0, maxVersion: 0, read: m35.readShareUpdateValue, write: m35.writeShareUpdateValue as RecordSchema["write"], create: m35.newShareUpdateValue },
  { name: "StreamsGroupCurrentMemberAssignmentKey", type: "coordinator-key", apiKey: 22, minVersion: 0, maxVersion: 0, read: m36.readStreamsGroupCurrentMemberAssignmentKey, write: m36.writeStreamsGroupCurrentMemberAssignmentKey as RecordSchema["write"], create: m36.newStreamsGroupCurrentMemberAssignmentKey },
  { name: "StreamsGroupCurrentMemberAssignmentValue", type: "coordinator-value", apiKey: 22, minVersion: 0, maxVersion: 0, read: m37.readStreamsGroupCurrentMemberAssignmentValue, write: m37.writeStreamsGroupCurrentMemberAssignmentValue as RecordSchema["write"], create: m37.newStreamsGroupCurrentMemberAssignmentValue },
  { name: "StreamsGroupMemberMetadataKey", type: "coordinator-key", apiKey: 19, minVersion: 0, maxVersion: 0, read: m38.readStreamsGroupMemberMetadataKey, write: m38.writeStreamsGroupMemberMetadataKey as RecordSchema["write"], create: m38.newStreamsGroupMemberMetadataKey },
  { name: "StreamsGroupMemberMetadataValue", type: "coordinator-value", apiKey: 19, minVersion: 0, maxVersion: 0, read: m39.readStreamsGroupMemberMetadataValue, write: m39.writeStreamsGroupMemberMetadataValue as RecordSchema["write"], create: m39.newStreamsGroupMemberMetadataValue },
  { name: "StreamsGroupMetadataKey", type: "coordinator-key", apiKey: 17, minVersion: 0, maxVersion: 0, read: m40.readStreamsGroupMetadataKey, write: m40.writeStreamsGroupMetadataKey as RecordSchema["write"], create: m40.newStreamsGroupMetadataKey },
  { name: "StreamsGroupMetadataValue", type: "coordinator-value", apiKey: 17, minVersion: 0, maxVersion: 0, read: m41.readStreamsGroupMetadataValue, write: m41.writeStreamsGroupMetadataValue as RecordSchema["write"], create: m41.newStreamsGroupMetadataValue },
  { name: "StreamsGroupTargetAssignmentMemberKey", type: "coordinator-key", apiKey: 21, minVersion: 0, maxVersion: 0, read: m42.readStreamsGroupTargetAssignmentMemberKey, write: m42.writeStreamsGroupTargetAssignmentMemberKey as RecordSchema["write"], create: m42.newStreamsGroupTargetAssignmentMemberKey },
  { name: "StreamsGroupTargetAssignmentMemberValue", type: "coordinator-value", apiKey: 21, minVersion: 0, maxVersion: 0, read: m43.readStreamsGroupTargetAssignmentMemberValue, write: m43.writeStreamsGroupTargetAssignmentMemberValue as RecordSchema["write"], create: m43.newStreamsGroupTargetAssignmentMemberValue },
  { name: "StreamsGroupTargetAssignmentMetadataKey", type: "coordinator-key", apiKey: 20, minVersion: 0, maxVersion: 0, read: m44.readStreamsGroupTargetAssignmentMetadataKey, write: m44.writeStreamsGroupTargetAssignmentMetadataKey as RecordSchema["write"], create: m44.newStreamsGroupTargetAssignmentMetadataKey },
  { name: "StreamsGroupTargetAssignmentMetadataValue", type: "coordinator-value", apiKey: 20, minVersion: 0, maxVersion: 0, read: m45.readStreamsGroupTargetAssignmentMetadataValue, write: m45.writeStreamsGroupTargetAssignmentMetadataValue as RecordSchema["write"], create: m45.newStreamsGroupTargetAssignmentMetadataValue },
  { name: "StreamsGroupTopologyKey", type: "coordinator-key", apiKey: 23, minVersion: 0, maxVersion: 0, read: m46.readStreamsGroupTopologyKey, write: m46.writeStreamsGroupTopologyKey as RecordSchema["write"], create: m46.newStreamsGroupTopologyKey },
  { name: "StreamsGroupTopologyValue", type: "coordinator-value", apiKey: 23, minVersion: 0, maxVersion: 0, read: m47.readStreamsGroupTopologyValue, write: m47.writeStreamsGroupTopologyValue as RecordSchema["write"], create: m47.newStreamsGroupTopologyValue },
  { name: "TransactionLogKey", type: "coordinator-key", apiKey: 0, minVersion: 0, maxVersion: 0, read: m48.readTransactionLogKey, write: m48.writeTransactionLogKey as RecordSchema["write"], create: m48.newTransactionLogKey },
  { name: "TransactionLogValue", type: "coordinator-value", apiKey: 0, minVersion: 0, maxVersion: 1, read: m49.readTransactionLogValue, write: m49.writeTransactionLogValue as RecordSchema["write"], create: m49.newTransactionLogValue },
  { name: "AbortedTxn", type: "data", apiKey: -1, minVersion: 0, maxVersion: 0, read: m50.readAbortedTxn, write: m50.writeAbortedTxn as RecordSchema["write"], create: m50.newAbortedTxn },
  { name: "ConsumerProtocolAssignment", type: "data", apiKey: -1, minVersion: 0, maxVersion: 3, read: m51.readConsumerProtocolAssignment, write: m51.writeConsumerProtocolAssignment as RecordSchema["write"], create: m51.newConsumerProtocolAssignment },
  { name: "ConsumerProtocolSubscription", type: "data", apiKey: -1, minVersion: 0, maxVersion: 3, read: m52.readConsumerProtocolSubscription, write: m52.writeConsumerProtocolSubscription as RecordSchema["write"], create: m52.newConsumerProtocolSubscription },
  { name: "ControlRecordTypeSchema", type: "data", apiKey: -1, minVersion: 0, maxVersion: 0, read: m53.readControlRecordTypeSchema, write: m53.writeControlRecordTypeSchema as RecordSchema["write"], create: m53.newControlRecordTypeSchema },
  { name: "DefaultPrincipalData", type: "data", apiKey: -1, minVersion: 0, maxVersion: 0, read: m54.readDefaultPrincipalData, write: m54.writeDefaultPrincipalData as RecordSchema["write"], create: m54.newDefaultPrincipalData },
  { name: "EndTxnMarker", type: "data", apiKey: -1, minVersion: 0, maxVersion: 0, read: m55.readEndTxnMarker, write: m55.writeEndTxnMarker as RecordSchema["write"], create: m55.newEndTxnMarker },
  { name: "KRaftVersionRecord", type: "data", apiKey: -1, minVersion: 0, maxVersion: 0, read: m56.readKRaftVersionRecord, write: m56.writeKRaftVersionRecord as RecordSchema["write"], create: m56.newKRaftVersionRecord },
  { name: "LeaderChangeMessage", type: "data", apiKey: -1, minVersion: 0, maxVersion: 1, read: m57.readLeaderChangeMessage, write: m57.writeLeaderChangeMessage as RecordSchema["write"], create: m57.newLeaderChangeMessage },
  { name: "SnapshotFooterRecord", type: "data", apiKey: -1, minVersion: 0, maxVersion: 0, read: m58.readSnapshotFooterRecord, write: m58.writeSnapshotFooterRecord as RecordSchema["write"], create: m58.newSnapshotFooterRecord },
  { name: "SnapshotHeaderRecord", type: "data", apiKey: -1, minVersion: 0, maxVersion: 0, read: m59.readSnapshotHeaderRecord, write: m59.writeSnapshotHeaderRecord as RecordSchema["write"], create: m59.newSnapshotHeaderRecord },
  { name: "VotersRecord", type: "data", apiKey: -1, minVersion: 0, maxVersion: 0, read: m60.readVotersRecord, write: m60.writeVotersRecord as RecordSchema["write"], create: m60.newVotersRecord },
  { name: "AbortTransactionRecord", type: "metadata", apiKey: 25, minVersion: 0, maxVersion: 0, read: m61.readAbortTransactionRecord, write: m61.writeAbortTransactionRecord as RecordSchema["write"], create: m61.newAbortTransactionRecord },
  { name: "AccessControlEntryRecord", type: "metadata", apiKey: 18, minVersion: 0, maxVersion: 0, read: m62.readAccessControlEntryRecord, write: m62.writeAccessControlEntryRecord as RecordSchema["write"], create: m62.newAccessControlEntryRecord },
  { name: "BeginTransactionRecord", type: "metadata", apiKey: 23, minVersion: 0, maxVersion: 0, read: m63.readBeginTransactionRecord, write: m63.writeBeginTransactionRecord as RecordSchema["write"], create: m63.newBeginTransactionRecord },
  { name: "BrokerRegistrationChangeRecord", type: "metadata", apiKey: 17, minVersion: 0, maxVersion: 3, read: m64.readBrokerRegistrationChangeRecord, write: m64.writeBrokerRegistrationChangeRecord as RecordSchema["write"], create: m64.newBrokerRegistrationChangeRecord },
  { name: "ClearElrRecord", type: "metadata", apiKey: 28, minVersion: 0, maxVersion: 0, read: m65.readClearElrRecord, write: m65.writeClearElrRecord as RecordSchema["write"], create: m65.newClearElrRecord },
  { name: "ClientQuotaRecord", type: "metadata", apiKey: 14, minVersion: 0, maxVersion: 0, read: m66.readClientQuotaRecord, write: m66.writeClientQuotaRecord as RecordSchema["write"], create: m66.newClientQuotaRecord },
  { name: "ConfigRecord", type: "metadata", apiKey: 4, minVersion: 0, maxVersion: 0, read: m67.readConfigRecord, write: m67.writeConfigRecord as RecordSchema["write"], create: m67.newConfigRecord },
  { name: "DelegationTokenRecord", type: "metadata", apiKey: 10, minVersion: 0, maxVersion: 0, read: m68.readDelegationTokenRecord, write: m68.writeDelegationTokenRecord as RecordSchema["write"], create: m68.newDelegationTokenRecord },
  { name: "EndTransactionRecord", type: "metadata", apiKey: 24, minVersion: 0, maxVersion: 0, read: m69.readEndTransactionRecord, write: m69.writeEndTransactionRecord as RecordSchema["write"], create: m69.newEndTransactionRecord },
  { name: "FeatureLevelRecord", type: "metadata", apiKey: 12, minVersion: 0, maxVersion: 0, read: m70.readFeatureLevelRecord, write: m70.writeFeatureLevelRecord as RecordSchema["write"], create: m70.newFeatureLevelRecord },
  { name: "FenceBrokerRecord", type: "metadata", apiKey: 7, minVersion: 0, maxVersion: 0, read: m71.readFenceBrokerRecord, write: m71.writeFenceBrokerRecord as RecordSchema["write"], create: m71.newFenceBrokerRecord },
  { name: "NoOpRecord", type: "metadata", apiKey: 20, minVersion: 0, maxVersion: 0, read: m72.readNoOpRecord, write: m72.writeNoOpRecord as RecordSchema["write"], create: m72.newNoOpRecord },
  { name: "PartitionChangeRecord", type: "metadata", apiKey: 5, minVersion: 0, maxVersion: 2, read: m73.readPartitionChangeRecord, write: m73.writePartitionChangeRecord as RecordSchema["write"], create: m73.newPartitionChangeRecord },
  { name: "PartitionRecord", type: "metadata", apiKey: 3, minVersion: 0, maxVersion: 2, read: m74.readPartitionRecord, write: m74.writePartitionRecord as RecordSchema["write"], create: m74.newPartitionRecord },
  { name: "ProducerIdsRecord", type: "metadata", apiKey: 15, minVersion: 0, maxVersion: 0, read: m75.readProducerIdsRecord, write: m75.writeProducerIdsRecord as RecordSchema["write"], create: m75.newProducerIdsRecord },
  { name: "RegisterBrokerRecord", type: "metadata", apiKey: 0, minVersion: 0, maxVersion: 4, read: m76.readRegisterBrokerRecord, write: m76.writeRegisterBrokerRecord as RecordSchema["write"], create: m76.newRegisterBrokerRecord },
  { name: "RegisterControllerRecord", type: "metadata", apiKey: 27, minVersion: 0, maxVersion: 0, read: m77.readRegisterControllerRecord, write: m77.writeRegisterControllerRecord as RecordSchema["write"], create: m77.newRegisterControllerRecord },
  { name: "RemoveAccessControlEntryRecord", type: "metadata", apiKey: 19, minVersion: 0, maxVersion: 0, read: m78.readRemoveAccessControlEntryRecord, write: m78.writeRemoveAccessControlEntryRecord as RecordSchema["write"], create: m78.newRemoveAccessControlEntryRecord },
  { name: "RemoveDelegationTokenRecord", type: "metadata", apiKey: 26, minVersion: 0, maxVersion: 0, read: m79.readRemoveDelegationTokenRecord, write: m79.writeRemoveDelegationTokenRecord as RecordSchema["write"], create: m79.newRemoveDelegationTokenRecord },
  { name: "RemoveTopicRecord", type: "metadata", apiKey: 9, minVersion: 0, maxVersion: 0, read: m80.readRemoveTopicRecord, write: m80.writeRemoveTopicRecord as RecordSchema["write"], create: m80.newRemoveTopicRecord },
  { name: "RemoveUserScramCredentialRecord", type: "metadata", apiKey: 22, minVersion: 0, maxVersion: 0, read: m81.readRemoveUserScramCredentialRecord, write: m81.writeRemoveUserScramCredentialRecord as RecordSchema["write"], create: m81.newRemoveUserScramCredentialRecord },
  { name: "TopicRecord", type: "metadata", apiKey: 2, minVersion: 0, maxVersion: 0, read: m82.readTopicRecord, write: m82.writeTopicRecord as RecordSchema["write"], create: m82.newTopicRecord },
  { name: "UnfenceBrokerRecord", type: "metadata", apiKey: 8, minVersion: 0, maxVersion: 0, read: m83.readUnfenceBrokerRecord, write: m83.writeUnfenceBrokerRecord as RecordSchema["write"], create: m83.newUnfenceBrokerRecord },
  { name: "UnregisterBrokerRecord", type: "metadata", apiKey: 1, minVersion: 0, maxVersion: 0, read: m84.readUnregisterBrokerRecord, write: m84.writeUnregisterBrokerRecord as RecordSchema["write"], create: m84.newUnregisterBrokerRecord },
  { name: "UnregisterControllerRecord", type: "metadata", apiKey: 29, minVersion: 0, maxVersion: 0, read: m85.readUnregisterControllerRecord, write: m85.writeUnregisterControllerRecord as RecordSchema["write"], create: m85.newUnregisterControllerRecord },
  { name: "UserScramCredentialRecord", type: "metadata", apiKey: 11, minVersion: 0, maxVersion: 0, read: m86.readUserScramCredentialRecord, write: m86.writeUserScramCredentialRecord as RecordSchema["write"], create: m86.newUserScramCredentialRecord },
  { name: "ZkMigrationStateRecord", type: "metadata", apiKey: 21, minVersion: 0, maxVersion: 0, read: m87.readZkMigrationStateRecord, write: m87.writeZkMigrationStateRecord as RecordSchema["write"], create: m87.newZkMigrationStateRecord },
  { name: "QuorumStateData", type: "data", apiKey: -1, minVersion: 0, maxVersion: 1, read: m88.readQuorumStateData, write: m88.writeQuorumStateData as RecordSchema["write"], create: m88.newQuorumStateData },
  { name: "ProducerSnapshot", type: "data", apiKey: -1, minVersion: 1, maxVersion: 1, read: m89.readProducerSnapshot, write: m89.writeProducerSnapshot as RecordSchema["write"], create: m89.newProducerSnapshot },
  { name: "RemoteLogSegmentMetadataRecord", type: "metadata", apiKey: 0, minVersion: 0, maxVersion: 0, read: m90.readRemoteLogSegmentMetadataRecord, write: m90.writeRemoteLogSegmentMetadataRecord as RecordSchema["write"], create: m90.newRemoteLogSegmentMetadataRecord },
  { name: "RemoteLogSegmentMetadataSnapshotRecord", type: "metadata", apiKey: 3, minVersion: 0, maxVersion: 0, read: m91.readRemoteLogSegmentMetadataSnapshotRecord, write: m91.writeRemoteLogSegmentMetadataSnapshotRecord as RecordSchema["write"], create: m91.newRemoteLogSegmentMetadataSnapshotRecord },
  { name: "RemoteLogSegmentMetadataUpdateRecord", type: "metadata", apiKey: 1, minVersion: 0, maxVersion: 0, read: m92.readRemoteLogSegmentMetadataUpdateRecord, write: m92.writeRemoteLogSegmentMetadataUpdateRecord as RecordSchema["write"], create: m92.newRemoteLogSegmentMetadataUpdateRecord },
  { name: "RemotePartitionDeleteMetadataRecord", type: "metadata", apiKey: 2, minVersion: 0, maxVersion: 0, read: m93.readRemotePartitionDeleteMetadataRecord, write: m93.writeRemotePartitionDeleteMetadataRecord as RecordSchema["write"], create: m93.newRemotePartitionDeleteMetadataRecord },
];

/** Metadata log records by record type (the apiKey of metadata/*.json). */
export const METADATA_RECORDS: ReadonlyMap<number, RecordSchema> = new Map(
  RECORD_SCHEMAS.filter((s) => s.type === "metadata" && s.apiKey >= 0 && !s.name.startsWith("Remote")).map((s) => [s.apiKey, s]),
);
