import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { ParsedSessionLog } from '@toolcard/ui-tool-image';

import { LogFeed } from '../viewer/log-feed.ts';
import { subagentFramePrefix } from '../viewer/subagent-frames.ts';
import { isConversationLog } from '../viewer/viewer-log.ts';
import { claudeCodeSubagentFile, claudeCodeTaskTranscript } from './support/foreign-sessions.ts';

const header = '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}\n';
const message = (text: string) => `${JSON.stringify({ type: 'user/message', data: { content: [{ type: 'text', text }], source: { kind: 'user' } } })}\n`;
const bytes = (text: string) => new TextEncoder().encode(text);

/** Our own log as the feed reads it: its events. */
function sessionLog(feed: LogFeed): ParsedSessionLog {
  const log = feed.snapshot();
  if (isConversationLog(log)) throw new Error(`read as ${log.format}, not as our own log`);
  return log;
}

function texts(feed: LogFeed): string[] {
  return sessionLog(feed).events.map((event) => JSON.stringify(event.data.content));
}

describe('LogFeed', () => {
  it('reads chunks that continue at its offset as one text, UTF-8 split anywhere', () => {
    const all = bytes(header + message('图像 ✓') + message('second'));
    for (let size = 1; size < 40; size += 3) {
      const feed = new LogFeed();
      expect(feed.begin(0, 0)).toBe(true);
      for (let start = 0; start < all.length; start += size) feed.push(all.subarray(start, start + size));
      const { events, problems } = sessionLog(feed);
      expect(problems).toEqual([]);
      expect(events.map((event) => event.data.content)).toEqual([[{ type: 'text', text: '图像 ✓' }], [{ type: 'text', text: 'second' }]]);
      expect(feed.offset).toBe(all.length);
    }
  });

  it('waits for a half-written last line without reporting it, and reads it once completed', () => {
    const line = message('late');
    const feed = new LogFeed();
    feed.begin(0, 0);
    feed.push(bytes(header + line.slice(0, 20)));
    expect(feed.snapshot().problems).toEqual([]);
    expect(sessionLog(feed).events).toEqual([]);

    expect(feed.begin(0, feed.offset)).toBe(false);
    feed.push(bytes(line.slice(20)));
    expect(feed.snapshot().problems).toEqual([]);
    expect(texts(feed)).toEqual(['[{"type":"text","text":"late"}]']);
  });

  it('starts over for a new generation, forgetting lines and a pending half line', () => {
    const feed = new LogFeed();
    feed.begin(0, 0);
    feed.push(bytes(header + message('old') + '{"type":"user/mes'));
    expect(feed.begin(1, 0)).toBe(true);
    feed.push(bytes(header + message('new')));
    expect(feed.snapshot().problems).toEqual([]);
    expect(texts(feed)).toEqual(['[{"type":"text","text":"new"}]']);
    expect(feed.generation).toBe(1);
  });

  it('starts over when the server sends the same generation from byte 0 again', () => {
    const feed = new LogFeed();
    feed.begin(0, 0);
    feed.push(bytes(header + message('a')));
    expect(feed.begin(0, 0)).toBe(true);
    feed.push(bytes(header + message('a')));
    expect(texts(feed)).toEqual(['[{"type":"text","text":"a"}]']);
  });
});

describe('LogFeed on another agent’s file', () => {
  it('reads a Codex rollout, told from its content, as a conversation', () => {
    const lines = [
      {
        timestamp: '2026-01-10T09:00:00.000Z',
        type: 'session_meta',
        payload: { id: 's', timestamp: '2026-01-10T09:00:00.000Z', cwd: '/w', cli_version: '0.80.0' },
      },
      { timestamp: '2026-01-10T09:00:01.000Z', type: 'response_item', payload: { type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c1' } },
    ];
    const feed = new LogFeed();
    feed.begin(0, 0);
    feed.push(bytes(lines.map((line) => `${JSON.stringify(line)}\n`).join('')));
    const log = feed.snapshot();
    if (!isConversationLog(log)) throw new Error('read as our own log');
    expect(log.format).toBe('codex');
    expect(log.conversation.items.map((item) => (item.kind === 'call' ? [item.node.name, item.node.status] : item.kind))).toEqual([['shell', 'running']]);
  });
});

describe('LogFeed on a Claude Code session with a subagent file (its lines framed among the transcript’s)', () => {
  const transcript = claudeCodeTaskTranscript({ agentId: 'a1', version: '2.1.14', finished: true });
  const agentLines = claudeCodeSubagentFile({ agentId: 'a1', version: '2.1.14', screenshot: 'iVBORw0KGgo=' }).trimEnd().split('\n');
  const [first = '', second = '', ...others] = transcript.split('\n');
  // As the server writes them: the subagent's lines between the transcript's, each framed with its file.
  const served = [first, ...agentLines.map((line) => `${subagentFramePrefix('agent-a1.jsonl')}${line}`), second, ...others].join('\n');

  function read(chunks: readonly Uint8Array[]) {
    const feed = new LogFeed();
    feed.begin(0, 0);
    for (const chunk of chunks) feed.push(chunk);
    const log = feed.snapshot();
    if (!isConversationLog(log)) throw new Error('read as our own log');
    return log;
  }

  it('gives the subagent’s lines to the reader as that file’s, in any chunking: its calls nest, the transcript’s lines keep their numbers', () => {
    const all = bytes(served);
    const whole = read([all]);
    expect(whole.problems).toEqual([]);
    const task = whole.conversation.items.find((item) => item.kind === 'call');
    expect(task?.kind === 'call' && [task.line, task.node.children.map((child) => child.name)]).toEqual([2, ['Read', 'Grep']]);
    fc.assert(
      fc.property(fc.array(fc.nat(all.length), { maxLength: 8 }), (cuts) => {
        const sorted = [...cuts].sort((a, b) => a - b);
        const chunks = [0, ...sorted].map((from, index) => all.subarray(from, sorted[index] ?? all.length));
        expect(read(chunks).conversation.items).toEqual(whole.conversation.items);
      }),
    );
  });
});
