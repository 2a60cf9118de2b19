// The controller and image side of client quotas (Kafka's ClientQuotaControlManager and
// ClientQuotasImage): AlterClientQuotas' validation with Kafka's messages, records only for changes,
// removal of an unset key writing nothing, duplicate keys and entities; ClientQuotaRecords through the
// record codec into the ImageBuilder (set, change, remove, the entity gone with its last key); the
// image's snapshot records loading back to the same quotas; DescribeClientQuotas' filters (exact,
// default, specified, strict) and its refusals.
import { expect, test } from "bun:test";
import { describeClientQuotas, DescribeClientQuotasError, entityKey, planAlterClientQuotas } from "../../../src/metadata/client-quota-control.ts";
import { emptyImage, ImageBuilder } from "../../../src/metadata/image-builder.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import { imageRecords } from "../../../src/metadata/image-snapshot.ts";
import { decodeMetadataRecord, encodeMetadataRecord, RecordType, type MetadataRecordOut } from "../../../src/metadata/record-serde.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";

function apply(image: MetadataImage, records: readonly MetadataRecordOut[]): MetadataImage {
  const b = new ImageBuilder(image.clusterId, image.controllerId, image);
  let offset = image.offset + 1n;
  for (const r of records) {
    const rec = decodeMetadataRecord(encodeMetadataRecord(r), offset);
    expect(b.apply(rec.apiKey, rec.message, offset)).toBe(true);
    offset++;
  }
  return b.build();
}

type Entity = Array<[string, string | null]>;
const entry = (entity: Entity, ops: Array<[string, number | null]>) => ({
  entity: entity.map(([entityType, entityName]) => ({ entityType, entityName })),
  ops: ops.map(([key, value]) => ({ key, value: value ?? 0, remove: value === null })),
});
const alter = (image: MetadataImage, ...entries: ReturnType<typeof entry>[]) => planAlterClientQuotas(image, entries);
const quotasOf = (image: MetadataImage, entity: Entity) => Object.fromEntries(image.clientQuotas?.get(entityKey(new Map(entity)))?.quotas ?? []);

test("AlterClientQuotas: Kafka's validation errors and messages", () => {
  const image = emptyImage("c", 1);
  const cases: Array<[ReturnType<typeof entry>, number, string]> = [
    [entry([], [["producer_byte_rate", 1]]), ErrorCode.INVALID_REQUEST, "Invalid empty client quota entity"],
    [entry([["group", "g"]], [["producer_byte_rate", 1]]), ErrorCode.INVALID_REQUEST, "Unhandled client quota entity type: group"],
    [entry([["user", ""]], [["producer_byte_rate", 1]]), ErrorCode.INVALID_REQUEST, "Empty user not supported"],
    [entry([["ip", "1.2.3.4"], ["user", "u"]], [["connection_creation_rate", 1]]), ErrorCode.INVALID_REQUEST, "Invalid quota entity combination, IP entity shouldnot be combined with User or ClientId"],
    [entry([["ip", "not an ip"]], [["connection_creation_rate", 1]]), ErrorCode.INVALID_REQUEST, "not an ip is not a valid IP or resolvable host."],
    [entry([["user", "u"]], [["connection_creation_rate", 1]]), ErrorCode.INVALID_REQUEST, "Invalid configuration key connection_creation_rate"],
    [entry([["ip", "1.2.3.4"]], [["producer_byte_rate", 1]]), ErrorCode.INVALID_REQUEST, "Invalid configuration key producer_byte_rate"],
    [entry([["user", "u"]], [["producer_byte_rate", 0]]), ErrorCode.INVALID_REQUEST, "Quota producer_byte_rate must be greater than 0"],
    [entry([["user", "u"]], [["producer_byte_rate", 1.5]]), ErrorCode.INVALID_REQUEST, "producer_byte_rate cannot be a fractional value."],
    [entry([["user", "u"]], [["producer_byte_rate", 1e19]]), ErrorCode.INVALID_REQUEST, "Proposed value for producer_byte_rate is too large for a LONG."],
    [entry([["ip", "::1"]], [["connection_creation_rate", 3e9]]), ErrorCode.INVALID_REQUEST, "Proposed value for connection_creation_rate is too large for an INT."],
    [entry([["user", "u"]], [["SCRAM-SHA-256", 1]]), ErrorCode.UNKNOWN_SERVER_ERROR, "Unexpected config type STRING should be Long or Double"],
  ];
  for (const [e, code, message] of cases) {
    const plan = alter(image, e);
    expect(plan.records).toEqual([]);
    expect(plan.results).toHaveLength(1);
    expect({ code: plan.results[0]!.errorCode, message: plan.results[0]!.errorMessage }).toEqual({ code, message });
  }
  // request_percentage and controller_mutation_rate are doubles; a default user with a named client is fine.
  const ok = alter(image, entry([["user", null], ["client-id", "c"]], [["request_percentage", 12.5], ["controller_mutation_rate", 0.5]]));
  expect(ok.results.map((r) => r.errorCode)).toEqual([0]);
  expect(ok.records).toHaveLength(2);
});

test("AlterClientQuotas: a duplicate key or entity fails that entity only; records for changes only", () => {
  let image = emptyImage("c", 1);
  const plan = alter(
    image,
    entry([["client-id", "a"]], [["producer_byte_rate", 10], ["producer_byte_rate", 20]]),
    entry([["client-id", "b"]], [["producer_byte_rate", 10]]),
    entry([["client-id", "b"]], [["consumer_byte_rate", 10]]),
    entry([["user", "u"], ["client-id", "x"]], [["consumer_byte_rate", 30], ["request_percentage", null]]),
  );
  expect(plan.results.map((r) => [r.entity.map((e) => `${e.entityType}=${e.entityName}`).join(","), r.errorCode, r.errorMessage])).toEqual([
    ["client-id=a", ErrorCode.INVALID_REQUEST, "Ignoring duplicate entity ClientQuotaEntity(entries={client-id=a})"],
    ["client-id=b", ErrorCode.INVALID_REQUEST, "Ignoring duplicate entity ClientQuotaEntity(entries={client-id=b})"],
    ["client-id=x,user=u", 0, null],
  ]);
  // The first "b" entry was valid and stays planned (Kafka keeps its records: the results map only is overwritten).
  expect(plan.records.map((r) => (r.message as { key: string }).key)).toEqual(["producer_byte_rate", "consumer_byte_rate"]);
  image = apply(image, plan.records);
  expect(quotasOf(image, [["client-id", "b"]])).toEqual({ producer_byte_rate: 10 });
  expect(quotasOf(image, [["user", "u"], ["client-id", "x"]])).toEqual({ consumer_byte_rate: 30 });

  // Same value again: nothing written; removal of a key that is not set: nothing written.
  expect(alter(image, entry([["client-id", "b"]], [["producer_byte_rate", 10], ["consumer_byte_rate", null]])).records).toEqual([]);
  // Change one, remove the last key of the other: the entity leaves the image.
  const next = alter(image, entry([["client-id", "b"]], [["producer_byte_rate", 11]]), entry([["user", "u"], ["client-id", "x"]], [["consumer_byte_rate", null]]));
  expect(next.records.every((r) => r.apiKey === RecordType.CLIENT_QUOTA)).toBe(true);
  image = apply(image, next.records);
  expect(quotasOf(image, [["client-id", "b"]])).toEqual({ producer_byte_rate: 11 });
  expect(image.clientQuotas?.has(entityKey(new Map([["user", "u"], ["client-id", "x"]])))).toBe(false);
});

function sampleImage(): MetadataImage {
  return apply(
    emptyImage("c", 1),
    alter(
      emptyImage("c", 1),
      entry([["user", "alice"]], [["producer_byte_rate", 100]]),
      entry([["user", null]], [["producer_byte_rate", 50]]),
      entry([["user", "alice"], ["client-id", "app"]], [["consumer_byte_rate", 200]]),
      entry([["client-id", "app"]], [["request_percentage", 25]]),
      entry([["client-id", null]], [["request_percentage", 5]]),
      entry([["ip", "10.0.0.1"]], [["connection_creation_rate", 3]]),
    ).records,
  );
}

test("a snapshot's ClientQuotaRecords load back to the same quotas", () => {
  const image = sampleImage();
  const records = imageRecords(image).filter((r) => r.apiKey === RecordType.CLIENT_QUOTA);
  expect(records).toHaveLength(6);
  const loaded = apply(emptyImage("c", 1), records);
  expect([...loaded.clientQuotas!.values()].map((q) => [entityKey(q.entity), Object.fromEntries(q.quotas)])).toEqual([...image.clientQuotas!.values()].map((q) => [entityKey(q.entity), Object.fromEntries(q.quotas)]));
});

test("DescribeClientQuotas: exact, default and specified components, strict, and Kafka's refusals", () => {
  const image = sampleImage();
  const d = (components: Array<[string, number, string | null]>, strict = false) =>
    describeClientQuotas(image, { components: components.map(([entityType, matchType, match]) => ({ entityType, matchType, match })), strict })
      .map((e) => e.entity.map((x) => `${x.entityType}=${x.entityName ?? "<default>"}`).sort().join(","))
      .sort();
  expect(d([["user", 0, "alice"]])).toEqual(["client-id=app,user=alice", "user=alice"]);
  expect(d([["user", 0, "alice"]], true)).toEqual(["user=alice"]);
  expect(d([["user", 1, null]])).toEqual(["user=<default>"]);
  expect(d([["user", 2, null]], true)).toEqual(["user=<default>", "user=alice"]);
  expect(d([["client-id", 2, null]])).toEqual(["client-id=<default>", "client-id=app", "client-id=app,user=alice"]);
  expect(d([["client-id", 0, "app"], ["user", 2, null]])).toEqual(["client-id=app,user=alice"]);
  expect(d([["ip", 2, null]])).toEqual(["ip=10.0.0.1"]);
  expect(d([])).toHaveLength(6);
  expect(d([], true)).toEqual([]);
  const values = describeClientQuotas(image, { components: [{ entityType: "user", matchType: 0, match: "alice" }], strict: true });
  expect(values[0]!.values).toEqual([{ key: "producer_byte_rate", value: 100 }]);

  const refused = (components: Array<[string, number, string | null]>) => {
    try {
      describeClientQuotas(image, { components: components.map(([entityType, matchType, match]) => ({ entityType, matchType, match })), strict: false });
    } catch (e) {
      if (e instanceof DescribeClientQuotasError) return [e.errorCode, e.message];
      throw e;
    }
    return null;
  };
  expect(refused([["", 0, "x"]])).toEqual([ErrorCode.INVALID_REQUEST, "Invalid empty entity type."]);
  expect(refused([["user", 0, "a"], ["user", 2, null]])).toEqual([ErrorCode.INVALID_REQUEST, "Entity type user cannot appear more than once in the filter."]);
  expect(refused([["group", 0, "a"]])).toEqual([ErrorCode.UNSUPPORTED_VERSION, "Unsupported entity type group"]);
  expect(refused([["user", 0, null]])).toEqual([ErrorCode.INVALID_REQUEST, "Request specified MATCH_TYPE_EXACT, but set match string to null."]);
  expect(refused([["user", 1, "a"]])).toEqual([ErrorCode.INVALID_REQUEST, "Request specified MATCH_TYPE_DEFAULT, but also specified a match string."]);
  expect(refused([["user", 2, "a"]])).toEqual([ErrorCode.INVALID_REQUEST, "Request specified MATCH_TYPE_SPECIFIED, but also specified a match string."]);
  expect(refused([["user", 7, null]])).toEqual([ErrorCode.INVALID_REQUEST, "Unknown match type 7"]);
  expect(refused([["ip", 2, null], ["user", 2, null]])).toEqual([ErrorCode.INVALID_REQUEST, "Invalid entity filter component combination. IP filter component should not be used with user or clientId filter component."]);
});
