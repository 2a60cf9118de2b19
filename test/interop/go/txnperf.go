// txn-perf: the benchmark's transactional produce workload with franz-go as the client (bench/lib/kafka-perf.ts),
// the equivalent of Kafka's ProducerPerformance --transactional-id --transaction-duration-ms with a lighter
// client. Not an interop check: it prints one result line.
//
//	txn-perf --bootstrap B --topic T --data-mib N [--record-size 1024] [--txn-duration-ms 100]
//	         [--txn-id X] [--linger-ms 5] [--batch-bytes 65536] [--timeout-ms 600000]
//	    --data-mib MiB of --record-size records (one fixed payload, no key: the default sticky
//	    uniform-bytes partitioner), acks=all (idempotent, transactional), no compression, at most
//	    32 MiB buffered (Java's buffer.memory default). As ProducerPerformance does, a transaction is
//	    begun before the first record and committed (Flush, then EndTransaction) once --txn-duration-ms
//	    have passed since it began, and after the last record. A failed record or commit exits non-zero.
//	    {"event":"txn-perf","records","bytes","elapsedMs","mibPerSec","recordsPerSec","commits",
//	     "commitP50Ms","commitP99Ms","commitMaxMs","endTxnP50Ms","endTxnP99Ms"}
//	    commit = Flush + EndTransaction (what commitTransaction does in Java), endTxn = EndTransaction alone.
package main

import (
	"context"
	"os"
	"sort"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

func pctMs(sorted []time.Duration, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p * float64(len(sorted)-1))
	return float64(sorted[i].Microseconds()) / 1000
}

func txnPerf(a args) {
	topic, dataMiB, size := a.str("topic"), a.num("data-mib"), a.num("record-size", 1024)
	durMs := a.num("txn-duration-ms", 100)
	if dataMiB <= 0 || size <= 0 || durMs <= 0 {
		fail("--data-mib, --record-size and --txn-duration-ms must be positive")
	}
	count := dataMiB * 1024 * 1024 / size
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(a.str("bootstrap")),
		kgo.ClientID("strand-bench-txn-perf"),
		kgo.TransactionalID(a.strOr("txn-id", "strand-bench-txn-perf")),
		kgo.TransactionTimeout(60*time.Second),
		kgo.RequiredAcks(kgo.AllISRAcks()),
		kgo.ProducerBatchCompression(kgo.NoCompression()),
		kgo.ProducerLinger(time.Duration(a.num("linger-ms", 5))*time.Millisecond),
		kgo.ProducerBatchMaxBytes(int32(a.num("batch-bytes", 65536))),
		kgo.MaxBufferedBytes(32<<20),
		kgo.MaxBufferedRecords(1<<30), // the byte bound applies, as Java's buffer.memory
		kgo.UnknownTopicRetries(-1),
		txnLogger(),
	)
	if err != nil {
		fail("client: %v", err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(a.num("timeout-ms", 600000))*time.Millisecond)
	defer cancel()
	payload := make([]byte, size)
	for i := range payload {
		payload[i] = byte('A' + i%26)
	}
	var failed atomic.Int64
	var firstErr atomic.Value
	onDone := func(_ *kgo.Record, err error) {
		if err != nil && failed.Add(1) == 1 {
			firstErr.Store(err.Error())
		}
	}
	var commits, ends []time.Duration
	commit := func() {
		t0 := time.Now()
		if err := cl.Flush(ctx); err != nil {
			fail("flush: %v", err)
		}
		t1 := time.Now()
		if err := cl.EndTransaction(ctx, kgo.TryCommit); err != nil {
			fail("commit: %v", err)
		}
		t2 := time.Now()
		commits = append(commits, t2.Sub(t0))
		ends = append(ends, t2.Sub(t1))
		if n := failed.Load(); n > 0 {
			fail("%d records failed, first: %v", n, firstErr.Load())
		}
	}
	dur := time.Duration(durMs) * time.Millisecond
	start := time.Now()
	var txnStart time.Time
	open := false
	// Bounded by count records; each iteration may block while 32 MiB are buffered.
	for i := int64(0); i < count; i++ {
		if !open {
			if err := cl.BeginTransaction(); err != nil {
				fail("begin: %v", err)
			}
			open, txnStart = true, time.Now()
		}
		cl.Produce(ctx, &kgo.Record{Topic: topic, Value: payload}, onDone)
		if time.Since(txnStart) >= dur {
			commit()
			open = false
		}
	}
	if open {
		commit()
	}
	elapsed := time.Since(start)
	sort.Slice(commits, func(i, j int) bool { return commits[i] < commits[j] })
	sort.Slice(ends, func(i, j int) bool { return ends[i] < ends[j] })
	bytes := count * size
	secs := elapsed.Seconds()
	emit("txn-perf", map[string]any{"records": count, "bytes": bytes, "elapsedMs": float64(elapsed.Microseconds()) / 1000,
		"mibPerSec": float64(bytes) / (1 << 20) / secs, "recordsPerSec": float64(count) / secs, "commits": len(commits),
		"commitP50Ms": pctMs(commits, 0.50), "commitP99Ms": pctMs(commits, 0.99), "commitMaxMs": pctMs(commits, 1),
		"endTxnP50Ms": pctMs(ends, 0.50), "endTxnP99Ms": pctMs(ends, 0.99)})
	_ = os.Stdout.Sync()
}
