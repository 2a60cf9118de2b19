// produce and consume: an idempotent kgo producer (its defaults: acks=all, idempotence) to explicit
// partitions, and a consumer of directly assigned partitions (ConsumePartitions, no group).
package main

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

func codec(name string) kgo.CompressionCodec {
	switch strings.ToLower(name) {
	case "gzip":
		return kgo.GzipCompression()
	case "snappy":
		return kgo.SnappyCompression()
	case "lz4":
		return kgo.Lz4Compression()
	case "zstd":
		return kgo.ZstdCompression()
	default:
		return kgo.NoCompression()
	}
}

func produce(a args) {
	topic, parts, count, t0 := a.str("topic"), int32(a.num("partitions")), a.num("count"), a.num("t0")
	cl, err := kgo.NewClient(append([]kgo.Opt{
		kgo.SeedBrokers(a.str("bootstrap")),
		kgo.ClientID("strand-interop-franz-go"),
		kgo.RecordPartitioner(kgo.ManualPartitioner()),
		kgo.ProducerBatchCompression(codec(a.strOr("compression", "none"))),
	}, saslOpts(a)...)...)
	if err != nil {
		fail("client: %v", err)
	}
	defer cl.Close()
	var errs errorList
	var acked atomic.Int64
	last := make([]int64, parts)
	for p := range last {
		last[p] = -1
	}
	var mu sync.Mutex
	started := time.Now()
	ctx := context.Background()
	for i := int64(0); i < count; i++ {
		idx := i
		rec := &kgo.Record{Topic: topic, Partition: int32(i % int64(parts)), Key: key(i), Value: value(i),
			Headers: headers(i), Timestamp: timestamp(t0, i)}
		cl.Produce(ctx, rec, func(r *kgo.Record, err error) {
			if err != nil {
				errs.add("record %d: %v", idx, err)
				return
			}
			if r.Partition != int32(idx%int64(parts)) || r.Offset != idx/int64(parts) {
				errs.add("record %d acknowledged at %d/%d", idx, r.Partition, r.Offset)
			}
			mu.Lock()
			last[r.Partition] = max(last[r.Partition], r.Offset)
			mu.Unlock()
			acked.Add(1)
		})
	}
	if err := cl.Flush(ctx); err != nil {
		errs.add("flush: %v", err)
	}
	emit("produced", map[string]any{"count": count, "acked": acked.Load(), "lastOffsets": last,
		"errorCount": errs.count, "errors": errs.list(), "ms": time.Since(started).Milliseconds()})
}

func consume(a args) {
	topic, parts, count, t0 := a.str("topic"), int32(a.num("partitions")), a.num("count"), a.num("t0")
	assign := map[int32]kgo.Offset{}
	for p := int32(0); p < parts; p++ {
		assign[p] = kgo.NewOffset().At(0)
	}
	cl, err := kgo.NewClient(append([]kgo.Opt{
		kgo.SeedBrokers(a.str("bootstrap")),
		kgo.ClientID("strand-interop-franz-go"),
		kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{topic: assign}),
	}, saslOpts(a)...)...)
	if err != nil {
		fail("client: %v", err)
	}
	defer cl.Close()
	var errs errorList
	next := make([]int64, parts)
	total := int64(0)
	done := func() bool {
		for p := int32(0); p < parts; p++ {
			if next[p] < expectedCount(count, parts, p) {
				return false
			}
		}
		return true
	}
	started := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(a.num("timeout-ms", 60000))*time.Millisecond)
	defer cancel()
	// Bounded by the context deadline: a broker that stops returning records fails the check, not the run.
	for !done() && ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		fs.EachError(func(t string, p int32, err error) {
			if ctx.Err() == nil {
				errs.add("fetch %s/%d: %v", t, p, err)
			}
		})
		fs.EachRecord(func(r *kgo.Record) {
			p := r.Partition
			if r.Offset != next[p] {
				errs.add("%d/%d: expected offset %d", p, r.Offset, next[p])
			}
			next[p] = r.Offset + 1
			total++
			i := r.Offset*int64(parts) + int64(p)
			if !bytes.Equal(r.Key, key(i)) {
				errs.add("%d/%d: key %q, expected k%d", p, r.Offset, r.Key, i)
			}
			if !bytes.Equal(r.Value, value(i)) {
				errs.add("%d/%d: value of %d bytes differs (record %d)", p, r.Offset, len(r.Value), i)
			}
			if r.Timestamp.UnixMilli() != t0+i || r.Attrs.TimestampType() != 0 {
				errs.add("%d/%d: timestamp %d type %d, expected CreateTime %d", p, r.Offset, r.Timestamp.UnixMilli(), r.Attrs.TimestampType(), t0+i)
			}
			want := headers(i)
			if len(r.Headers) != len(want) {
				errs.add("%d/%d: %d headers, expected %d", p, r.Offset, len(r.Headers), len(want))
			} else {
				for k := range want {
					if r.Headers[k].Key != want[k].Key || !bytes.Equal(r.Headers[k].Value, want[k].Value) {
						errs.add("%d/%d: header %d differs", p, r.Offset, k)
					}
				}
			}
		})
	}
	emit("consumed", map[string]any{"count": total, "nextOffsets": next, "errorCount": errs.count,
		"errors": errs.list(), "ms": time.Since(started).Milliseconds()})
}
