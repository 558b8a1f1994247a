import { describe, expect, it } from 'vitest';
import { buildToolCalls, parseSessionLog, toolRowModel } from '../../../../src/model';
import { envelopeText, headerLine, RED_PNG_REF, toolCallEvent, toolResultEvent } from '../../builders';

const TEN_MIB = 10 * 1024 * 1024;

describe('a 10 MiB log', () => {
  it('parses and builds completely (many ordinary lines)', () => {
    const padding = 'x'.repeat(700);
    const lines = [headerLine()];
    let calls = 0;
    for (let size = 0; size < TEN_MIB; calls += 1) {
      const callId = `call-${calls}`;
      const call = JSON.stringify(toolCallEvent(callId, 'read_image', JSON.stringify({ file_path: `shot-${calls}.png` })));
      const result = JSON.stringify(
        toolResultEvent(
          callId,
          [
            { type: 'text', text: envelopeText() },
            { type: 'image', attachment: RED_PNG_REF },
            { type: 'text', text: padding },
          ],
          {
            meta: { path: `/p/shot-${calls}.png` },
          },
        ),
      );
      lines.push(call, result);
      size += call.length + result.length + 2;
    }
    const text = lines.join('\n');
    expect(text.length).toBeGreaterThanOrEqual(TEN_MIB);

    const log = parseSessionLog(text);
    expect(log.problems).toEqual([]);
    expect(log.events).toHaveLength(2 * calls);
    expect(log.events.at(-1)?.seq).toBe(2 * calls - 1);
    const { roots, problems } = buildToolCalls(log.events);
    expect(problems).toEqual([]);
    expect(roots).toHaveLength(calls);
    expect(roots.every((node) => node.status === 'settled')).toBe(true);
  });

  it('parses a single 10 MiB line and a 10 MiB truncated tail', () => {
    const huge = 'y'.repeat(TEN_MIB);
    const complete = JSON.stringify(toolResultEvent('c', [{ type: 'text', text: huge }]));
    const log = parseSessionLog(`${headerLine()}\n${JSON.stringify(toolCallEvent('c', 'read', '{}'))}\n${complete}\n${complete.slice(0, -3)}`);
    expect(log.events).toHaveLength(2);
    expect(log.problems).toEqual([{ line: 4, message: expect.stringContaining('truncated') as string }]);
    const [node] = buildToolCalls(log.events).roots;
    expect(node && toolRowModel(node).output).toEqual([{ kind: 'text', text: huge }]);
  });
});
