// The controller side of ACLs (Kafka's AclControlManager) and their way through the metadata image:
// CreateAcls' validation, ids and de-duplication; DeleteAcls' filters (ANY, MATCH, exact patterns and
// entry fields) and INVALID_REQUEST for an unknown one; the AccessControlEntryRecord /
// RemoveAccessControlEntryRecord round trip through the record codec and the ImageBuilder; a snapshot
// that carries the ACLs and loads them back; a removal of an unknown id refused as a corrupt log.
import { afterAll, expect, test } from "bun:test";
import { planCreateAcls, planDeleteAcls } from "../../../src/metadata/acl-control.ts";
import { AclOperation as Op, AclPermissionType, PatternType, ResourceType, type AclBindingFilter, type StandardAcl } from "../../../src/metadata/authorizer/acl.ts";
import { emptyImage, ImageBuilder } from "../../../src/metadata/image-builder.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import { imageRecords, loadImageSnapshot, writeImageSnapshot } from "../../../src/metadata/image-snapshot.ts";
import { decodeMetadataRecord, encodeMetadataRecord, RecordType, type MetadataRecordOut } from "../../../src/metadata/record-serde.ts";
import { MetadataRecordError } from "../../../src/metadata/record-serde.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { FileRawSnapshotReader, FileRawSnapshotWriter } from "../../../src/raft/snapshot/file-raw-snapshot.ts";
import { RecordsSnapshotReader } from "../../../src/raft/snapshot/records-snapshot-reader.ts";
import { RecordsSnapshotWriter } from "../../../src/raft/snapshot/records-snapshot-writer.ts";
import { tempDir } from "../storage/helpers.ts";
import { randomKafkaUuid } from "../../../src/storage/meta-properties.ts";

const dir = tempDir("strand-acl-snapshot-");
afterAll(() => dir.cleanup(), 120_000);

const acl = (o: Partial<StandardAcl> = {}): StandardAcl => ({
  resourceType: ResourceType.TOPIC,
  resourceName: "orders",
  patternType: PatternType.LITERAL,
  principal: "User:alice",
  host: "*",
  operation: Op.READ,
  permissionType: AclPermissionType.ALLOW,
  ...o,
});

const ANY: AclBindingFilter = { resourceType: ResourceType.ANY, resourceName: null, patternType: PatternType.ANY, principal: null, host: null, operation: Op.ANY, permissionType: AclPermissionType.ANY };

/** Records applied as the loader applies them: encoded, decoded, replayed into the image. */
function apply(image: MetadataImage, records: readonly MetadataRecordOut[], from = 10n): MetadataImage {
  const b = new ImageBuilder(image.clusterId, image.controllerId, image);
  let offset = from;
  for (const r of records) {
    const rec = decodeMetadataRecord(encodeMetadataRecord(r), offset);
    expect(b.apply(rec.apiKey, rec.message, offset)).toBe(true);
    offset++;
  }
  return b.build();
}

const newId = randomKafkaUuid;

test("CreateAcls: valid ACLs get an id and a record each; invalid ones INVALID_REQUEST with Kafka's message", () => {
  const image = emptyImage("c", 1);
  const plan = planCreateAcls(
    image,
    [
      acl(),
      acl({ resourceType: ResourceType.ANY }),
      acl({ patternType: PatternType.MATCH }),
      acl({ operation: Op.ANY }),
      acl({ permissionType: AclPermissionType.ANY }),
      acl({ resourceName: "" }),
      acl({ patternType: PatternType.PREFIXED, resourceName: "ord" }),
    ],
    newId,
  );
  expect(plan.results.map((r) => [r.errorCode, r.errorMessage])).toEqual([
    [ErrorCode.NONE, null],
    [ErrorCode.INVALID_REQUEST, "Invalid resourceType ANY"],
    [ErrorCode.INVALID_REQUEST, "Invalid patternType MATCH"],
    [ErrorCode.INVALID_REQUEST, "Invalid operation ANY"],
    [ErrorCode.INVALID_REQUEST, "Invalid permissionType ANY"],
    [ErrorCode.INVALID_REQUEST, "Resource name should not be empty"],
    [ErrorCode.NONE, null],
  ]);
  expect(plan.records.map((r) => r.apiKey)).toEqual([RecordType.ACCESS_CONTROL_ENTRY, RecordType.ACCESS_CONTROL_ENTRY]);
});

test("an ACL that exists (or is twice in one request) is answered as created and written once", () => {
  const first = planCreateAcls(emptyImage("c", 1), [acl(), acl()], newId);
  expect(first.results.every((r) => r.errorCode === ErrorCode.NONE)).toBe(true);
  expect(first.records).toHaveLength(1);
  const image = apply(emptyImage("c", 1), first.records);
  const again = planCreateAcls(image, [acl(), acl({ operation: Op.WRITE })], newId);
  expect(again.results.every((r) => r.errorCode === ErrorCode.NONE)).toBe(true);
  expect(again.records).toHaveLength(1);
});

test("records -> image: each ACL under its id; removal by id; the map is replaced only when an ACL record applies", () => {
  const created = planCreateAcls(emptyImage("c", 1), [acl(), acl({ principal: "User:bob", permissionType: AclPermissionType.DENY })], newId);
  const image = apply(emptyImage("c", 1), created.records);
  expect([...image.acls!.values()].map((a) => a.principal).sort()).toEqual(["User:alice", "User:bob"]);
  const id = [...image.acls!.values()].find((a) => a.principal === "User:bob")!.id;
  const unrelated = apply(image, [{ apiKey: RecordType.FEATURE_LEVEL, version: 0, message: { name: "metadata.version", featureLevel: 33 } }], 20n);
  expect(unrelated.acls).toBe(image.acls!);
  const removed = apply(image, [{ apiKey: RecordType.REMOVE_ACCESS_CONTROL_ENTRY, version: 0, message: { id } }], 30n);
  expect([...removed.acls!.keys()]).not.toContain(id);
  expect(image.acls!.has(id)).toBe(true);
  const b = new ImageBuilder("c", 1, removed);
  expect(() => b.apply(RecordType.REMOVE_ACCESS_CONTROL_ENTRY, { id }, 40n)).toThrow(MetadataRecordError);
});

test("DeleteAcls filters: ANY, MATCH (literal, '*' and prefixes of the name), exact pattern, entry fields; unknown: INVALID_REQUEST", () => {
  const all = [
    acl({ resourceName: "orders" }),
    acl({ resourceName: "*" }),
    acl({ resourceName: "ord", patternType: PatternType.PREFIXED }),
    acl({ resourceName: "other" }),
    acl({ resourceName: "orders", principal: "User:bob", operation: Op.WRITE }),
    acl({ resourceType: ResourceType.GROUP, resourceName: "orders" }),
  ];
  const image = apply(emptyImage("c", 1), planCreateAcls(emptyImage("c", 1), all, newId).records);
  const names = (f: Partial<AclBindingFilter>) => {
    const r = planDeleteAcls(image, [{ ...ANY, ...f }]).results[0]!;
    return r.deleted.map((a) => `${a.resourceType}/${a.patternType}/${a.resourceName}/${a.principal}`).sort();
  };
  expect(names({})).toHaveLength(6);
  expect(names({ resourceType: ResourceType.TOPIC, resourceName: "orders", patternType: PatternType.MATCH })).toEqual(["2/3/*/User:alice", "2/3/orders/User:alice", "2/3/orders/User:bob", "2/4/ord/User:alice"]);
  expect(names({ resourceType: ResourceType.TOPIC, resourceName: "orders", patternType: PatternType.LITERAL })).toEqual(["2/3/orders/User:alice", "2/3/orders/User:bob"]);
  expect(names({ resourceType: ResourceType.TOPIC, patternType: PatternType.PREFIXED })).toEqual(["2/4/ord/User:alice"]);
  expect(names({ principal: "User:bob", operation: Op.WRITE })).toEqual(["2/3/orders/User:bob"]);
  expect(names({ permissionType: AclPermissionType.DENY })).toEqual([]);

  const plan = planDeleteAcls(image, [{ ...ANY, principal: "User:bob" }, { ...ANY, resourceType: ResourceType.UNKNOWN }, { ...ANY, resourceName: "orders" }]);
  expect(plan.results.map((r) => r.errorCode)).toEqual([ErrorCode.NONE, ErrorCode.INVALID_REQUEST, ErrorCode.NONE]);
  // bob's ACL matches two filters: listed by both, removed once.
  expect(plan.results[0]!.deleted).toHaveLength(1);
  expect(plan.results[2]!.deleted).toHaveLength(3);
  expect(plan.records).toHaveLength(3);
  const after = apply(image, plan.records, 50n);
  expect(after.acls!.size).toBe(3);
});

test("a snapshot carries the ACLs (AccessControlEntryRecords after the other records) and loads them back", async () => {
  const created = planCreateAcls(emptyImage("c", 1), [acl(), acl({ resourceName: "p-", patternType: PatternType.PREFIXED, host: "10.0.0.1", operation: Op.ALL, permissionType: AclPermissionType.DENY })], newId);
  const base = apply(emptyImage("c", 1), [{ apiKey: RecordType.FEATURE_LEVEL, version: 0, message: { name: "metadata.version", featureLevel: 33 } }, ...created.records]);
  const kinds = imageRecords(base).map((r) => r.apiKey);
  expect(kinds.filter((k) => k === RecordType.ACCESS_CONTROL_ENTRY)).toHaveLength(2);
  expect(kinds[kinds.length - 1]).toBe(RecordType.ACCESS_CONTROL_ENTRY);
  const id = { offset: Number(base.offset) + 1, epoch: 2 };
  const writer = new RecordsSnapshotWriter(FileRawSnapshotWriter.create(dir.path, id), { lastContainedLogTimestampMs: 1, maxBatchSizeBytes: 400 });
  writeImageSnapshot(base, { append: (records) => records.forEach((r) => writer.append([r])) });
  await writer.freeze();
  const loaded = loadImageSnapshot(RecordsSnapshotReader.of(FileRawSnapshotReader.open(dir.path, id)), "c", 1);
  expect(loaded.skipped.size).toBe(0);
  expect(loaded.image.acls).toEqual(base.acls!);
});
