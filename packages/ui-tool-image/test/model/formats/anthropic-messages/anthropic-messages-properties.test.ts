import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversationItemKey } from '../../../../src/model/conversation';
import { AnthropicMessagesReader, conversationFromAnthropicMessages } from '../../../../src/model/formats/anthropic-messages/anthropic-messages-reader';
import { anthropicMessage, json, pairedCalls } from '../anthropic-arbitraries';

const messages = fc.array(fc.oneof({ weight: 5, arbitrary: anthropicMessage }, { weight: 1, arbitrary: json }), { maxLength: 20, size: 'max' });

describe('conversationFromAnthropicMessages properties', () => {
  it('never throws on any array, and its item keys are unique', () => {
    fc.assert(
      fc.property(messages, (list) => {
        const keys = conversationFromAnthropicMessages(list).items.map(conversationItemKey);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 300 },
    );
  });

  it('a reader snapshotted anywhere along the way ends with the same conversation as the whole array read at once', () => {
    fc.assert(
      fc.property(messages, fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), (list, snapshotAfter) => {
        const reader = new AnthropicMessagesReader();
        list.forEach((message, index) => {
          reader.readLine(message, index + 1);
          if (snapshotAfter[index] === true) reader.snapshot();
        });
        expect(reader.snapshot().conversation).toEqual(conversationFromAnthropicMessages(list));
      }),
      { numRuns: 300 },
    );
  });

  it('results pair with their calls the same in any order and any split into messages', () => {
    fc.assert(
      fc.property(
        pairedCalls.chain((pairs) =>
          fc.tuple(
            fc.constant(pairs),
            fc.shuffledSubarray([...pairs.map((pair) => pair.call), ...pairs.map((pair) => pair.result)], { minLength: pairs.length * 2 }),
            fc.array(fc.boolean(), { minLength: pairs.length * 2, maxLength: pairs.length * 2 }),
          ),
        ),
        ([pairs, order, splits]) => {
          // Consecutive blocks of one kind share a message unless split.
          const list: { role: string; content: unknown[] }[] = [];
          order.forEach((block, index) => {
            const role = block.type === 'tool_use' ? 'assistant' : 'user';
            const last = list.at(-1);
            if (last?.role === role && splits[index] !== true) last.content.push(block);
            else list.push({ role, content: [block] });
          });
          const { items, problems } = conversationFromAnthropicMessages(list);
          expect(problems).toEqual([]);
          const nodes = items.flatMap((item) => (item.kind === 'call' ? [item.node] : []));
          expect(nodes.map((node) => node.callId).sort()).toEqual(pairs.map((pair) => pair.id).sort());
          for (const { id, call, result } of pairs) {
            expect(nodes.find((node) => node.callId === id)).toMatchObject({
              name: call.name,
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
