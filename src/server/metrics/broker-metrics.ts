// The broker's Prometheus metrics (services.metrics), named as the Prometheus JMX exporter renders
// Kafka's MBeans with its Kafka example config, example_configs/kafka-2_0_0.yml of
// github.com/prometheus/jmx_exporter (lowercaseOutputName: true):
// - "Generic per-second counters": kafka.server<type=BrokerTopicMetrics, name=BytesInPerSec, topic=T>
//   Count -> kafka_server_brokertopicmetrics_bytesin_total{topic="T"}; the all-topics MBean (no topic
//   key) -> the same name without labels. Likewise messagesin, bytesout, replicationbytesout.
// - "Generic gauges": kafka.server<type=ReplicaManager, name=PartitionCount> Value ->
//   kafka_server_replicamanager_partitioncount; kafka.log<type=Log, name=Size, topic=T, partition=P>
//   -> kafka_log_log_size{topic,partition}; kafka.network<type=RequestChannel, name=RequestQueueSize>
//   -> kafka_network_requestchannel_requestqueuesize; DelayedOperationPurgatory's PurgatorySize with
//   its delayedOperation key; KafkaController's ActiveControllerCount, OfflinePartitionsCount, ...
// - Kafka's Histograms/Timers (RequestMetrics TotalTimeMs, LogFlushStats LogFlushRateAndTimeMs), which
//   the exporter renders as _count plus quantile gauges, are real Prometheus histograms here under the
//   same base name: _count is the exporter's series, and histogram_quantile() replaces the quantiles.
// Consumer lag (not a Kafka broker metric) uses kafka-lag-exporter's names (group-lag.ts).
//
// Everything but the request and flush histograms is read at scrape time from state the broker keeps:
// the per-topic counters are Partition's plain fields (replication/partition.ts), summed here.

import type { MetadataImage } from "../../metadata/image.ts";
import type { QuorumController } from "../../metadata/quorum-controller.ts";
import type { ReplicaManager } from "../../replication/replica-manager.ts";
import type { LogManager } from "../../storage/log-manager.ts";
import { LATENCY_MS_BUCKETS, MetricsRegistry, type Histogram, type Sample } from "../../util/metrics/index.ts";
import { registerProcessMetrics, type ProcessMetrics } from "../../util/metrics/process.ts";
import { RequestMetrics } from "./request-metrics.ts";

/** What the gauges read, given once the broker has built it (start()). */
export interface BrokerMetricSources {
  readonly nodeId: number;
  readonly replicaManager: ReplicaManager;
  readonly logs: LogManager;
  /** The committed metadata image, null before the first. */
  readonly image: () => MetadataImage | null;
  readonly quorumController: QuorumController | null;
  /** Requests read and not answered yet, over every connection (Kafka's request queue). */
  readonly requestQueueSize: () => number;
}

interface TopicStats {
  bytesIn: number;
  messagesIn: number;
  bytesOut: number;
  replicationBytesOut: number;
}

export class BrokerMetrics {
  readonly registry = new MetricsRegistry();
  /** TotalTimeMs per request name, fed by the dispatcher. */
  readonly requests = new RequestMetrics();
  /** The log flush / group-commit fsync latency (ms), fed by every log's syncs (LogManager onSyncTimed). */
  readonly logFlush: Histogram;
  private process: ProcessMetrics | null = null;
  private bound = false;

  constructor() {
    this.registry.histogramFn("kafka_network_requestmetrics_totaltimems", "Kafka's RequestMetrics TotalTimeMs: time from a request's arrival at the dispatcher to its response, in ms, per request name.", () => this.requests.samples());
    this.logFlush = this.registry.histogram("kafka_log_logflushstats_logflushrateandtimems", "Kafka's LogFlushStats LogFlushRateAndTimeMs: time of each log fsync (group commit or flush), in ms.", LATENCY_MS_BUCKETS);
  }

  /** Registers the gauges that read the broker's state, and the process metrics; once. */
  bind(src: BrokerMetricSources): void {
    if (this.bound) throw new Error("broker metrics bound twice");
    this.bound = true;
    const reg = this.registry;
    const rm = src.replicaManager;
    this.registerTopicCounters(src);

    reg.gaugeFn("kafka_network_requestchannel_requestqueuesize", "Kafka's RequestChannel RequestQueueSize: requests read and not yet answered, over every connection.", src.requestQueueSize);
    reg.gaugeFn("kafka_server_delayedoperationpurgatory_purgatorysize", "Kafka's DelayedOperationPurgatory PurgatorySize: operations waiting, per purgatory.", () => purgatory(rm));
    reg.gaugeFn("kafka_server_delayedoperationpurgatory_numdelayedoperations", "Kafka's DelayedOperationPurgatory NumDelayedOperations: operations waiting, per purgatory.", () => purgatory(rm));

    const partitionStats = () => {
      let partitions = 0;
      let leaders = 0;
      let underReplicated = 0;
      let offline = 0;
      for (const p of rm.hostedPartitions()) {
        partitions++;
        if (p.isOffline) offline++;
        if (p.leaderId !== src.nodeId) continue;
        leaders++;
        if (p.isr.length < p.replicas.length) underReplicated++;
      }
      return { partitions, leaders, underReplicated, offline };
    };
    reg.gaugeFn("kafka_server_replicamanager_partitioncount", "Kafka's ReplicaManager PartitionCount: partitions hosted on this broker.", () => partitionStats().partitions);
    reg.gaugeFn("kafka_server_replicamanager_leadercount", "Kafka's ReplicaManager LeaderCount: partitions this broker leads.", () => partitionStats().leaders);
    reg.gaugeFn("kafka_server_replicamanager_underreplicatedpartitions", "Kafka's ReplicaManager UnderReplicatedPartitions: partitions led here whose ISR is smaller than their replica set.", () => partitionStats().underReplicated);
    reg.gaugeFn("kafka_server_replicamanager_offlinereplicacount", "Kafka's ReplicaManager OfflineReplicaCount: partitions hosted here whose log dir failed.", () => partitionStats().offline + src.logs.offlinePartitions().length);

    const active = () => src.quorumController?.isActive === true;
    const imageCounts = () => {
      const image = src.image();
      let offline = 0;
      let partitions = 0;
      if (image) {
        for (const t of image.topicsByName.values()) {
          for (const p of t.partitions) {
            partitions++;
            if (p.leader < 0) offline++;
          }
        }
      }
      return { offline, partitions, topics: image?.topicsByName.size ?? 0 };
    };
    // As Kafka's: the active controller reports the cluster-wide counts; every other node 0.
    reg.gaugeFn("kafka_controller_kafkacontroller_activecontrollercount", "Kafka's KafkaController ActiveControllerCount: 1 on the active controller, else 0.", () => (active() ? 1 : 0));
    reg.gaugeFn("kafka_controller_kafkacontroller_offlinepartitionscount", "Kafka's KafkaController OfflinePartitionsCount: partitions without a leader (active controller only).", () => (active() ? imageCounts().offline : 0));
    reg.gaugeFn("kafka_controller_kafkacontroller_globalpartitioncount", "Kafka's KafkaController GlobalPartitionCount (active controller only).", () => (active() ? imageCounts().partitions : 0));
    reg.gaugeFn("kafka_controller_kafkacontroller_globaltopiccount", "Kafka's KafkaController GlobalTopicCount (active controller only).", () => (active() ? imageCounts().topics : 0));

    const perPartition = (read: (p: { log: { sizeBytes: number; logEndOffset: number; logStartOffset: number } }) => number) =>
      function* (): IterableIterator<Sample> {
        for (const p of rm.hostedPartitions()) {
          if (p.isOffline) continue;
          yield { labels: { topic: p.topic, partition: String(p.partition) }, value: read(p) };
        }
      };
    reg.gaugeFn("kafka_log_log_size", "Kafka's Log Size: bytes of a partition's segments.", perPartition((p) => p.log.sizeBytes));
    reg.gaugeFn("kafka_log_log_logendoffset", "Kafka's Log LogEndOffset.", perPartition((p) => p.log.logEndOffset));
    reg.gaugeFn("kafka_log_log_logstartoffset", "Kafka's Log LogStartOffset.", perPartition((p) => p.log.logStartOffset));

    this.process = registerProcessMetrics(reg);
  }

  /** BrokerTopicMetrics per topic (partitions hosted here) and over all topics (kept when partitions go). */
  private registerTopicCounters(src: BrokerMetricSources): void {
    const rm = src.replicaManager;
    const perTopic = (): Map<string, TopicStats> => {
      const m = new Map<string, TopicStats>();
      for (const p of rm.hostedPartitions()) {
        let t = m.get(p.topic);
        if (!t) m.set(p.topic, (t = { bytesIn: 0, messagesIn: 0, bytesOut: 0, replicationBytesOut: 0 }));
        t.bytesIn += p.bytesIn;
        t.messagesIn += p.messagesIn;
        t.bytesOut += p.bytesOut;
        t.replicationBytesOut += p.replicationBytesOut;
      }
      return m;
    };
    const family = (field: keyof TopicStats) =>
      function* (): IterableIterator<Sample> {
        const topics = perTopic();
        let total = rm.retiredTopicStats[field];
        for (const t of topics.values()) total += t[field];
        yield { value: total };
        for (const [topic, t] of topics) yield { labels: { topic }, value: t[field] };
      };
    this.registry.counterFn("kafka_server_brokertopicmetrics_bytesin_total", "Kafka's BrokerTopicMetrics BytesInPerSec Count: record bytes appended as leader; per topic, and without labels over all topics.", family("bytesIn"));
    this.registry.counterFn("kafka_server_brokertopicmetrics_messagesin_total", "Kafka's BrokerTopicMetrics MessagesInPerSec Count: records appended as leader; per topic, and without labels over all topics.", family("messagesIn"));
    this.registry.counterFn("kafka_server_brokertopicmetrics_bytesout_total", "Kafka's BrokerTopicMetrics BytesOutPerSec Count: record bytes sent to consumers; per topic, and without labels over all topics.", family("bytesOut"));
    this.registry.counterFn("kafka_server_brokertopicmetrics_replicationbytesout_total", "Kafka's BrokerTopicMetrics ReplicationBytesOutPerSec Count: record bytes sent to followers; per topic, and without labels over all topics.", family("replicationBytesOut"));
  }

  stop(): void {
    this.process?.stop();
    this.process = null;
  }
}

function purgatory(rm: ReplicaManager): Sample[] {
  return [
    { labels: { delayedOperation: "Produce" }, value: rm.delayedProduceCount },
    { labels: { delayedOperation: "Fetch" }, value: rm.delayedFetchCount },
    { labels: { delayedOperation: "DeleteRecords" }, value: rm.delayedDeleteRecordsCount },
  ];
}
