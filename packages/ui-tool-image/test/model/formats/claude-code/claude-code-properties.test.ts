import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type ConversationItem, type ToolCallNode } from '../../../../src/model';
import { conversationItemKey } from '../../../../src/model/conversation';
import { ClaudeCodeReader } from '../../../../src/model/formats/claude-code/claude-code-reader';
import { allNodes } from '../../builders';
import { callId, claudeCodeLine, json, pairedCalls } from '../anthropic-arbitraries';

/** Lines, each with whether a snapshot is taken after it, and (for some) the subagent file it belongs to. */
const feedPlan = fc.array(
  fc.record({
    line: fc.oneof({ weight: 4, arbitrary: claudeCodeLine }, { weight: 1, arbitrary: json }),
    snapshotAfter: fc.boolean(),
    subagentOf: fc.option(
      callId.filter((id): id is string => typeof id === 'string'),
      { freq: 6 },
    ),
  }),
  { maxLength: 30, size: 'max' },
);

function run(plan: readonly { line: unknown; snapshotAfter: boolean; subagentOf: string | null }[], takeSnapshots: boolean) {
  const reader = new ClaudeCodeReader();
  const snapshots = [reader.snapshot()];
  plan.forEach(({ line, snapshotAfter, subagentOf }, index) => {
    if (subagentOf === null) reader.readLine(line, index + 1);
    else reader.readSubagentLine(line, index + 1, `agent-${subagentOf}.jsonl`);
    if (takeSnapshots && snapshotAfter) snapshots.push(reader.snapshot());
  });
  snapshots.push(reader.snapshot());
  return snapshots;
}

function treeOf(items: readonly ConversationItem[]): ToolCallNode[] {
  return allNodes(items.flatMap((item) => (item.kind === 'call' ? [item.node] : [])));
}

describe('ClaudeCodeReader properties', () => {
  it('never throws on any value fed as a line (a transcript line or any JSON), and its snapshots hold together', () => {
    fc.assert(
      fc.property(feedPlan, (plan) => {
        for (const snapshot of run(plan, true)) {
          const { items } = snapshot.conversation;
          const keys = items.map(conversationItemKey);
          expect(new Set(keys).size).toBe(keys.length);
          const nodes = treeOf(items);
          // Each call appears once in the whole tree; a nested call names its parent.
          expect(new Set(nodes.map((node) => node.callId)).size).toBe(nodes.length);
          for (const node of nodes) for (const child of node.children) expect(child).toMatchObject({ kind: 'nested', parentCallId: node.callId });
          for (const problem of snapshot.problems) expect(Number.isInteger(problem.line)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the same lines give the same result, whether or not snapshots were taken on the way', () => {
    fc.assert(
      fc.property(feedPlan, (plan) => {
        const streamed = run(plan, true).at(-1);
        const once = run(plan, false).at(-1);
        expect(streamed).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it('from one snapshot to the next, an item that did not change is the same object', () => {
    fc.assert(
      fc.property(feedPlan, (plan) => {
        const snapshots = run(plan, true);
        snapshots.slice(1).forEach((next, index) => {
          const previous = new Map(snapshots[index]?.conversation.items.map((item) => [conversationItemKey(item), item]));
          for (const item of next.conversation.items) {
            const old = previous.get(conversationItemKey(item));
            if (old !== undefined && isDeepStrictEqual(old, item)) expect(item).toBe(old);
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  it('results pair with their calls the same in any order, also before their call', () => {
    fc.assert(
      fc.property(
        pairedCalls.chain((pairs) =>
          fc.tuple(
            fc.constant(pairs),
            fc.shuffledSubarray([...pairs.map((pair) => pair.call), ...pairs.map((pair) => pair.result)], { minLength: pairs.length * 2 }),
          ),
        ),
        ([pairs, order]) => {
          const reader = new ClaudeCodeReader();
          order.forEach((block, index) => {
            const type = block.type === 'tool_use' ? 'assistant' : 'user';
            reader.readLine({ type, uuid: `line-${index}`, sessionId: 's', message: { id: `msg_${index}`, role: type, content: [block] } }, index + 1);
          });
          const snapshot = reader.snapshot();
          expect(snapshot.problems).toEqual([]);
          const nodes = treeOf(snapshot.conversation.items);
          const byId = new Map(nodes.map((node) => [node.callId, node]));
          expect(nodes).toHaveLength(pairs.length);
          for (const { id, call, result } of pairs) {
            expect(byId.get(id)).toMatchObject({
              name: call.name,
              argsRaw: JSON.stringify(call.input),
              status: 'settled',
              result: { content: result.content, isError: result.is_error },
            });
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
