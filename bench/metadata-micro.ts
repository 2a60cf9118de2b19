// Micro-benchmark of the Metadata handler + encoding for one topic of 9,999 partitions (no network):
//   bun bench/metadata-micro.ts <checkout root>   (e.g. /work/main, or an older checkout for before/after)
const root = process.argv[2]!;
const { planCreateTopics } = await import(`${root}/src/metadata/controller.ts`);
const { ImageBuilder } = await import(`${root}/src/metadata/image-builder.ts`);
const { decodeMetadataRecord, encodeMetadataRecord, RecordType } = await import(`${root}/src/metadata/record-serde.ts`);
const { registrationRecord } = await import(`${root}/src/metadata/registration.ts`);
const { BrokerConfig } = await import(`${root}/src/config/broker-config.ts`);
const { topicConfigSupport } = await import(`${root}/src/metadata/topic-config-support.ts`);
const { Dispatcher } = await import(`${root}/src/server/dispatch.ts`);
const { metadataHandler } = await import(`${root}/src/server/api/03-metadata.ts`);
const { API_CODECS } = await import(`${root}/src/protocol/generated/apis.ts`);
const { writeRequestHeader } = await import(`${root}/src/protocol/generated/messages/request-header.ts`);
const { encodeFramed } = await import(`${root}/src/protocol/primitives/writer.ts`);
const config = BrokerConfig.from(new Map([["process.roles", "broker,controller"], ["node.id", "1"], ["listeners", "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093"], ["controller.listener.names", "CONTROLLER"], ["listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"], ["log.dirs", "/tmp/unused"]]), []);
function apply(image: any, records: any[]) { const b = new ImageBuilder(image.clusterId, image.controllerId, image); records.forEach((r: any, i: number) => { const rec = decodeMetadataRecord(encodeMetadataRecord(r), image.offset + 1n + BigInt(i)); b.apply(rec.apiKey, rec.message, image.offset + 1n + BigInt(i)); }); return b.build(); }
let image = apply(new ImageBuilder("c", 1).build(), [{ apiKey: RecordType.FEATURE_LEVEL, version: 0, message: { name: "metadata.version", featureLevel: 33 } }, registrationRecord({ nodeId: 1, incarnationId: "AAAAAAAAAAAAAAAAAAAAAg", brokerEpoch: 1n, endpoints: [{ name: "PLAINTEXT", host: "h", port: 1 }], config, logDirIds: ["AAAAAAAAAAAAAAAAAAAAAw"] })]);
let n = 0; const env = { nodeId: 1, defaultPartitions: 1, defaultReplicationFactor: 1, validateTopicConfigs: (p: any) => topicConfigSupport.validate(p), newTopicId: () => `AAAAAAAAAAAAAAAAAAAA${String.fromCharCode(65 + (n++ % 26))}w`, replicaDirectory: () => "AAAAAAAAAAAAAAAAAAAAAQ" };
image = apply(image, planCreateTopics(image, env, [{ name: "big", numPartitions: 9999, replicationFactor: 1, assignments: [], configs: [] }]).records);
// Shaped for both the old handlers (ctx.broker: logs) and the new ones (ctx.services: logManager, metadataEntries).
const entryCacheModule = await import(`${root}/src/server/metadata-entry-cache.ts`).catch(() => null);
const logManager = { offlinePartitions: () => [], offlineCount: 0, offlineChanges: 0 };
const broker: any = { metadata: { image }, nodeId: 1, logs: logManager, logManager, config: { bool: () => false, protocolMap: new Map([["PLAINTEXT", "PLAINTEXT"]]) }, clusterId: "c", metadataEntries: entryCacheModule ? new entryCacheModule.MetadataEntryCache() : undefined };
const d = new Dispatcher(broker, [metadataHandler], { warn() {}, info() {}, error() {} } as any);
const codec = API_CODECS.get(3)!;
const frame = encodeFramed((s: any) => { writeRequestHeader(s, { requestApiKey: 3, requestApiVersion: 12, correlationId: 1, clientId: "x" }, 2); codec.writeRequest(s, { topics: [{ name: "big", topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false, includeTopicAuthorizedOperations: false, includeClusterAuthorizedOperations: false }, 12); }).subarray(4);
const conn = { id: 1, listenerName: "PLAINTEXT", remoteAddress: "x", authenticated: true };
const times: number[] = [];
for (let i = 0; i < 60; i++) { const t0 = performance.now(); const r = await d.handle(conn, frame); times.push(performance.now() - t0); if (i === 0) console.log("bytes", (r as any).size); }
times.sort((a, b) => a - b); console.log(root, "median ms", times[30]!.toFixed(3), "p10", times[6]!.toFixed(3));

export {};
