// Records of __transaction_state in Kafka's format (TransactionLog / TransactionCoordinatorRecordSerde,
// 4.4.0): key = int16 record type 0 + TransactionLogKey (version 0); value = int16 version +
// TransactionLogValue at that version: 0 when transaction.version is 0, 1 (flexible, with the
// previous/next producer id and client transaction version as tagged fields) from 1 on
// (TransactionVersion.transactionLogValueVersion). A null value is the tombstone of an expired
// transactional id. An EMPTY transaction writes a null partition list, as Kafka does.

import { Reader } from "../../protocol/primitives/reader.ts";
import { encodeExact } from "../../protocol/primitives/writer.ts";
import { readTransactionLogKey, writeTransactionLogKey } from "../../protocol/generated/coordinator/transaction-log-key.ts";
import { readTransactionLogValue, writeTransactionLogValue, type PartitionsSchema } from "../../protocol/generated/coordinator/transaction-log-value.ts";
import type { CoordinatorRecord } from "../runtime/partition-writer.ts";
import { NO_PRODUCER_EPOCH, parseTpKey, tpKey, type TransactionVersion, type TxnTransitMetadata } from "./transaction-metadata.ts";
import { TransactionState, stateFromId } from "./transaction-state.ts";

export const TRANSACTION_LOG_KEY_TYPE = 0;

export class TransactionLogRecordError extends Error {
  override readonly name = "TransactionLogRecordError";
}

export function valueVersionFor(transactionVersionLevel: number): number {
  return transactionVersionLevel >= 1 ? 1 : 0;
}

export function keyBytes(transactionalId: string): Uint8Array {
  return encodeExact((s) => {
    s.int16(TRANSACTION_LOG_KEY_TYPE);
    writeTransactionLogKey(s, { transactionalId }, 0);
  });
}

export function valueBytes(t: TxnTransitMetadata, transactionVersionLevel: number): Uint8Array {
  if (t.txnState === TransactionState.EMPTY && t.topicPartitions.size > 0) throw new TransactionLogRecordError("an EMPTY transaction cannot hold partitions");
  let partitions: PartitionsSchema[] | null = null;
  if (t.txnState !== TransactionState.EMPTY) {
    const byTopic = new Map<string, number[]>();
    for (const k of t.topicPartitions) {
      const tp = parseTpKey(k);
      let ps = byTopic.get(tp.topic);
      if (!ps) byTopic.set(tp.topic, (ps = []));
      ps.push(tp.partition);
    }
    partitions = [...byTopic].map(([topic, partitionIds]) => ({ topic, partitionIds }));
  }
  const version = valueVersionFor(transactionVersionLevel);
  return encodeExact((s) => {
    s.int16(version);
    writeTransactionLogValue(
      s,
      {
        producerId: t.producerId,
        previousProducerId: t.prevProducerId,
        nextProducerId: t.nextProducerId,
        producerEpoch: t.producerEpoch,
        nextProducerEpoch: -1,
        transactionTimeoutMs: t.txnTimeoutMs,
        transactionStatus: t.txnState,
        transactionPartitions: partitions,
        transactionLastUpdateTimestampMs: BigInt(t.txnLastUpdateTimestamp),
        transactionStartTimestampMs: BigInt(t.txnStartTimestamp),
        clientTransactionVersion: t.clientTransactionVersion,
      },
      version,
    );
  });
}

export function txnRecord(transactionalId: string, t: TxnTransitMetadata, transactionVersionLevel: number): CoordinatorRecord {
  return { key: keyBytes(transactionalId), value: valueBytes(t, transactionVersionLevel) };
}

export function tombstone(transactionalId: string): CoordinatorRecord {
  return { key: keyBytes(transactionalId), value: null };
}

/** The transactional id of a key; null for another record type (skipped, as Kafka's loader does). */
export function readKey(key: Uint8Array): string | null {
  if (key.length < 2) throw new TransactionLogRecordError(`a ${key.length}-byte key`);
  const type = new DataView(key.buffer, key.byteOffset, key.byteLength).getInt16(0);
  if (type !== TRANSACTION_LOG_KEY_TYPE) return null;
  const r = new Reader(key, 2);
  const k = readTransactionLogKey(r, 0);
  if (!r.ok) throw new TransactionLogRecordError(`bad key: ${r.error!.message}`);
  return k.transactionalId;
}

/** A value as the transit it records (lastProducerEpoch is not stored: NO_PRODUCER_EPOCH, as Kafka). */
export function readValue(value: Uint8Array): TxnTransitMetadata {
  if (value.length < 2) throw new TransactionLogRecordError(`a ${value.length}-byte value`);
  const version = new DataView(value.buffer, value.byteOffset, value.byteLength).getInt16(0);
  if (version < 0 || version > 1) throw new TransactionLogRecordError(`unknown value version ${version}`);
  const r = new Reader(value, 2);
  const v = readTransactionLogValue(r, version);
  if (!r.ok) throw new TransactionLogRecordError(`bad value: ${r.error!.message}`);
  const state = stateFromId(v.transactionStatus);
  const partitions = new Set<string>();
  if (state !== TransactionState.EMPTY) for (const t of v.transactionPartitions ?? []) for (const p of t.partitionIds) partitions.add(tpKey(t.topic, p));
  const tv = v.clientTransactionVersion;
  return {
    producerId: v.producerId,
    prevProducerId: v.previousProducerId,
    nextProducerId: v.nextProducerId,
    producerEpoch: v.producerEpoch,
    lastProducerEpoch: NO_PRODUCER_EPOCH,
    txnTimeoutMs: v.transactionTimeoutMs,
    txnState: state,
    topicPartitions: partitions,
    txnStartTimestamp: Number(v.transactionStartTimestampMs),
    txnLastUpdateTimestamp: Number(v.transactionLastUpdateTimestampMs),
    clientTransactionVersion: (tv >= 2 ? 2 : tv === 1 ? 1 : 0) as TransactionVersion,
  };
}
