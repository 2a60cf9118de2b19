// The controller listener's Raft handlers pass the request's version to the raft client, which builds
// its answer for that version (test/unit/raft/raft-handlers.test.ts checks every version encodes:
// leader endpoints from Vote/BeginQuorumEpoch/EndQuorumEpoch v1 and Fetch v16, DescribeQuorum's
// directory ids and nodes from v2) — Kafka's kafka-metadata-quorum.sh and older peers send the lower ones.
import { expect, test } from "bun:test";
import { beginQuorumEpochHandler, describeQuorumHandler, endQuorumEpochHandler, fetchSnapshotHandler, raftFetchHandler, voteHandler } from "../../../src/server/controller-api/raft-apis.ts";
import type { ApiHandler, RequestContext } from "../../../src/server/handler.ts";

const seen: Array<[string, number]> = [];
const record = (name: string) => (_req: unknown, v: number) => {
  seen.push([name, v]);
  return {};
};
const raft = {
  handleVoteRequest: record("vote"),
  handleBeginQuorumEpochRequest: record("begin"),
  handleEndQuorumEpochRequest: record("end"),
  handleFetchRequest: async (req: unknown, v: number) => record("fetch")(req, v),
  handleDescribeQuorumRequest: record("describe"),
  handleFetchSnapshotRequest: record("snapshot"),
};

function ctx(apiKey: number, apiVersion: number): RequestContext {
  return { apiKey, apiVersion, services: { raft } } as unknown as RequestContext;
}

test("every Raft handler hands the raft client the request's version, for every version served", async () => {
  const handlers = [voteHandler, beginQuorumEpochHandler, endQuorumEpochHandler, raftFetchHandler, describeQuorumHandler, fetchSnapshotHandler] as ApiHandler[];
  for (const h of handlers) {
    for (let v = h.minVersion; v <= h.maxVersion; v++) {
      seen.length = 0;
      await h.handle(ctx(h.key, v), {});
      expect(seen.map(([, x]) => x), `api ${h.key} v${v}`).toEqual([v]);
    }
  }
});
