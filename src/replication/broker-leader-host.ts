// What a leading partition asks of its broker (partition-leader.ts's LeaderHost), answered from the
// ReplicaManager's options and current metadata image: the broker's clock, replica.lag.time.max.ms, a
// topic's min.insync.replicas, the brokers' registrations (fenced, controlled shutdown, epoch), this
// broker's epoch, and the AlterPartitionManager that carries ISR changes to the controller.

import type { BrokerConfig } from "../config/broker-config.ts";
import type { MetadataImage } from "../metadata/image.ts";
import { ErrorCode } from "../protocol/errors.ts";
import type { Logger } from "../util/log.ts";
import type { TimerClock } from "../util/purgatory/clock.ts";
import type { AlterPartitionManager } from "./alter-partition-manager.ts";
import type { LeaderAndIsr } from "./isr-state.ts";
import { AlterPartitionError } from "./leader-errors.ts";
import type { BrokerLiveness, LeaderHost } from "./partition-leader.ts";

export interface BrokerLeaderHostOptions {
  config: BrokerConfig;
  logger: Logger;
  alterPartitionManager?: AlterPartitionManager;
  brokerEpoch?: () => bigint;
  minInsyncReplicas?: (topic: string) => number;
}

export class BrokerLeaderHost implements LeaderHost {
  constructor(
    private readonly opts: BrokerLeaderHostOptions,
    private readonly clock: TimerClock,
    private readonly image: () => MetadataImage | null,
  ) {}

  nowMs(): number {
    return this.clock.nowMs();
  }
  replicaLagTimeMaxMs(): number {
    return this.opts.config.long("replica.lag.time.max.ms");
  }
  /** The option's answer, else the image's resolved topic settings, else the broker's min.insync.replicas. */
  minInsyncReplicas(topic: string): number {
    if (this.opts.minInsyncReplicas) return this.opts.minInsyncReplicas(topic);
    return this.image()?.topicConfigs?.get(topic).settings.minInsyncReplicas ?? this.opts.config.int("min.insync.replicas");
  }
  brokerLiveness(id: number): BrokerLiveness | undefined {
    return this.image()?.brokers.get(id);
  }
  localBrokerEpoch(): bigint {
    return this.opts.brokerEpoch?.() ?? -1n;
  }
  submitAlterPartition(topicId: string, topic: string, partition: number, leaderAndIsr: LeaderAndIsr): Promise<LeaderAndIsr> {
    const m = this.opts.alterPartitionManager;
    if (!m) return Promise.reject(new AlterPartitionError(ErrorCode.OPERATION_NOT_ATTEMPTED, "no AlterPartition manager on this broker"));
    return m.submit({ topicId, topic, partition, leaderAndIsr });
  }
  logger(): Logger {
    return this.opts.logger;
  }
}
