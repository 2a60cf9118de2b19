// franz-go interop driver. Commands print JSON lines on stdout:
//   produce --bootstrap B --topic T --partitions P --count N --t0 T0 [--compression none]
//   consume --bootstrap B --topic T --partitions P --count N --t0 T0 [--timeout-ms 60000]
//   admin-create --bootstrap B --topic T --partitions P
//   admin-check  --bootstrap B --topic T --partitions P --count N --t0 T0
//   console-kadm --bootstrap B --topics T1,T2  Redpanda Console's kadm calls, see console.go
//   group-produce / group-member ...  consumer-group modes, see groups.go
//   txn-produce / txn-hop / txn-verify ...  transactions (GroupTransactSession chain), see txn.go
//   txn-perf ...  the benchmark's transactional produce workload, see txnperf.go
//   share-etl --bootstrap B --prefix P ...  share groups (KIP-932), see share.go
//   produce-perf / consume-perf ...  the benchmark's produce and consume workloads, see perf.go
//   share-consume-perf ...  the share-group consume workload with franz-go's share consumer, see share-perf.go
//   tls-roundtrip ...  create, produce and consume in a group over TLS, see tls.go
package main

import (
	"fmt"
	"os"
	"strconv"
)

type args map[string]string

func (a args) str(name string) string {
	v, ok := a[name]
	if !ok {
		fail("missing --%s", name)
	}
	return v
}

func (a args) strOr(name, dflt string) string {
	if v, ok := a[name]; ok {
		return v
	}
	return dflt
}

func (a args) num(name string, dflt ...int64) int64 {
	if _, ok := a[name]; !ok && len(dflt) > 0 {
		return dflt[0]
	}
	n, err := strconv.ParseInt(a.str(name), 10, 64)
	if err != nil {
		fail("--%s: %v", name, err)
	}
	return n
}

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", a...)
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: driver produce|consume|admin-create|admin-check|group-produce|group-member|txn-produce|txn-hop|txn-verify|txn-perf|produce-perf|consume-perf --bootstrap B ...")
	}
	a := args{}
	for i := 2; i < len(os.Args); i += 2 {
		if i+1 >= len(os.Args) || len(os.Args[i]) < 3 || os.Args[i][:2] != "--" {
			fail("expected --name value at %s", os.Args[i])
		}
		a[os.Args[i][2:]] = os.Args[i+1]
	}
	switch os.Args[1] {
	case "tls-roundtrip":
		tlsRoundtrip(a)
	case "produce":
		produce(a)
	case "share-etl":
		shareETL(a)
	case "consume":
		consume(a)
	case "admin-create":
		adminCreate(a)
	case "admin-check":
		adminCheck(a)
	case "console-kadm":
		consoleKadm(a)
	case "group-produce":
		groupProduce(a)
	case "group-member":
		groupMember(a)
	case "txn-produce":
		txnProduce(a)
	case "txn-hop":
		txnHop(a)
	case "txn-verify":
		txnVerify(a)
	case "txn-perf":
		txnPerf(a)
	case "produce-perf":
		producePerf(a)
	case "consume-perf":
		consumePerf(a)
	case "share-consume-perf":
		shareConsumePerf(a)
	default:
		fail("unknown command %s", os.Args[1])
	}
}
