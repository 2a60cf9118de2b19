// console-kadm: the franz-go kadm calls Redpanda Console makes on its overview, brokers, topics and
// consumer-group pages (backend/pkg/console: overview_kafka.go, cluster_info.go, log_dir_broker.go,
// consumer_group_overview.go, list_offsets.go), printed raw as one {"event":"answers","calls":{...}}
// line for console-calls.test.ts to compare between brokers. A failed call is {"error": "..."}.
//   --bootstrap B --topics t1,t2 [--skip-keys k1,k2: also report kversion's guess without these keys]
package main

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
	"github.com/twmb/franz-go/pkg/kversion"
)

func errString(err error) any {
	if err == nil {
		return nil
	}
	return err.Error()
}

func consoleKadm(a args) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(a.str("bootstrap")), kgo.ClientID("strand-interop-console-kadm"))
	if err != nil {
		fail("client: %v", err)
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	topics := strings.Split(a.str("topics"), ",")
	// kversion's own skip list (broker-to-broker and telemetry keys), plus the keys the test names.
	skipKeys := []int16{4, 5, 6, 7, 27, 56, 57, 58, 67, 71, 72}
	if extra := a.strOr("skip-keys", ""); extra != "" {
		for _, k := range strings.Split(extra, ",") {
			n, err := strconv.Atoi(k)
			if err != nil {
				fail("--skip-keys: %v", err)
			}
			skipKeys = append(skipKeys, int16(n))
		}
	}
	calls := map[string]any{}

	md, err := adm.Metadata(ctx)
	if err != nil {
		calls["metadata"] = map[string]any{"error": err.Error()}
	} else {
		calls["metadata"] = consoleMetadata(md)
	}

	// The version label Console shows (kversion's guess from the ApiVersions ranges).
	if vs, err := adm.ApiVersions(ctx); err != nil {
		calls["versionGuess"] = map[string]any{"error": err.Error()}
	} else {
		guesses := map[int32]any{}
		for id, v := range vs {
			ranges := map[string]any{}
			v.EachKeySorted(func(key, min, max int16) {
				ranges[strconv.Itoa(int(key))] = []int16{min, max}
			})
			guesses[id] = map[string]any{"guess": v.VersionGuess(), "guessSkipping": v.VersionGuess(kversion.SkipKeys(skipKeys...)), "err": errString(v.Err)}
			calls["apiVersions"] = ranges
		}
		calls["versionGuess"] = guesses
	}

	if dirs, err := adm.DescribeAllLogDirs(ctx, nil); err != nil {
		calls["describeAllLogDirs"] = map[string]any{"error": err.Error()}
	} else {
		out := map[int32]any{}
		for broker, ds := range dirs {
			var list []any
			for _, d := range ds {
				parts := map[string]any{}
				d.Topics.Each(func(p kadm.DescribedLogDirPartition) {
					parts[p.Topic+"-"+itoa(p.Partition)] = map[string]any{"size": p.Size, "offsetLag": p.OffsetLag, "isFuture": p.IsFuture}
				})
				list = append(list, map[string]any{"err": errString(d.Err), "totalBytes": d.TotalBytes, "usableBytes": d.UsableBytes, "partitions": parts})
			}
			out[broker] = list
		}
		calls["describeAllLogDirs"] = out
	}

	// Redpanda Console's consumer-group list: ListGroups, then DescribeGroups and lag (OffsetFetch,
	// ListOffsets start and end) for every group.
	var groupNames []string
	if listed, err := adm.ListGroups(ctx); err != nil {
		calls["listGroups"] = map[string]any{"error": err.Error()}
	} else {
		out := map[string]any{}
		for name, g := range listed {
			groupNames = append(groupNames, name)
			out[name] = map[string]any{"coordinator": g.Coordinator, "groupType": g.GroupType, "protocolType": g.ProtocolType, "state": g.State}
		}
		sort.Strings(groupNames)
		calls["listGroups"] = out
	}
	if described, err := adm.DescribeGroups(ctx, groupNames...); err != nil {
		calls["describeGroups"] = map[string]any{"error": err.Error()}
	} else {
		out := map[string]any{}
		for name, g := range described {
			var members []any
			for _, m := range g.Members {
				var assigned []string
				if c, ok := m.Assigned.AsConsumer(); ok {
					for _, t := range c.Topics {
						for _, p := range t.Partitions {
							assigned = append(assigned, t.Topic+"-"+itoa(p))
						}
					}
				}
				sort.Strings(assigned)
				members = append(members, map[string]any{"memberId": m.MemberID, "instanceId": m.InstanceID, "clientId": m.ClientID, "clientHost": m.ClientHost, "assigned": assigned})
			}
			out[name] = map[string]any{"coordinator": g.Coordinator.NodeID, "state": g.State, "protocolType": g.ProtocolType, "protocol": g.Protocol, "members": members, "err": errString(g.Err)}
		}
		calls["describeGroups"] = out
	}
	// KIP-848 groups: DescribeGroups answers GROUP_ID_NOT_FOUND for them (as Kafka does), so newer
	// consoles ask ConsumerGroupDescribe (key 69) as well.
	if described, err := adm.DescribeConsumerGroups(ctx, groupNames...); err != nil {
		calls["describeConsumerGroups"] = map[string]any{"error": err.Error()}
	} else {
		out := map[string]any{}
		for name, g := range described {
			var members []any
			for _, m := range g.Members {
				members = append(members, map[string]any{"memberId": m.MemberID, "instanceId": m.InstanceID, "rackId": m.RackID,
					"memberEpoch": m.MemberEpoch, "clientId": m.ClientID, "clientHost": m.ClientHost, "memberType": m.MemberType,
					"subscribedTopics": m.SubscribedTopics, "subscribedTopicRegex": m.SubscribedTopicRegex,
					"assignment": topicsSet(m.Assignment), "targetAssignment": topicsSet(m.TargetAssignment)})
			}
			out[name] = map[string]any{"coordinator": g.Coordinator.NodeID, "state": g.State, "epoch": g.Epoch, "assignmentEpoch": g.AssignmentEpoch,
				"assignorName": g.AssignorName, "members": members, "err": errString(g.Err)}
		}
		calls["describeConsumerGroups"] = out
	}
	if lags, err := adm.Lag(ctx, groupNames...); err != nil {
		calls["lag"] = map[string]any{"error": err.Error()}
	} else {
		out := map[string]any{}
		for name, l := range lags {
			parts := map[string]any{}
			for topic, ps := range l.Lag {
				for p, ml := range ps {
					parts[topic+"-"+itoa(p)] = map[string]any{"commit": ml.Commit.At, "start": ml.Start.Offset, "end": ml.End.Offset, "lag": ml.Lag, "err": errString(ml.Err)}
				}
			}
			out[name] = map[string]any{"state": l.State, "lag": parts, "describeErr": errString(l.DescribeErr), "fetchErr": errString(l.FetchErr)}
		}
		calls["lag"] = out
	}

	listed := func(name string, fn func(context.Context, ...string) (kadm.ListedOffsets, error)) {
		offs, err := fn(ctx, topics...)
		if err != nil {
			calls[name] = map[string]any{"error": err.Error()}
			return
		}
		out := map[string]any{}
		offs.Each(func(o kadm.ListedOffset) {
			out[o.Topic+"-"+itoa(o.Partition)] = map[string]any{"offset": o.Offset, "timestamp": o.Timestamp, "leaderEpoch": o.LeaderEpoch, "err": errString(o.Err)}
		})
		calls[name] = out
	}
	listed("listStartOffsets", adm.ListStartOffsets)
	listed("listEndOffsets", adm.ListEndOffsets)

	// Console's broker page (every broker's configs), the cluster-wide defaults, and the topic pages.
	describeConfigs := func(name string, fn func() (kadm.ResourceConfigs, error)) {
		rcs, err := fn()
		if err != nil {
			calls[name] = map[string]any{"error": err.Error()}
			return
		}
		out := map[string]any{}
		for _, rc := range rcs {
			cfgs := map[string]any{}
			for _, c := range rc.Configs {
				var syn []string
				for _, sy := range c.Synonyms {
					v := "<nil>"
					if sy.Value != nil {
						v = *sy.Value
					}
					syn = append(syn, sy.Source.String()+":"+sy.Key+"="+v)
				}
				cfgs[c.Key] = map[string]any{"value": c.Value, "sensitive": c.Sensitive, "source": c.Source.String(), "synonyms": syn}
			}
			out[rc.Name] = map[string]any{"err": errString(rc.Err), "errMessage": rc.ErrMessage, "configs": cfgs}
		}
		calls[name] = out
	}
	describeConfigs("describeBrokerConfigs", func() (kadm.ResourceConfigs, error) { return adm.DescribeBrokerConfigs(ctx, 1) })
	describeConfigs("describeClusterConfigs", func() (kadm.ResourceConfigs, error) { return adm.DescribeBrokerConfigs(ctx) })
	describeConfigs("describeTopicConfigs", func() (kadm.ResourceConfigs, error) {
		return adm.DescribeTopicConfigs(ctx, append(append([]string{}, topics...), "console-missing")...)
	})

	// Console's overview asks for every ACL to tell whether an authorizer is on.
	req := kmsg.NewPtrDescribeACLsRequest()
	req.ResourceType = kmsg.ACLResourceTypeAny
	req.ResourcePatternType = kmsg.ACLResourcePatternTypeAny
	req.Operation = kmsg.ACLOperationAny
	req.PermissionType = kmsg.ACLPermissionTypeAny
	if resp, err := req.RequestWith(ctx, cl); err != nil {
		calls["describeACLs"] = map[string]any{"error": err.Error()}
	} else {
		calls["describeACLs"] = map[string]any{"err": errString(kerr.ErrorForCode(resp.ErrorCode)), "resources": len(resp.Resources)}
	}

	emit("answers", map[string]any{"calls": calls})
}

func consoleMetadata(md kadm.Metadata) map[string]any {
	var brokers []any
	for _, b := range md.Brokers {
		brokers = append(brokers, map[string]any{"nodeId": b.NodeID, "host": b.Host, "port": b.Port, "rack": b.Rack})
	}
	topics := map[string]any{}
	for name, t := range md.Topics {
		parts := map[string]any{}
		for p, d := range t.Partitions {
			parts[itoa(p)] = map[string]any{"leader": d.Leader, "leaderEpoch": d.LeaderEpoch, "replicas": d.Replicas, "isr": d.ISR, "offline": d.OfflineReplicas, "err": errString(d.Err)}
		}
		topics[name] = map[string]any{"id": t.ID.String(), "internal": t.IsInternal, "partitions": parts, "err": errString(t.Err)}
	}
	return map[string]any{"cluster": md.Cluster, "controller": md.Controller, "brokers": brokers, "topics": topics}
}

func topicsSet(s kadm.TopicsSet) []string {
	var out []string
	for t, ps := range s {
		for p := range ps {
			out = append(out, t+"-"+itoa(p))
		}
	}
	sort.Strings(out)
	return out
}

func itoa(n int32) string {
	return strconv.Itoa(int(n))
}
