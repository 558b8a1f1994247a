import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ConversationItem } from '../../../../src/model';
import { conversationItemKey } from '../../../../src/model/conversation';
import type { FormatSnapshot } from '../../../../src/model/formats/agent-log/format-reader';
import { allNodes } from '../../builders';
import { feed } from './transcript';

/** Real transcripts, read where CI keeps them (`../shared` beside the repository), never copied into it. */
const SAMPLES = join(import.meta.dirname, '../../../../../../../shared/foreign-logs/claude-code');
const present = existsSync(SAMPLES);
if (!present) console.warn(`Claude Code sample transcripts skipped: ${SAMPLES} is absent (it is ../shared/foreign-logs beside the repository).`);

/** What shared/foreign-logs/README.md says each file holds. */
const EXPECTED = [
  { file: 'claude-code-log__0d3a8e6f-290f-4105-a327-a2496e5e2a83.jsonl', version: '1.0.43', calls: 14, pastedImages: 1 },
  { file: 'claude-code-log__9e953218-585f-4692-89df-9e0747a31c68.jsonl', version: '2.0.5', calls: 92, pastedImages: 1 },
  { file: 'claude-code-log__debug_image_message.jsonl', version: '2.0.55', calls: 0, pastedImages: 2 },
] as const;

function parsedLines(file: string): unknown[] {
  return readFileSync(join(SAMPLES, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** Every base64 `data` an image block of the file holds. */
function imageData(lines: readonly unknown[]): string[] {
  return [...JSON.stringify(lines).matchAll(/"data":"([A-Za-z0-9+/=]{200,})"/g)].map((match) => match[1] ?? '');
}

/** Every text a replay shows: message text parts and the text blocks of call results. */
function shownTexts(items: readonly ConversationItem[]): string[] {
  const nodes = allNodes(items.flatMap((item) => (item.kind === 'call' ? [item.node] : [])));
  const resultTexts = nodes.flatMap((node) =>
    (node.result?.content ?? []).flatMap((block) => (typeof block === 'object' && block !== null && 'text' in block ? [String(block.text)] : [])),
  );
  const messageTexts = items.flatMap((item) => (item.kind === 'message' ? item.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])) : []));
  return [...messageTexts, ...resultTexts];
}

describe.skipIf(!present)('ClaudeCodeReader on real transcripts (shared/foreign-logs/claude-code)', () => {
  describe.each(EXPECTED)('$file', ({ file, version, calls, pastedImages }) => {
    let read: unknown[] | undefined;
    let replayed: FormatSnapshot | undefined;
    // Read once, in the first test that needs it (any of them can run alone; none runs where ../shared is absent).
    const lines = (): unknown[] => (read ??= parsedLines(file));
    const replay = (): FormatSnapshot => (replayed ??= feed(lines()).snapshot());

    it('replays line by line with no problem (every line is well formed)', () => {
      const snapshot = replay();
      expect(snapshot.problems).toEqual([]);
      expect(snapshot.facts.version).toBe(version);
      const keys = snapshot.conversation.items.map(conversationItemKey);
      expect(new Set(keys).size).toBe(keys.length);
    });

    it(`pairs every tool call with its result (${calls} ↔ ${calls})`, () => {
      const nodes = allNodes(replay().conversation.items.flatMap((item) => (item.kind === 'call' ? [item.node] : [])));
      expect(nodes).toHaveLength(calls);
      expect(nodes.filter((node) => node.status !== 'settled' || node.name === null)).toEqual([]);
    });

    it(`finds the ${pastedImages} pasted image(s), decoded from their header, in the user's message`, () => {
      const images = replay().conversation.items.flatMap((item) =>
        item.kind === 'message' && item.role === 'user' ? item.parts.flatMap((part) => (part.kind === 'images' ? part.images : [])) : [],
      );
      expect(images).toHaveLength(pastedImages);
      for (const { attachment } of images) {
        expect(attachment).toMatchObject({ attachmentId: expect.stringMatching(/^inline:sha256:[0-9a-f]{64}$/) as unknown, mediaType: 'image/png' });
        expect(attachment.width * attachment.height).toBeGreaterThan(1);
      }
    });

    it('shows no base64 in any text', () => {
      const texts = shownTexts(replay().conversation.items);
      const data = imageData(lines());
      expect(data.length).toBeGreaterThanOrEqual(pastedImages);
      for (const shown of texts) {
        expect(data.some((bytes) => shown.includes(bytes.slice(0, 64)))).toBe(false);
        expect(shown).not.toMatch(/[A-Za-z0-9+/]{400,}/);
      }
    });
  });

  it('counts the 1.0.43 file’s thinking blocks, system lines and meta line as other records', () => {
    const snapshot = feed(parsedLines(EXPECTED[0].file)).snapshot();
    expect(snapshot.otherEvents).toEqual([
      { type: 'thinking', count: 9 },
      { type: 'system', count: 8 },
      { type: 'meta', count: 1 },
    ]);
  });

  it('reads the 2.0.5 file’s one-block-per-line replies as one message per reply segment', () => {
    const lines = parsedLines(EXPECTED[1].file);
    const items = feed(lines).snapshot().conversation.items;
    const assistantKeys = items.flatMap((item) => (item.kind === 'message' && item.role === 'assistant' ? [item.key] : []));
    const assistantTextLines = lines.filter(
      (line) => JSON.stringify(line).includes('"role":"assistant","model"') && JSON.stringify(line).includes('"type":"text"'),
    );
    // Replies whose text spans several lines read as one message each.
    expect(assistantKeys.length).toBeLessThanOrEqual(assistantTextLines.length);
    expect(assistantKeys.every((key) => /^msg_[A-Za-z0-9]+:\d+$/.test(key))).toBe(true);
  });
});
