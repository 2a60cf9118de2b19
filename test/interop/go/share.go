// Share groups (KIP-932) with franz-go's share consumer (kgo.ShareGroup), in the shape of franz-go's
// own TestShareGroupETL: a two-level pipeline where every record is processed and none is lost.
//
//	share-etl --bootstrap B --prefix P [--count 2000] [--timeout-ms 120000]
//
// Level 1 (share group P-g1) reads P-1a (3 partitions) and P-1b (1 partition), written by a producer
// while the level runs; level 2 (P-g2) reads P-2a / P-2b, which level 1 writes each accepted record
// to. Each level has members with different acknowledgement strategies, members that leave after a few
// polls (the group rebalances mid-way), and members that release records (they come back with a
// higher delivery count). Level 1 first runs a member alone that rejects keys below rejectBelow: those
// are archived and must not reach level 2. The end is one JSON line {"event":"share-etl",...}: the keys
// each level missed (must be none), rejected keys seen downstream, bad bodies, bad delivery counts,
// and how many accepts / produces / redeliveries there were.
package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

const (
	shareRejectBelow  = 50
	shareReleaseEvery = 10
)

type shareStrategy string

const (
	stAuto      shareStrategy = "auto"      // never calls Ack: accepted on the next poll
	stExplicit  shareStrategy = "explicit"  // r.Ack(AckAccept) per record
	stBulk      shareStrategy = "bulk"      // cl.MarkAcks(AckAccept) after each poll
	stRelease   shareStrategy = "release"   // releases every shareReleaseEvery-th key once, accepts the rest
	stPureRel   shareStrategy = "purerel"   // releases everything (bails after a few polls)
	stRejectLow shareStrategy = "rejectlow" // rejects keys < shareRejectBelow on first delivery
)

type shareLevel struct {
	name        string
	mu          sync.Mutex
	accepted    map[int]int
	rejected    map[int]bool
	redelivered int
	maxDC       int32
	consumed    atomic.Int64
	produced    atomic.Int64
	badDC       atomic.Int64
	badBody     atomic.Int64
	errs        errorList
}

func newShareLevel(name string) *shareLevel {
	return &shareLevel{name: name, accepted: map[int]int{}, rejected: map[int]bool{}}
}

func (l *shareLevel) acceptedCount() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.accepted)
}

// shareMember consumes `in` in `group` with strategy st until ctx ends or it made maxPolls non-empty
// polls (-1: no limit); each accepted record goes to out[key%2] when out is set.
func shareMember(ctx context.Context, bootstrap, group, name string, in []string, out []string, st shareStrategy, maxPolls int, lvl *shareLevel, body []byte) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap), kgo.ClientID("share-"+name), kgo.ConsumeTopics(in...),
		kgo.ShareGroup(group), kgo.MaxBufferedRecords(5000), kgo.ShareMaxRecords(50))
	if err != nil {
		lvl.errs.add("%s: client: %v", name, err)
		return
	}
	defer func() {
		fctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := cl.Flush(fctx); err != nil {
			lvl.errs.add("%s: flush: %v", name, err)
		}
		cl.Close()
	}()
	polls := 0
	// Bounded by ctx and maxPolls.
	for ctx.Err() == nil {
		pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		fs := cl.PollRecords(pctx, 100)
		cancel()
		for _, fe := range fs.Errors() {
			if errors.Is(fe.Err, context.DeadlineExceeded) || errors.Is(fe.Err, context.Canceled) {
				continue
			}
			if _, ok := errors.AsType[*kgo.ErrFirstReadEOF](fe.Err); ok {
				continue
			}
			lvl.errs.add("%s: fetch %s/%d: %v", name, fe.Topic, fe.Partition, fe.Err)
		}
		got, flush := false, false
		for r := range fs.RecordsAll() {
			got = true
			lvl.consumed.Add(1)
			key, err := strconv.Atoi(string(r.Key))
			if err != nil {
				lvl.errs.add("%s: bad key %q", name, r.Key)
				continue
			}
			dc := r.DeliveryCount()
			if dc < 1 {
				lvl.badDC.Add(1)
			}
			if !bytes.Equal(r.Value, body) {
				lvl.badBody.Add(1)
			}
			lvl.mu.Lock()
			lvl.maxDC = max(lvl.maxDC, dc)
			if dc > 1 {
				lvl.redelivered++
			}
			lvl.mu.Unlock()
			accept := true
			switch st {
			case stExplicit:
				r.Ack(kgo.AckAccept)
				flush = true
			case stRelease:
				if key%shareReleaseEvery == 0 && dc <= 1 {
					r.Ack(kgo.AckRelease)
					accept = false
				} else {
					r.Ack(kgo.AckAccept)
				}
				flush = true
			case stPureRel:
				r.Ack(kgo.AckRelease)
				accept, flush = false, true
			case stRejectLow:
				if key < shareRejectBelow && dc <= 1 {
					r.Ack(kgo.AckReject)
					accept = false
					lvl.mu.Lock()
					lvl.rejected[key] = true
					lvl.mu.Unlock()
				} else {
					r.Ack(kgo.AckAccept)
				}
				flush = true
			}
			if !accept {
				continue
			}
			if len(out) == 2 {
				cl.Produce(context.Background(), &kgo.Record{Topic: out[key%2], Key: r.Key, Value: r.Value}, func(_ *kgo.Record, err error) {
					if err != nil {
						lvl.errs.add("%s: produce downstream: %v", name, err)
					} else {
						lvl.produced.Add(1)
					}
				})
			}
			lvl.mu.Lock()
			lvl.accepted[key]++
			lvl.mu.Unlock()
		}
		if st == stBulk && got {
			cl.MarkAcks(kgo.AckAccept)
			flush = true
		}
		if flush {
			fctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			if err := cl.FlushAcks(fctx); err != nil && ctx.Err() == nil {
				lvl.errs.add("%s: flush acks: %v", name, err)
			}
			cancel()
		}
		if got && maxPolls > 0 {
			if polls++; polls >= maxPolls {
				return
			}
		}
	}
}

func shareETL(a args) {
	bootstrap, prefix := a.str("bootstrap"), a.str("prefix")
	count := int(a.num("count", 2000))
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(a.num("timeout-ms", 120_000))*time.Millisecond)
	defer cancel()
	t1a, t1b, t2a, t2b := prefix+"-1a", prefix+"-1b", prefix+"-2a", prefix+"-2b"
	g1, g2 := prefix+"-g1", prefix+"-g2"
	body := []byte("share-etl-body-" + prefix)

	admCl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap), kgo.ClientID("share-etl-admin"))
	if err != nil {
		fail("admin client: %v", err)
	}
	defer admCl.Close()
	adm := kadm.NewClient(admCl)
	for _, tp := range []struct {
		t string
		p int32
	}{{t1a, 3}, {t1b, 1}, {t2a, 3}, {t2b, 1}} {
		res, err := adm.CreateTopic(ctx, tp.p, 1, nil, tp.t)
		if err == nil {
			err = res.Err
		}
		if err != nil {
			fail("create %s: %v", tp.t, err)
		}
	}
	for _, g := range []string{g1, g2} {
		// earliest: the members see records written before they joined.
		if err := setGroupConfig(ctx, admCl, g, "share.auto.offset.reset", "earliest"); err != nil {
			fail("group configs %s: %v", g, err)
		}
	}

	prod, err := kgo.NewClient(kgo.SeedBrokers(bootstrap), kgo.ClientID("share-etl-producer"), kgo.UnknownTopicRetries(-1))
	if err != nil {
		fail("producer: %v", err)
	}
	defer prod.Close()
	var prodErrs errorList
	go func() {
		for i := 0; i < count && ctx.Err() == nil; i++ {
			t := t1a
			if i%2 != 0 {
				t = t1b
			}
			prod.Produce(ctx, &kgo.Record{Topic: t, Key: []byte(strconv.Itoa(i)), Value: body}, func(_ *kgo.Record, err error) {
				if err != nil {
					prodErrs.add("produce %d: %v", i, err)
				}
			})
		}
		if err := prod.Flush(ctx); err != nil {
			prodErrs.add("flush: %v", err)
		}
	}()

	l1, l2 := newShareLevel("l1"), newShareLevel("l2")
	in1, out1, in2 := []string{t1a, t1b}, []string{t2a, t2b}, []string{t2a, t2b}
	var wg sync.WaitGroup
	run := func(ctx context.Context, group, name string, in, out []string, st shareStrategy, maxPolls int, lvl *shareLevel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			shareMember(ctx, bootstrap, group, name, in, out, st, maxPolls, lvl, body)
		}()
	}
	waitFor := func(cond func() bool) {
		// Bounded by ctx.
		for ctx.Err() == nil && !cond() {
			time.Sleep(50 * time.Millisecond)
		}
	}

	// Level 1, phase 1: a rejecting member alone until it rejected half of the low keys.
	rejCtx, rejCancel := context.WithCancel(ctx)
	var rejWg sync.WaitGroup
	rejWg.Add(1)
	go func() {
		defer rejWg.Done()
		shareMember(rejCtx, bootstrap, g1, "l1-reject", in1, out1, stRejectLow, -1, l1, body)
	}()
	waitFor(func() bool { l1.mu.Lock(); defer l1.mu.Unlock(); return len(l1.rejected) >= shareRejectBelow/2 })
	rejCancel()
	rejWg.Wait()

	// Phase 2: the other strategies, two that leave after a few polls, one that only releases.
	autoCtx, autoCancel := context.WithCancel(ctx)
	run(ctx, g1, "l1-release", in1, out1, stRelease, -1, l1)
	run(autoCtx, g1, "l1-auto", in1, out1, stAuto, -1, l1)
	run(ctx, g1, "l1-explicit", in1, out1, stExplicit, -1, l1)
	run(ctx, g1, "l1-bulk", in1, out1, stBulk, -1, l1)
	run(ctx, g1, "l1-purerel", in1, out1, stPureRel, 3, l1)
	run(ctx, g1, "l1-bail1", in1, out1, stAuto, 1, l1)
	run(ctx, g1, "l1-bail2", in1, out1, stExplicit, 2, l1)
	// Level 2 starts while level 1 runs.
	l2autoCtx, l2autoCancel := context.WithCancel(ctx)
	run(l2autoCtx, g2, "l2-auto", in2, nil, stAuto, -1, l2)
	run(ctx, g2, "l2-explicit", in2, nil, stExplicit, -1, l2)
	run(ctx, g2, "l2-bulk", in2, nil, stBulk, -1, l2)
	run(ctx, g2, "l2-bail1", in2, nil, stAuto, 1, l2)
	run(ctx, g2, "l2-purerel", in2, nil, stPureRel, 3, l2)

	// Mid-way rebalances: one member of each level leaves, another joins.
	waitFor(func() bool { return l1.consumed.Load() >= int64(count/2) })
	autoCancel()
	run(ctx, g1, "l1-explicit2", in1, out1, stExplicit, -1, l1)
	waitFor(func() bool { return l2.consumed.Load() >= int64(count/3) })
	l2autoCancel()
	run(ctx, g2, "l2-auto2", in2, nil, stAuto, -1, l2)

	l1.mu.Lock()
	rejected := map[int]bool{}
	for k := range l1.rejected {
		rejected[k] = true
	}
	l1.mu.Unlock()
	// Done when level 2 accepted every key level 1 did not reject (a rejected key is archived for good).
	expect := count - len(rejected)
	waitFor(func() bool { return l1.acceptedCount() >= expect && l2.acceptedCount() >= expect })
	timedOut := ctx.Err() != nil
	cancel()
	wg.Wait()

	summary := map[string]any{"timedOut": timedOut, "count": count, "rejected": len(rejected), "producerErrors": prodErrs.list()}
	for _, lvl := range []*shareLevel{l1, l2} {
		var missing []int
		var rejectedSeen []int
		accepts := 0
		for i := 0; i < count; i++ {
			n := lvl.accepted[i]
			accepts += n
			if rejected[i] && l1.accepted[i] == 0 {
				if lvl == l2 && n > 0 {
					rejectedSeen = append(rejectedSeen, i)
				}
				continue
			}
			if n == 0 && len(missing) < 20 {
				missing = append(missing, i)
			}
		}
		summary[lvl.name] = map[string]any{
			"unique": len(lvl.accepted), "accepts": accepts, "produced": lvl.produced.Load(), "consumed": lvl.consumed.Load(),
			"missing": missing, "rejectedSeen": rejectedSeen, "redelivered": lvl.redelivered, "maxDC": lvl.maxDC,
			"badDC": lvl.badDC.Load(), "badBody": lvl.badBody.Load(), "errors": lvl.errs.list(),
		}
	}
	emit("share-etl", summary)
}

// setGroupConfig: IncrementalAlterConfigs on a GROUP resource (kadm has no call for group configs).
func setGroupConfig(ctx context.Context, cl *kgo.Client, group, name, value string) error {
	req := kmsg.NewPtrIncrementalAlterConfigsRequest()
	res := kmsg.NewIncrementalAlterConfigsRequestResource()
	res.ResourceType = kmsg.ConfigResourceTypeGroupConfig
	res.ResourceName = group
	c := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()
	c.Name, c.Value = name, kmsg.StringPtr(value)
	res.Configs = append(res.Configs, c)
	req.Resources = append(req.Resources, res)
	resp, err := req.RequestWith(ctx, cl)
	if err != nil {
		return err
	}
	for _, r := range resp.Resources {
		if err := kerr.ErrorForCode(r.ErrorCode); err != nil {
			return fmt.Errorf("%s: %w", group, err)
		}
	}
	return nil
}
