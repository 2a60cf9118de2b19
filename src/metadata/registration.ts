// This broker's RegisterBrokerRecord (v4, as Kafka 4.4.0 writes it): endpoints with their security
// protocol, the features it supports, its log dir ids, rack, and the broker epoch (the record's own
// offset, as Kafka's controller assigns it). Strand registers unfenced at once: with one node there is
// no heartbeat-driven unfencing to wait for.

import type { BrokerConfig } from "../config/broker-config.ts";
import type { Endpoint } from "../config/listeners.ts";
import type { BrokerRegistrationImage } from "./image.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { SUPPORTED_FEATURES } from "./supported-features.ts";

/** Kafka's SecurityProtocol ids. */
export const SECURITY_PROTOCOL_ID: Readonly<Record<string, number>> = { PLAINTEXT: 0, SSL: 1, SASL_PLAINTEXT: 2, SASL_SSL: 3 };


export function registrationRecord(a: {
  nodeId: number;
  incarnationId: string;
  brokerEpoch: bigint;
  endpoints: readonly Endpoint[];
  config: BrokerConfig;
  logDirIds: readonly string[];
}): MetadataRecordOut {
  return metadataRecord(RecordType.REGISTER_BROKER, {
    brokerId: a.nodeId,
    isMigratingZkBroker: false,
    incarnationId: a.incarnationId,
    brokerEpoch: a.brokerEpoch,
    endPoints: a.endpoints.map((e) => ({
      name: e.name,
      host: e.host,
      port: e.port,
      securityProtocol: SECURITY_PROTOCOL_ID[(a.config.protocolMap.get(e.name) ?? "PLAINTEXT").toUpperCase()] ?? 0,
    })),
    // Every feature this node supports, with its range (Kafka registers all of them, 0-0 ones included).
    features: SUPPORTED_FEATURES.map((f) => ({ name: f.name, minSupportedVersion: f.minVersion, maxSupportedVersion: f.maxVersion })),
    rack: a.config.optionalString("broker.rack"),
    fenced: false,
    inControlledShutdown: false,
    logDirs: [...a.logDirIds],
    cordonedLogDirs: null,
  });
}

/** Whether the registration in the image already says what a new one would. */
export function registrationMatches(current: BrokerRegistrationImage, endpoints: readonly Endpoint[], config: BrokerConfig): boolean {
  if (current.fenced || current.inControlledShutdown) return false;
  if (current.rack !== config.optionalString("broker.rack")) return false;
  if (current.endpoints.length !== endpoints.length) return false;
  return endpoints.every((e, i) => {
    const c = current.endpoints[i]!;
    return c.name === e.name && c.host === e.host && c.port === e.port;
  });
}
