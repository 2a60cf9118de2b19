// kadm admin calls: create a topic with configs, then (after records were produced) list offsets
// (start, end, by timestamp), describe and alter topic configs, and delete the topic. Each check prints
// {"event":"check","name":..,"ok":..,"detail":..}.
package main

import (
	"context"
	"fmt"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

func adminClient(a args) (*kadm.Client, func()) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(a.str("bootstrap")), kgo.ClientID("strand-interop-franz-go-admin"))
	if err != nil {
		fail("client: %v", err)
	}
	return kadm.NewClient(cl), cl.Close
}

var failures int

func check(name string, ok bool, detail any) {
	if !ok {
		failures++
	}
	emit("check", map[string]any{"name": name, "ok": ok, "detail": fmt.Sprint(detail)})
}

func ptr(s string) *string { return &s }

func adminCreate(a args) {
	adm, closeFn := adminClient(a)
	defer closeFn()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	topic, parts := a.str("topic"), int32(a.num("partitions"))
	res, err := adm.CreateTopic(ctx, parts, 1, map[string]*string{"retention.ms": ptr("3600000")}, topic)
	check("CreateTopic", err == nil && res.Err == nil && res.ID != [16]byte{}, fmt.Sprint(err, " ", res.Err, " ", res.ID))
	md, err := adm.Metadata(ctx, topic)
	ok := err == nil && len(md.Topics[topic].Partitions) == int(parts) && len(md.Brokers) == 1
	check("Metadata", ok, fmt.Sprint(err, " ", md.Topics[topic].Partitions.Numbers()))
	emit("admin", map[string]any{"failures": failures})
}

func adminCheck(a args) {
	adm, closeFn := adminClient(a)
	defer closeFn()
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	topic, parts, count, t0 := a.str("topic"), int32(a.num("partitions")), a.num("count"), a.num("t0")

	starts, err := adm.ListStartOffsets(ctx, topic)
	ends, err2 := adm.ListEndOffsets(ctx, topic)
	okOffsets := err == nil && err2 == nil
	for p := int32(0); p < parts && okOffsets; p++ {
		s, _ := starts.Lookup(topic, p)
		e, _ := ends.Lookup(topic, p)
		okOffsets = s.Err == nil && e.Err == nil && s.Offset == 0 && e.Offset == expectedCount(count, parts, p)
	}
	check("ListStartOffsets/ListEndOffsets", okOffsets, fmt.Sprint(err, err2, " ", starts, " ", ends))

	i0 := count/2 + 1
	byTime, err := adm.ListOffsetsAfterMilli(ctx, t0+i0, topic)
	okTime := err == nil
	for p := int32(0); p < parts && okTime; p++ {
		first := i0 - i0%int64(parts) + int64(p)
		if i0%int64(parts) > int64(p) {
			first += int64(parts)
		}
		o, _ := byTime.Lookup(topic, p)
		okTime = o.Err == nil && o.Offset == first/int64(parts) && o.Timestamp == t0+first
	}
	check("ListOffsetsAfterMilli", okTime, fmt.Sprint(err, " ", byTime))

	cfgs, err := adm.DescribeTopicConfigs(ctx, topic)
	rc, err2 := cfgs.On(topic, nil)
	v, _ := rc.Configs, err2
	found := false
	for _, c := range v {
		if c.Key == "retention.ms" && c.Value != nil && *c.Value == "3600000" && c.Source.String() == "DYNAMIC_TOPIC_CONFIG" {
			found = true
		}
	}
	check("DescribeTopicConfigs", err == nil && err2 == nil && rc.Err == nil && found, fmt.Sprint(err, err2, rc.Err))

	alt, err := adm.AlterTopicConfigs(ctx, []kadm.AlterConfig{{Op: kadm.SetConfig, Name: "retention.ms", Value: ptr("7200000")}}, topic)
	altOk := err == nil && len(alt) == 1 && alt[0].Err == nil
	seen := ""
	// Kafka applies committed config changes to DescribeConfigs asynchronously: poll at most 40 x 250 ms.
	for i := 0; i < 40 && altOk; i++ {
		cfgs, err = adm.DescribeTopicConfigs(ctx, topic)
		rc, _ = cfgs.On(topic, nil)
		for _, c := range rc.Configs {
			if c.Key == "retention.ms" && c.Value != nil {
				seen = *c.Value
			}
		}
		if seen == "7200000" {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	check("AlterTopicConfigs (incremental)", altOk && seen == "7200000", fmt.Sprint(err, " ", alt, " seen=", seen))

	del, err := adm.DeleteTopics(ctx, topic)
	delOk := err == nil && del[topic].Err == nil
	gone := false
	for i := 0; i < 40 && delOk && !gone; i++ {
		names, err := adm.ListTopics(ctx)
		gone = err == nil && !names.Has(topic)
		if !gone {
			time.Sleep(250 * time.Millisecond)
		}
	}
	check("DeleteTopics", delOk && gone, fmt.Sprint(err, " ", del[topic].Err))
	emit("admin", map[string]any{"failures": failures})
}
