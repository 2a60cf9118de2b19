// share-consume-perf: the share-group consume workload (bench/lib/share.ts) with franz-go's share
// consumer as the client, so that with 16 consumers on 2 cores the broker's figure shows rather than a
// JVM's. Not an interop check: it prints one result line.
//
//	share-consume-perf --bootstrap B --topic T --group G --records N --consumers K [--timeout-ms 600000]
//	    K share consumers (one kgo client each, kgo.ShareGroup(G)) read T with implicit acknowledgement
//	    (each poll accepts the previous one's records) until N records are read in all; the group must
//	    already have share.auto.offset.reset=earliest. The clock runs from the first record any consumer
//	    got to the N-th; the clients then flush their acknowledgements and close.
//	    {"event":"share-consume-perf","records","bytes","startUnixUs","endUnixUs","elapsedMs","mibPerSec",
//	     "recordsPerSec","cpuSeconds","cpuSecondsTotal","joinMs"}
package main

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

func shareConsumePerf(a args) {
	topic, group := a.str("topic"), a.str("group")
	want, consumers := a.num("records"), a.num("consumers", 1)
	if want <= 0 || consumers <= 0 || consumers > 256 {
		fail("--records must be positive and --consumers 1..256")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(a.num("timeout-ms", 600000))*time.Millisecond)
	defer cancel()
	began := time.Now()
	cpu0 := cpuNow()
	var records, bytes atomic.Int64
	var firstUs, lastUs atomic.Int64
	var done sync.Once
	finished := make(chan struct{})
	var wg sync.WaitGroup
	for i := int64(0); i < consumers; i++ {
		cl, err := kgo.NewClient(kgo.SeedBrokers(a.str("bootstrap")), kgo.ClientID("strand-bench-share"),
			kgo.ConsumeTopics(topic), kgo.ShareGroup(group), txnLogger())
		if err != nil {
			fail("client: %v", err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				fctx, fcancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer fcancel()
				_ = cl.Flush(fctx)
				cl.Close()
			}()
			// Bounded by ctx (the timeout) and the finished channel.
			for {
				select {
				case <-finished:
					return
				case <-ctx.Done():
					return
				default:
				}
				pctx, pcancel := context.WithTimeout(ctx, time.Second)
				fs := cl.PollFetches(pctx)
				pcancel()
				var n, b int64
				fs.EachRecord(func(r *kgo.Record) {
					n++
					b += int64(len(r.Key) + len(r.Value))
				})
				if n == 0 {
					continue
				}
				now := time.Now().UnixMicro()
				firstUs.CompareAndSwap(0, now)
				bytes.Add(b)
				if records.Add(n) >= want {
					done.Do(func() {
						lastUs.Store(now)
						close(finished)
					})
				}
			}
		}()
	}
	select {
	case <-finished:
	case <-ctx.Done():
		fail("share-consume-perf: %d of %d records before the timeout", records.Load(), want)
	}
	start, end := time.UnixMicro(firstUs.Load()), time.UnixMicro(lastUs.Load())
	wg.Wait()
	secs := end.Sub(start).Seconds()
	if secs <= 0 {
		secs = 1e-9
	}
	cpu1 := cpuNow()
	emit("share-consume-perf", map[string]any{"records": records.Load(), "bytes": bytes.Load(), "startUnixUs": start.UnixMicro(), "endUnixUs": end.UnixMicro(),
		"elapsedMs": float64(end.Sub(start).Microseconds()) / 1000, "mibPerSec": float64(bytes.Load()) / (1 << 20) / secs,
		"recordsPerSec": float64(records.Load()) / secs, "cpuSeconds": cpu1 - cpu0, "cpuSecondsTotal": cpu1,
		"joinMs": float64(start.Sub(began).Microseconds()) / 1000})
}
