package main

// SASL for the SASL interop test: --sasl-mechanism PLAIN|SCRAM-SHA-256|SCRAM-SHA-512 with
// --sasl-username and --sasl-password, or OAUTHBEARER with --sasl-oauth-token (over SASL_PLAINTEXT); no options without --sasl-mechanism.

import (
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sasl/oauth"
	"github.com/twmb/franz-go/pkg/sasl/plain"
	"github.com/twmb/franz-go/pkg/sasl/scram"
)

func saslOpts(a args) []kgo.Opt {
	mech := a.strOr("sasl-mechanism", "")
	if mech == "" {
		return nil
	}
	if mech == "OAUTHBEARER" {
		// --sasl-oauth-token <compact JWT>
		return []kgo.Opt{kgo.SASL(oauth.Auth{Token: a.str("sasl-oauth-token")}.AsMechanism())}
	}
	user, pass := a.str("sasl-username"), a.str("sasl-password")
	switch mech {
	case "PLAIN":
		return []kgo.Opt{kgo.SASL(plain.Auth{User: user, Pass: pass}.AsMechanism())}
	case "SCRAM-SHA-256":
		return []kgo.Opt{kgo.SASL(scram.Auth{User: user, Pass: pass}.AsSha256Mechanism())}
	case "SCRAM-SHA-512":
		return []kgo.Opt{kgo.SASL(scram.Auth{User: user, Pass: pass}.AsSha512Mechanism())}
	}
	fail("unknown --sasl-mechanism %s", mech)
	return nil
}
