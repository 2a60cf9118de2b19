// Metrics: the registry, fixed-bucket histograms and the Prometheus text format (see each file).
export { Counter, MetricsRegistry, MAX_SAMPLES_PER_FAMILY, CONTENT_TYPE_0_0_4, type HistogramSample, type Labels, type MetricType, type Sample } from "./registry.ts";
export { Histogram, LATENCY_MS_BUCKETS, LATENCY_S_BUCKETS } from "./histogram.ts";
