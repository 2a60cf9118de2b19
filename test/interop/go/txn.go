// Transactional modes of the driver, in the shape of franz-go's own transactional ETL test
// (pkg/kgo/txn_test.go TestTxnEtl): a transactional producer feeds the first topic, then each hop is
// a consume-transform-produce chain of GroupTransactSession members, read_committed, every member
// with its own transactional id, and a read_committed reader checks the last topic.
//
//	txn-produce --bootstrap B --topic T --count N [--txn-records 500] [--abort-every 4] [--txn-id X]
//	    records "0".."N-1" in committed transactions of --txn-records each; after every
//	    (--abort-every - 1) committed transactions one more transaction of --txn-records records with
//	    key "x<i>" and value "aborted" is aborted: a read_committed consumer must never see those.
//	    {"event":"txn-produced","committed","abortedRecords","commits","aborts","errors"}
//	txn-hop --bootstrap B --from T1 --to T2 --group G --count N [--members 2] [--abort-every 5]
//	        [--timeout-ms 90000]
//	    --members GroupTransactSession members in this process; each copies every record it polls to
//	    T2 and ends the transaction, deliberately aborting the first and every --abort-every-th after it, after flushing
//	    it (its records are in T2's log under an ABORT marker; its offsets are reset and the records
//	    polled again). Stops when the members together committed N records
//	    (or at the deadline). A key consumed in two committed transactions, an offset committed twice,
//	    or an aborted record seen is an error.
//	    {"event":"hop","consumed","distinctKeys","commits","aborts","deliberateAborts","errors"}
//	txn-verify --bootstrap B --topic T --count N [--timeout-ms 30000]
//	    reads T from the start to its end offsets twice: read_uncommitted (every data record, aborted
//	    ones included) and read_committed (keys 0..N-1 each exactly once, nothing aborted).
//	    {"event":"txn-verified","committed","distinct","duplicates","missing","abortedSeen",
//	     "uncommitted","controlRecords","errors"}
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

const abortedValue = "aborted"

func txnLogger() kgo.Opt {
	// Warnings only: on a failure the test prints the driver's stderr.
	return kgo.WithLogger(kgo.BasicLogger(os.Stderr, kgo.LogLevelWarn, func() string {
		return time.Now().UTC().Format("15:04:05.000") + " "
	}))
}

func txnProduce(a args) {
	topic, count := a.str("topic"), a.num("count")
	per, abortEvery := a.num("txn-records", 500), a.num("abort-every", 4)
	if per <= 0 || abortEvery <= 0 {
		fail("--txn-records and --abort-every must be positive")
	}
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(a.str("bootstrap")),
		kgo.ClientID("strand-txn-producer"),
		kgo.TransactionalID(a.strOr("txn-id", "strand-txn-producer")),
		kgo.TransactionTimeout(60*time.Second),
		kgo.UnknownTopicRetries(-1),
		txnLogger(),
	)
	if err != nil {
		fail("client: %v", err)
	}
	defer cl.Close()
	var errs errorList
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(a.num("timeout-ms", 60000))*time.Millisecond)
	defer cancel()
	commits, aborts, abortedRecords := 0, 0, 0
	send := func(recs []*kgo.Record, commit bool) bool {
		if err := cl.BeginTransaction(); err != nil {
			errs.add("begin: %v", err)
			return false
		}
		for _, r := range recs {
			cl.Produce(ctx, r, func(r *kgo.Record, err error) {
				if err != nil && !(errors.Is(err, kgo.ErrAborting) && !commit) {
					errs.add("produce %s: %v", r.Key, err)
				}
			})
		}
		if err := cl.Flush(ctx); err != nil {
			errs.add("flush: %v", err)
			return false
		}
		if err := cl.EndTransaction(ctx, kgo.TransactionEndTry(commit)); err != nil {
			errs.add("end (commit=%v): %v", commit, err)
			return false
		}
		return true
	}
	// Bounded by count/per transactions (plus one aborted one per abortEvery-1 commits).
	for first := int64(0); first < count; first += per {
		var recs []*kgo.Record
		for i := first; i < first+per && i < count; i++ {
			s := []byte(strconv.FormatInt(i, 10))
			recs = append(recs, &kgo.Record{Topic: topic, Key: s, Value: s})
		}
		if !send(recs, true) {
			break
		}
		commits++
		if abortEvery > 1 && commits%int(abortEvery-1) == 0 {
			var bad []*kgo.Record
			for i := first; i < first+per && i < count; i++ {
				bad = append(bad, &kgo.Record{Topic: topic, Key: []byte("x" + strconv.FormatInt(i, 10)), Value: []byte(abortedValue)})
			}
			if !send(bad, false) {
				break
			}
			aborts++
			abortedRecords += len(bad)
		}
	}
	emit("txn-produced", map[string]any{"committed": count, "abortedRecords": abortedRecords, "commits": commits,
		"aborts": aborts, "errorCount": errs.count, "errors": errs.list()})
}

type partOffset struct {
	part   int32
	offset int64
}

// hopState is what the members of one hop share: every record they consumed in committed transactions.
type hopState struct {
	mu          sync.Mutex
	partOffsets map[partOffset]struct{}
	keys        map[int64]struct{}
	consumed    atomic.Int64
	commits     atomic.Int64
	aborts      atomic.Int64
	deliberate  atomic.Int64
	errs        errorList
}

func txnHop(a args) {
	from, to, group, count := a.str("from"), a.str("to"), a.str("group"), a.num("count")
	members, abortEvery := int(a.num("members", 2)), a.num("abort-every", 5)
	deadline := time.Now().Add(time.Duration(a.num("timeout-ms", 90000)) * time.Millisecond)
	st := &hopState{partOffsets: map[partOffset]struct{}{}, keys: map[int64]struct{}{}}
	var wg sync.WaitGroup
	for m := 0; m < members; m++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hopMember(a.str("bootstrap"), from, to, group, fmt.Sprintf("%s-%s-%d", group, to, m), count, abortEvery, deadline, st)
		}()
	}
	wg.Wait()
	st.mu.Lock()
	distinct := len(st.keys)
	st.mu.Unlock()
	emit("hop", map[string]any{"from": from, "to": to, "consumed": st.consumed.Load(), "distinctKeys": distinct,
		"commits": st.commits.Load(), "aborts": st.aborts.Load(), "deliberateAborts": st.deliberate.Load(),
		"errorCount": st.errs.count, "errors": st.errs.list()})
}

func hopMember(bootstrap, from, to, group, txnID string, count, abortEvery int64, deadline time.Time, st *hopState) {
	sess, err := kgo.NewGroupTransactSession(
		kgo.SeedBrokers(bootstrap),
		kgo.ClientID(txnID),
		kgo.TransactionalID(txnID),
		kgo.TransactionTimeout(60*time.Second),
		kgo.SessionTimeout(10*time.Second),
		kgo.UnknownTopicRetries(-1),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(from),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
		kgo.Balancers(kgo.CooperativeStickyBalancer()),
		// Control records take offsets of their own: kept, so an offset consumed twice shows up.
		kgo.KeepControlRecords(),
		txnLogger(),
	)
	if err != nil {
		st.errs.add("%s: session: %v", txnID, err)
		return
	}
	defer sess.Close()
	ntxns := int64(0)
	// Bounded by the deadline; each poll waits at most 100 ms.
	for st.consumed.Load() < count && time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		fetches := sess.PollFetches(ctx)
		cancel()
		if err := fetches.Err(); errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			continue
		}
		for _, fe := range fetches.Errors() {
			st.errs.add("%s: poll %s/%d: %v", txnID, fe.Topic, fe.Partition, fe.Err)
		}
		if fetches.NumRecords() == 0 {
			continue
		}
		if err := sess.Begin(); err != nil {
			st.errs.add("%s: begin: %v", txnID, err)
			return
		}
		type rec struct {
			po      partOffset
			key     int64
			control bool
		}
		var recs []rec
		for it := fetches.RecordIter(); !it.Done(); {
			r := it.Next()
			po := partOffset{r.Partition, r.Offset}
			if r.Attrs.IsControl() {
				recs = append(recs, rec{po: po, control: true})
				continue
			}
			k, err := strconv.ParseInt(string(r.Key), 10, 64)
			if err != nil || string(r.Value) != string(r.Key) {
				st.errs.add("%s: %s/%d@%d: key %q value %q (an aborted record read under read_committed?)", txnID, from, r.Partition, r.Offset, r.Key, r.Value)
				continue
			}
			recs = append(recs, rec{po: po, key: k})
			sess.Produce(context.Background(), &kgo.Record{Topic: to, Key: r.Key, Value: r.Value}, func(r *kgo.Record, err error) {
				if err != nil && !errors.Is(err, kgo.ErrAborting) {
					st.errs.add("%s: produce to %s: %v", txnID, to, err)
				}
			})
		}
		// Only a transaction that produced records counts: one whose fetches held only control records
		// has nothing to abort, and a hop whose deliberate aborts all fell on such polls (seen on a busy
		// machine) left no aborted record in the next topic.
		produced := 0
		for _, r := range recs {
			if !r.control {
				produced++
			}
		}
		if produced > 0 {
			ntxns++
		}
		// The 1st, (abortEvery+1)th, ... transaction with records is aborted: a hop that reads everything in
		// a few big fetches (a fast broker) still aborts at least once.
		deliberate := produced > 0 && abortEvery > 0 && ntxns%abortEvery == 1%abortEvery
		if deliberate {
			// Flushed first, so the aborted records are in the next topic's log and the next hop's
			// read_committed fetches must filter them out (End would otherwise drop them unsent).
			if err := sess.Client().Flush(context.Background()); err != nil {
				st.errs.add("%s: flush before abort: %v", txnID, err)
			}
		}
		committed, err := sess.End(context.Background(), kgo.TransactionEndTry(!deliberate))
		if err != nil {
			st.errs.add("%s: end: %v", txnID, err)
			continue
		}
		if !committed {
			st.aborts.Add(1)
			if deliberate {
				st.deliberate.Add(1)
			}
			continue
		}
		st.commits.Add(1)
		st.mu.Lock()
		for _, r := range recs {
			if _, dup := st.partOffsets[r.po]; dup {
				st.errs.add("%s: %s/%d@%d consumed in two committed transactions", txnID, from, r.po.part, r.po.offset)
			}
			st.partOffsets[r.po] = struct{}{}
			if r.control {
				continue
			}
			if _, dup := st.keys[r.key]; dup {
				st.errs.add("%s: key %d consumed twice from %s", txnID, r.key, from)
			}
			st.keys[r.key] = struct{}{}
			st.consumed.Add(1)
		}
		st.mu.Unlock()
	}
}

// readToEnd reads every partition of topic from the start to the end offsets listed before reading.
func readToEnd(bootstrap, topic string, level kgo.IsolationLevel, deadline time.Time, each func(r *kgo.Record)) error {
	adm, closeAdm := adminClient(args{"bootstrap": bootstrap})
	defer closeAdm()
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	ends, err := adm.ListEndOffsets(ctx, topic)
	if err != nil {
		return fmt.Errorf("list end offsets: %w", err)
	}
	want := map[int32]int64{}
	offsets := map[int32]kgo.Offset{}
	ends.Each(func(o kadm.ListedOffset) {
		want[o.Partition] = o.Offset
		offsets[o.Partition] = kgo.NewOffset().AtStart()
	})
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(bootstrap),
		kgo.ClientID("strand-txn-verify"),
		kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{topic: offsets}),
		kgo.FetchIsolationLevel(level),
		kgo.KeepControlRecords(),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	next := map[int32]int64{}
	done := func() bool {
		for p, end := range want {
			if next[p] < end {
				return false
			}
		}
		return true
	}
	// Bounded by the deadline.
	for !done() {
		fetches := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return fmt.Errorf("read %v of %v by the deadline", next, want)
		}
		for _, fe := range fetches.Errors() {
			return fmt.Errorf("fetch %s/%d: %w", fe.Topic, fe.Partition, fe.Err)
		}
		fetches.EachRecord(func(r *kgo.Record) {
			next[r.Partition] = r.Offset + 1
			each(r)
		})
	}
	return nil
}

func txnVerify(a args) {
	bootstrap, topic, count := a.str("bootstrap"), a.str("topic"), a.num("count")
	deadline := time.Now().Add(time.Duration(a.num("timeout-ms", 30000)) * time.Millisecond)
	var errs errorList
	uncommitted := 0
	if err := readToEnd(bootstrap, topic, kgo.ReadUncommitted(), deadline, func(r *kgo.Record) {
		if !r.Attrs.IsControl() {
			uncommitted++
		}
	}); err != nil {
		errs.add("read_uncommitted: %v", err)
	}
	seen := map[int64]int{}
	committed, control, abortedSeen := 0, 0, 0
	duplicates := []int64{}
	if err := readToEnd(bootstrap, topic, kgo.ReadCommitted(), deadline, func(r *kgo.Record) {
		if r.Attrs.IsControl() {
			control++
			return
		}
		committed++
		k, err := strconv.ParseInt(string(r.Key), 10, 64)
		if err != nil || string(r.Value) != string(r.Key) {
			abortedSeen++
			return
		}
		seen[k]++
		if seen[k] == 2 && len(duplicates) < 20 {
			duplicates = append(duplicates, k)
		}
	}); err != nil {
		errs.add("read_committed: %v", err)
	}
	missing := []int64{}
	nmissing := 0
	for k := int64(0); k < count; k++ {
		if seen[k] == 0 {
			nmissing++
			if len(missing) < 20 {
				missing = append(missing, k)
			}
		}
	}
	emit("txn-verified", map[string]any{"committed": committed, "distinct": len(seen), "duplicates": duplicates,
		"missingCount": nmissing, "missing": missing, "abortedSeen": abortedSeen, "uncommitted": uncommitted,
		"controlRecords": control, "errorCount": errs.count, "errors": errs.list()})
}
