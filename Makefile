# Strand's developer entry points. Everything goes through the Bun that `npm install` puts in
# node_modules/.bin, so a machine with Node.js needs nothing else.
BUN := node_modules/.bin/bun

.PHONY: all install run test chaos build bench gen native clean

all: test

$(BUN): package.json
	npm install --no-audit --no-fund
	@touch $(BUN)

install: $(BUN)

run: $(BUN)
	$(BUN) src/cli/main.ts server start

test: $(BUN)
	npm test

# The long fault-injection runs (make test runs a short version of each): SIGKILL loops over the storage
# engine's fsync-before-ack appends, between transaction markers and while the log cleaner runs
# (test/chaos/cleaner-crash.test.ts); Raft's request handlers fed mutated captured Raft traffic
# (test/chaos/raft-fuzz.test.ts, STRAND_FUZZ_ITERATIONS mutations a round); SIGKILL / SIGSTOP of the nodes
# of a three-node KRaft cluster (test/chaos/kraft-cluster-chaos.test.ts); SIGKILL / SIGSTOP / network
# isolation of partition leaders and the active controller, and rolling restarts, under idempotent acks=all
# producers on an RF 3 topic (test/chaos/replication-chaos.test.ts: STRAND_INTEROP_TARGET=kafka runs it
# against Apache Kafka 4.4.0, the checker's own proof).
# STRAND_CHAOS_SEED repeats a run.
chaos: $(BUN)
	STRAND_CHAOS_ROUNDS=$${STRAND_CHAOS_ROUNDS:-40} $(BUN) test --timeout 3600000 test/chaos

build: $(BUN) native
	$(BUN) tools/compile.ts dist/strand

bench: $(BUN) native
	$(BUN) bench/run.ts

gen: $(BUN)
	$(BUN) tools/gen-protocol/main.ts
	$(BUN) tools/gen-errors/main.ts
	$(BUN) tools/gen-broker-keys/main.ts

native:
	@$(MAKE) -s -C native

clean:
	rm -rf dist native/build
