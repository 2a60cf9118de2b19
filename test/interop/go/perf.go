// produce-perf / consume-perf: the benchmark's produce and consume workloads with franz-go as the client
// (bench/lib/franz-perf.ts runs several of these processes at once and adds their figures up), so that on
// a 2-core machine the broker's ceiling shows rather than a JVM client's. Not interop checks: each prints
// one result line.
//
//	produce-perf --bootstrap B --topic T --records N [--record-size 1024] [--acks 1|all]
//	             [--compression none|lz4] [--linger-ms 5] [--batch-bytes 65536] [--seed 1] [--timeout-ms 600000]
//	    N records of --record-size bytes: one payload of seeded random upper-case letters reused for every
//	    record, no key (ProducerPerformance's payload), franz-go's default sticky partitioner; acks=all is
//	    idempotent (the Java default), acks=1 is not (as Java turns idempotence off for acks=1) with 5
//	    requests in flight per broker (Java's max.in.flight.requests.per.connection); at most 32 MiB
//	    buffered (Java's buffer.memory). A failed record exits non-zero.
//	    {"event":"produce-perf","records","bytes","startUnixUs","endUnixUs","elapsedMs","mibPerSec",
//	     "recordsPerSec","cpuSeconds","cpuSecondsTotal"}
//	consume-perf --bootstrap B --topic T --partitions 0,3 [--timeout-ms 600000]
//	    Reads the listed partitions from the start (assigned, no group) up to the end offsets listed
//	    before the clock starts; fetch sizes as Java's consumer (fetch.max.bytes 50 MiB,
//	    max.partition.fetch.bytes 1 MiB, fetch.max.wait.ms 500). Bytes are key + value.
//	    {"event":"consume-perf","records","bytes","startUnixUs","endUnixUs","elapsedMs","mibPerSec",
//	     "recordsPerSec","cpuSeconds","cpuSecondsTotal"}
//
// startUnixUs/endUnixUs bound the measured phase (first record handed to the client .. last one
// acknowledged; first poll .. last record read), so the harness can add up several processes over the
// span from the earliest start to the latest end. cpuSeconds is this process's user + system CPU over
// that phase (getrusage), cpuSecondsTotal since it started.
package main

import (
	"context"
	"math/rand"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

func cpuNow() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

func perfResult(event string, records, bytes int64, start, end time.Time, cpu0 float64) {
	secs := end.Sub(start).Seconds()
	if secs <= 0 {
		secs = 1e-9
	}
	cpu1 := cpuNow()
	emit(event, map[string]any{"records": records, "bytes": bytes, "startUnixUs": start.UnixMicro(), "endUnixUs": end.UnixMicro(),
		"elapsedMs": float64(end.Sub(start).Microseconds()) / 1000, "mibPerSec": float64(bytes) / (1 << 20) / secs,
		"recordsPerSec": float64(records) / secs, "cpuSeconds": cpu1 - cpu0, "cpuSecondsTotal": cpu1})
}

func producePerf(a args) {
	topic, count, size := a.str("topic"), a.num("records"), a.num("record-size", 1024)
	if count <= 0 || size <= 0 {
		fail("--records and --record-size must be positive")
	}
	opts := []kgo.Opt{
		kgo.SeedBrokers(a.str("bootstrap")),
		kgo.ClientID("strand-bench-produce-perf"),
		kgo.ProducerLinger(time.Duration(a.num("linger-ms", 5)) * time.Millisecond),
		kgo.ProducerBatchMaxBytes(int32(a.num("batch-bytes", 65536))),
		kgo.MaxBufferedBytes(32 << 20),
		kgo.MaxBufferedRecords(1 << 30), // the byte bound applies, as Java's buffer.memory
		kgo.UnknownTopicRetries(-1),
		txnLogger(),
	}
	switch acks := a.strOr("acks", "all"); acks {
	case "all":
		opts = append(opts, kgo.RequiredAcks(kgo.AllISRAcks()))
	case "1":
		opts = append(opts, kgo.RequiredAcks(kgo.LeaderAck()), kgo.DisableIdempotentWrite(), kgo.MaxProduceRequestsInflightPerBroker(5))
	default:
		fail("--acks must be 1 or all, got %s", acks)
	}
	switch c := a.strOr("compression", "none"); c {
	case "none":
		opts = append(opts, kgo.ProducerBatchCompression(kgo.NoCompression()))
	case "lz4":
		opts = append(opts, kgo.ProducerBatchCompression(kgo.Lz4Compression()))
	default:
		fail("--compression must be none or lz4, got %s", c)
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		fail("client: %v", err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(a.num("timeout-ms", 600000))*time.Millisecond)
	defer cancel()
	rng := rand.New(rand.NewSource(a.num("seed", 1)))
	payload := make([]byte, size)
	for i := range payload {
		payload[i] = byte('A' + rng.Intn(26))
	}
	var failed atomic.Int64
	var firstErr atomic.Value
	onDone := func(_ *kgo.Record, err error) {
		if err != nil && failed.Add(1) == 1 {
			firstErr.Store(err.Error())
		}
	}
	// The clock starts at the first record, before the client has connected or loaded the topic's
	// metadata, as ProducerPerformance's does.
	cpu0, start := cpuNow(), time.Now()
	// Bounded by count records; Produce blocks while 32 MiB are buffered.
	for i := int64(0); i < count && ctx.Err() == nil; i++ {
		cl.Produce(ctx, &kgo.Record{Topic: topic, Value: payload}, onDone)
	}
	if err := cl.Flush(ctx); err != nil {
		fail("flush: %v", err)
	}
	end := time.Now()
	if n := failed.Load(); n > 0 {
		fail("%d of %d records failed, first: %v", n, count, firstErr.Load())
	}
	perfResult("produce-perf", count, count*size, start, end, cpu0)
}

func parsePartitions(s string) []int32 {
	var out []int32
	for _, f := range strings.Split(s, ",") {
		p, err := strconv.ParseInt(strings.TrimSpace(f), 10, 32)
		if err != nil || p < 0 {
			fail("--partitions: %q is not a partition number", f)
		}
		out = append(out, int32(p))
	}
	if len(out) == 0 || len(out) > 100000 {
		fail("--partitions: 1 to 100000 partitions, got %d", len(out))
	}
	return out
}

func consumePerf(a args) {
	topic, parts := a.str("topic"), parsePartitions(a.str("partitions"))
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(a.num("timeout-ms", 600000))*time.Millisecond)
	defer cancel()
	admin, err := kgo.NewClient(kgo.SeedBrokers(a.str("bootstrap")), kgo.ClientID("strand-bench-consume-perf-admin"))
	if err != nil {
		fail("admin client: %v", err)
	}
	ends, err := kadm.NewClient(admin).ListEndOffsets(ctx, topic)
	admin.Close()
	if err != nil {
		fail("list end offsets: %v", err)
	}
	want := map[int32]int64{}
	offsets := map[int32]kgo.Offset{}
	for _, p := range parts {
		o, ok := ends.Lookup(topic, p)
		if !ok || o.Err != nil {
			fail("no end offset for %s-%d: %v", topic, p, o.Err)
		}
		if o.Offset > 0 {
			want[p] = o.Offset
			offsets[p] = kgo.NewOffset().AtStart()
		}
	}
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(a.str("bootstrap")),
		kgo.ClientID("strand-bench-consume-perf"),
		kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{topic: offsets}),
		kgo.FetchMaxBytes(50<<20),
		kgo.FetchMaxPartitionBytes(1<<20),
		kgo.FetchMaxWait(500*time.Millisecond),
		txnLogger(),
	)
	if err != nil {
		fail("client: %v", err)
	}
	defer cl.Close()
	var records, bytes int64
	cpu0, start := cpuNow(), time.Now()
	// Bounded by the end offsets listed above (and the timeout): every poll returns records or an error.
	for len(want) > 0 {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			fail("timed out with %d partitions not read to their end (%d records read)", len(want), records)
		}
		fs.EachError(func(t string, p int32, err error) { fail("fetch %s-%d: %v", t, p, err) })
		fs.EachRecord(func(r *kgo.Record) {
			records++
			bytes += int64(len(r.Key) + len(r.Value))
			if end, ok := want[r.Partition]; ok && r.Offset+1 >= end {
				delete(want, r.Partition)
			}
		})
	}
	perfResult("consume-perf", records, bytes, start, time.Now(), cpu0)
}
