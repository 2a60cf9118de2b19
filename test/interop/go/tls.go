// tls-roundtrip: franz-go over TLS (test/interop/tls.test.ts). Creates the topic with kadm, produces
// --count records, consumes them in group --group, all on a TLS connection: --ca (PEM), and for mTLS
// --cert and --key (PEM); SASL on top with --sasl-mechanism/--sasl-username/--sasl-password. Prints {"event":"tls-roundtrip","produced":N,"consumed":[values...]} or
// {"event":"tls-error","error":...} (exit 0 either way: the test judges).
package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"os"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

func tlsConfig(a args) *tls.Config {
	pem, err := os.ReadFile(a.str("ca"))
	if err != nil {
		fail("--ca: %v", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		fail("--ca: no certificate")
	}
	cfg := &tls.Config{RootCAs: pool, ServerName: a.strOr("server-name", "localhost"), MinVersion: tls.VersionTLS12}
	if cert, ok := a["cert"]; ok {
		pair, err := tls.LoadX509KeyPair(cert, a.str("key"))
		if err != nil {
			fail("--cert/--key: %v", err)
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	return cfg
}

func tlsRoundtrip(a args) {
	topic, group, count := a.str("topic"), a.str("group"), int(a.num("count"))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	// With --sasl-mechanism (sasl.go): SASL_SSL, the SASL_SSL interop test.
	opts := append([]kgo.Opt{kgo.SeedBrokers(a.str("bootstrap")), kgo.DialTLSConfig(tlsConfig(a)), kgo.ClientID("strand-tls-franz-go")}, saslOpts(a)...)
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		emit("tls-error", map[string]any{"error": err.Error()})
		return
	}
	defer cl.Close()
	if _, err := kadm.NewClient(cl).CreateTopic(ctx, 2, 1, nil, topic); err != nil {
		emit("tls-error", map[string]any{"error": fmt.Sprintf("create topic: %v", err)})
		return
	}
	for i := 0; i < count; i++ {
		v := fmt.Sprintf("franz-tls-%d", i)
		if err := cl.ProduceSync(ctx, &kgo.Record{Topic: topic, Value: []byte(v)}).FirstErr(); err != nil {
			emit("tls-error", map[string]any{"error": fmt.Sprintf("produce: %v", err)})
			return
		}
	}
	consumer, err := kgo.NewClient(append(opts, kgo.ConsumerGroup(group), kgo.ConsumeTopics(topic), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))...)
	if err != nil {
		emit("tls-error", map[string]any{"error": err.Error()})
		return
	}
	defer consumer.Close()
	got := []string{}
	for len(got) < count && ctx.Err() == nil {
		fs := consumer.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { got = append(got, string(r.Value)) })
	}
	if err := consumer.CommitUncommittedOffsets(ctx); err != nil {
		emit("tls-error", map[string]any{"error": fmt.Sprintf("commit: %v", err)})
		return
	}
	emit("tls-roundtrip", map[string]any{"produced": count, "consumed": got})
}
