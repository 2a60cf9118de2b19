// Consumer-group modes of the driver, in the JSON-line vocabulary of test/interop/group-scenario.ts:
//
//	group-produce --bootstrap B --topic T --partitions P [--count N]   (N = 0: until killed)
//	    record n -> partition n % P; {"ev":"sent","n":...} after each synchronous batch of 20
//	group-member --bootstrap B --topic T --group G --protocol classic|consumer
//	             [--balancer cooperative-sticky|range] [--session-timeout-ms 6000] [--name N]
//	    {"ev":"assigned"|"revoked"|"lost","gen","parts"}, {"ev":"epoch","gen"} when the generation
//	    (classic) or member epoch (KIP-848) changes, {"ev":"batch","gen","p","first","last"} per
//	    partition of each poll, {"ev":"left"} after a clean close (SIGTERM).
//
// The member polls with BlockRebalanceOnPoll, so no rebalance callback runs between a poll and the
// AllowRebalance that follows it: a batch's generation tag is the one it was consumed under.
// --protocol consumer opts into KIP-848 (kgo.ServerSideBalancer): cooperative-sticky asks the broker
// for its "uniform" assignor, range for "range".
package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

var outMu sync.Mutex

// out serializes lines written from the poll loop and from the group's callback goroutine.
func out(event string, fields map[string]any) {
	outMu.Lock()
	defer outMu.Unlock()
	fields["ev"] = event
	emit(event, fields)
}

func groupProduce(a args) {
	topic, parts, count := a.str("topic"), a.num("partitions"), a.num("count", 0)
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(a.str("bootstrap")),
		kgo.ClientID("strand-groups-producer"),
		kgo.RecordPartitioner(kgo.ManualPartitioner()),
		kgo.ProducerLinger(5*time.Millisecond),
	)
	if err != nil {
		fail("client: %v", err)
	}
	defer cl.Close()
	ctx := context.Background()
	// Unbounded only when count is 0: the test kills this process (SIGKILL) when it has seen enough.
	for n := int64(0); count == 0 || n < count; {
		var batch []*kgo.Record
		for ; len(batch) < 20 && (count == 0 || n < count); n++ {
			s := []byte(strconv.FormatInt(n, 10))
			batch = append(batch, &kgo.Record{Topic: topic, Partition: int32(n % parts), Key: s, Value: s})
		}
		if err := cl.ProduceSync(ctx, batch...).FirstErr(); err != nil {
			fail("produce: %v", err)
		}
		out("sent", map[string]any{"n": n})
		time.Sleep(20 * time.Millisecond)
	}
	out("done", map[string]any{"n": count})
}

func partsOf(m map[string][]int32, topic string) []int32 {
	ps := append([]int32{}, m[topic]...)
	sort.Slice(ps, func(i, j int) bool { return ps[i] < ps[j] })
	return ps
}

func groupMember(a args) {
	topic := a.str("topic")
	balancer := kgo.CooperativeStickyBalancer()
	if a.strOr("balancer", "cooperative-sticky") == "range" {
		balancer = kgo.RangeBalancer()
	}
	gen := func(cl *kgo.Client) int32 {
		_, g := cl.GroupMetadata()
		return g
	}
	opts := []kgo.Opt{
		kgo.SeedBrokers(a.str("bootstrap")),
		kgo.ClientID(a.strOr("name", "strand-groups-member")),
		kgo.ConsumerGroup(a.str("group")),
		kgo.ConsumeTopics(topic),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.Balancers(balancer),
		kgo.SessionTimeout(time.Duration(a.num("session-timeout-ms", 6000)) * time.Millisecond),
		kgo.HeartbeatInterval(500 * time.Millisecond),
		kgo.AutoCommitInterval(200 * time.Millisecond),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsAssigned(func(_ context.Context, cl *kgo.Client, m map[string][]int32) {
			out("assigned", map[string]any{"gen": gen(cl), "parts": partsOf(m, topic)})
		}),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, m map[string][]int32) {
			// What the default revoke callback does under autocommit: commit before giving partitions up.
			if err := cl.CommitMarkedOffsets(ctx); err != nil {
				out("commit-error", map[string]any{"error": err.Error()})
			}
			out("revoked", map[string]any{"gen": gen(cl), "parts": partsOf(m, topic)})
		}),
		kgo.OnPartitionsLost(func(_ context.Context, cl *kgo.Client, m map[string][]int32) {
			out("lost", map[string]any{"gen": gen(cl), "parts": partsOf(m, topic)})
		}),
		kgo.AutoCommitMarks(),
	}
	if a.strOr("protocol", "classic") == "consumer" {
		opts = append(opts, kgo.ServerSideBalancer())
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		fail("client: %v", err)
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM)
	lastGen := int32(-2)
	nerr := 0
	// Runs until SIGTERM; each poll waits at most 100 ms.
	for running := true; running; {
		select {
		case <-stop:
			running = false
			continue
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		fetches := cl.PollRecords(ctx, 500)
		cancel()
		g := gen(cl)
		if g != lastGen {
			lastGen = g
			out("epoch", map[string]any{"gen": g})
		}
		fetches.EachError(func(t string, p int32, err error) {
			if errors.Is(err, context.DeadlineExceeded) || nerr >= 50 {
				return
			}
			nerr++
			out("error", map[string]any{"topic": t, "p": p, "error": err.Error()})
		})
		fetches.EachPartition(func(fp kgo.FetchTopicPartition) {
			if len(fp.Records) == 0 {
				return
			}
			out("batch", map[string]any{"gen": g, "p": fp.Partition, "first": fp.Records[0].Offset, "last": fp.Records[len(fp.Records)-1].Offset})
		})
		cl.MarkCommitRecords(fetches.Records()...)
		cl.AllowRebalance()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	if err := cl.CommitMarkedOffsets(ctx); err != nil {
		out("commit-error", map[string]any{"error": err.Error()})
	}
	cancel()
	cl.Close()
	out("left", map[string]any{})
}
