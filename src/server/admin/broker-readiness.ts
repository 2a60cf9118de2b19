// The readiness rule of /health/ready, over a snapshot of the broker's state (Broker.readiness()).

import type { Readiness } from "./health-route.ts";

export interface BrokerReadinessState {
  /** Where start() is (e.g. "loading logs", "started"). */
  readonly phase: string;
  readonly stopping: boolean;
  readonly logsLoaded: boolean;
  /** Offline partitions after recovery or since (reported; they do not make the broker unready). */
  readonly offlinePartitions: number;
  /** The image holds a metadata.version: the quorum had a leader and this node caught up with it. */
  readonly metadataCaughtUp: boolean;
  /** The metadata quorum's leader as this node knows it (-1: none now). */
  readonly quorumLeaderId: number;
  /** Kafka's BrokerState (RUNNING once unfenced); null without the broker role. */
  readonly brokerState: string | null;
  readonly listenersOpen: boolean;
}

export function brokerReadiness(s: BrokerReadinessState): Readiness {
  const checks = {
    phase: s.phase,
    logsLoaded: s.logsLoaded,
    offlinePartitions: s.offlinePartitions,
    metadataCaughtUp: s.metadataCaughtUp,
    quorumLeaderId: s.quorumLeaderId,
    ...(s.brokerState !== null ? { brokerState: s.brokerState } : {}),
    listenersOpen: s.listenersOpen,
  };
  const reason = s.stopping
    ? "shutting down"
    : !s.logsLoaded
      ? `log dirs not loaded yet (${s.phase})`
      : !s.metadataCaughtUp
        ? `metadata not caught up with the quorum yet (${s.phase})`
        : !s.listenersOpen
          ? `listeners not open yet (${s.phase})`
          : s.brokerState !== null && s.brokerState !== "RUNNING"
            ? `broker state is ${s.brokerState}, not RUNNING (not registered and unfenced by the controller)`
            : s.phase !== "started"
              ? `still starting (${s.phase})`
              : s.quorumLeaderId < 0
                ? "no metadata quorum leader known"
                : null;
  return reason === null ? { ready: true, checks } : { ready: false, reason, checks };
}
