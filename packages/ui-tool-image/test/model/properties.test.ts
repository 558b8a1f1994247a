import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildToolCalls,
  explainImageCard,
  IMAGE_CARD_DECLINE_REASONS,
  IMAGE_MEDIA_TYPES,
  imageCardModel,
  REPLAYED_EVENT_TYPES,
  parseSessionLog,
  toolRowModel,
  type OutputPart,
  type ToolCallNode,
  type ToolResult,
  type ToolRowModel,
} from '../../src/model';
import { narrowAttachmentRef } from '../../src/model/content-blocks';
import { allNodes, CWD, envelopeText, headerLine, HOME, RED_PNG_REF } from './builders';

/** Any UTF-16 code unit, lone surrogates included. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) });
const json = fc.jsonValue();
const id = fc.oneof(fc.constantFrom('a', 'b', 'c', ''), json);

const attachment = fc.record(
  {
    attachmentId: fc.oneof(fc.constant(RED_PNG_REF.attachmentId), anyText, json),
    mediaType: fc.oneof(fc.constantFrom(...IMAGE_MEDIA_TYPES), anyText),
    bytes: fc.oneof(fc.integer({ min: -1, max: 100 }), json),
    width: fc.oneof(fc.integer({ min: -1, max: 100 }), fc.double()),
    height: fc.oneof(fc.integer({ min: -1, max: 100 }), json),
    name: fc.oneof(anyText, json),
    originalDimensions: fc.oneof(fc.record({ width: fc.integer({ min: -1, max: 9 }), height: fc.integer({ min: -1, max: 9 }) }), json),
  },
  { requiredKeys: [] },
);
const block = fc.oneof(
  fc.constant({ type: 'text', text: envelopeText() }),
  fc.constant({ type: 'image', attachment: RED_PNG_REF }),
  anyText.map((text) => ({ type: 'text', text })),
  // A program's printed values, references among them (a run_code result).
  fc.array(fc.oneof(fc.constant(RED_PNG_REF), attachment, json), { maxLength: 3 }).map((values) => ({ type: 'text', text: JSON.stringify(values) })),
  attachment.map((ref) => ({ type: 'image', attachment: ref })),
  json,
);
const content = fc.oneof(fc.array(block, { maxLength: 4 }), json);
const argumentsValue = fc.oneof(
  anyText,
  json,
  fc.record({ file_path: fc.oneof(fc.constant('red.png'), anyText, json) }),
  fc.record({ file_path: fc.oneof(fc.constant('red.png'), anyText) }).map((args) => JSON.stringify(args)),
);
const meta = fc.oneof(fc.record({ path: fc.oneof(fc.constant(`${CWD}/red.png`), anyText, json) }), json);

const toolEventData = fc.record(
  {
    callId: id,
    subCallId: id,
    parentCallId: id,
    rootCallId: id,
    name: fc.oneof(fc.constantFrom('read_image', 'read', 'run_code'), json),
    arguments: argumentsValue,
    message: fc.oneof(
      fc.record(
        {
          source: fc.record({ callId: id }, { requiredKeys: [] }),
          content: fc.oneof(
            fc.tuple(fc.record({ type: fc.constant('tool-result'), toolCallId: id, content, isError: fc.oneof(fc.boolean(), json) }, { requiredKeys: [] })),
            json,
          ),
        },
        { requiredKeys: [] },
      ),
      json,
    ),
    content,
    isError: fc.oneof(fc.boolean(), json),
    error: fc.oneof(fc.record({ name: anyText, code: fc.constantFrom('interrupted', 'aborted', 'E') }, { requiredKeys: [] }), json),
    meta,
  },
  { requiredKeys: [] },
);
const toolEventType = fc.constantFrom(
  'tool/call',
  'tool/result',
  'tool/ptc-dispatch-start',
  'tool/ptc-dispatch',
  'tool/code-dispatch-start',
  'tool/code-dispatch',
);
// Biased towards tool events, so that id collisions, orphans and repeats happen often.
const event = fc.record(
  {
    type: fc.oneof({ arbitrary: toolEventType, weight: 4 }, fc.constantFrom(...REPLAYED_EVENT_TYPES), anyText),
    data: fc.oneof({ arbitrary: toolEventData, weight: 4 }, json),
    sourceEventSeqs: fc.oneof(fc.array(fc.nat()), json),
    surfaceOp: fc.oneof(fc.constant('append'), json),
  },
  { requiredKeys: ['type', 'data'] },
);
const line = fc.oneof(
  event.map((value) => JSON.stringify(value)),
  json.map((value) => JSON.stringify(value)),
  anyText,
  fc.constant(headerLine()),
  fc.constant(''),
);
const logText = fc
  .tuple(fc.boolean(), fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([withHeader, lines, newline, trailing]) => (withHeader ? [headerLine(), ...lines] : lines).join(newline) + (trailing ? newline : ''));

// Biased towards a valid read_image node, so that the deeper branches (blocks, envelope) are reached often.
const validMeta = fc.constant({ path: `${CWD}/red.png` });
const result: fc.Arbitrary<ToolResult> = fc.record(
  {
    content: fc.array(block, { maxLength: 4 }),
    isError: fc.boolean(),
    outcome: fc.oneof({ arbitrary: fc.constant('ok' as const), weight: 3 }, fc.constantFrom('error' as const, 'stopped' as const)),
    meta: fc.oneof({ arbitrary: validMeta, weight: 3 }, meta),
  },
  { requiredKeys: ['content', 'isError', 'outcome'] },
);
const node: fc.Arbitrary<ToolCallNode> = fc
  .record({
    callId: anyText,
    kind: fc.constantFrom('top-level', 'nested'),
    name: fc.oneof({ arbitrary: fc.constant('read_image'), weight: 3 }, fc.option(anyText, { nil: null })),
    argsRaw: fc.oneof(
      { arbitrary: fc.constant('{"file_path":"red.png"}'), weight: 3 },
      fc.option(
        fc.oneof(
          anyText,
          json.map((value) => JSON.stringify(value)),
          argumentsValue.map((value) => JSON.stringify(value)),
        ),
        { nil: null },
      ),
    ),
    result: fc.option(result, { nil: undefined, freq: 4 }),
    firstEventIndex: fc.nat(),
  })
  .map(({ result: settled, ...head }): ToolCallNode =>
    settled === undefined ? { ...head, status: 'running', children: [] } : { ...head, status: 'settled', result: settled, children: [] },
  );
const options = fc.record({ cwd: fc.oneof(fc.constantFrom(CWD, '/', '', 'C:\\x'), anyText), home: fc.oneof(fc.constant(HOME), anyText) }, { requiredKeys: [] });

const reasons: ReadonlySet<string> = new Set(IMAGE_CARD_DECLINE_REASONS);

function checkImageCard(target: ToolCallNode, cardOptions: { cwd?: string; home?: string }): void {
  const explanation = explainImageCard(target, cardOptions);
  const card = imageCardModel(target, cardOptions);
  expect(explainImageCard(target, { ...cardOptions })).toBe(explanation);
  if ('declined' in explanation) {
    expect(reasons.has(explanation.declined)).toBe(true);
    expect(card).toBeNull();
  } else {
    expect(card).toBe(explanation.card);
    expect(explanation.card.label).not.toBe('');
    expect(explanation.card.images.length).toBeGreaterThan(0);
    for (const image of explanation.card.images) expect(narrowAttachmentRef(image.attachment)).toEqual(image.attachment);
  }
}

const IMAGE_PART_KEYS: ReadonlySet<string> = new Set(['kind', 'name', 'width', 'height']);

/** One output part per result block; an image part (a JSON part's included) holds validated dimensions and name, nothing else. */
function checkOutput(target: ToolCallNode, row: ToolRowModel): void {
  expect(row.output?.length).toBe(target.result?.content.length);
  const parts = (row.output ?? []).flatMap((part): readonly OutputPart[] => (part.kind === 'json-with-images' ? part.segments : [part]));
  for (const part of parts) {
    if (part.kind !== 'image') continue;
    expect(Object.keys(part).filter((key) => !IMAGE_PART_KEYS.has(key))).toEqual([]);
    expect(Number.isInteger(part.width) && part.width > 0 && Number.isInteger(part.height) && part.height > 0).toBe(true);
    if ('name' in part) expect(typeof part.name).toBe('string');
  }
}

describe('properties: never throw, always classify', () => {
  it('parseSessionLog accounts for every non-blank line and numbers events in order', () => {
    fc.assert(
      fc.property(fc.oneof(logText, anyText), (text) => {
        const { header, events, problems, otherEvents } = parseSessionLog(text);
        const lines = text.replace(/^\uFEFF/, '').split('\n');
        const accounted = new Set([...events.map((parsed) => parsed.line), ...problems.map((problem) => problem.line)]);
        const headerLineNumber = lines.findIndex((candidate) => candidate.trim() !== '') + 1;
        if (header !== null) accounted.add(headerLineNumber);
        // Skipped events of other types are only counted: every other non-blank line is an event or a problem.
        const skipped = otherEvents.reduce((sum, { count }) => sum + count, 0);
        const unaccounted = lines.filter((candidate, index) => candidate.trim() !== '' && !accounted.has(index + 1));
        // (An event in the header slot is both the "missing header" problem and, if of another type, counted.)
        expect(unaccounted.length).toBeLessThanOrEqual(skipped);
        expect(unaccounted.length).toBeGreaterThanOrEqual(skipped - 1);
        for (const problem of problems) expect(problem.line).toBeGreaterThanOrEqual(1);
        for (const problem of problems) expect(problem.line).toBeLessThanOrEqual(Math.max(lines.length, 1));
        events.forEach((parsed, index) => {
          const previous = events[index - 1];
          if (previous !== undefined) expect(parsed.seq).toBeGreaterThan(previous.seq);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('buildToolCalls builds a tree with unique ids and consistent status from arbitrary values and arbitrary events', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(fc.anything()), fc.array(event, { maxLength: 15 })), (events) => {
        const { roots } = buildToolCalls(events);
        const nodes = allNodes(roots);
        expect(nodes.length).toBeLessThanOrEqual(events.length);
        expect(new Set(nodes.map((each) => each.callId)).size).toBe(nodes.length);
        for (const each of nodes) {
          expect(each.status === 'settled').toBe(each.result !== undefined);
          for (const child of each.children) expect(child.parentCallId).toBe(each.callId);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('explainImageCard gives a card or a known reason (imageCardModel null exactly when declined) for arbitrary nodes', () => {
    let cards = 0;
    fc.assert(
      fc.property(node, options, (target, cardOptions) => {
        checkImageCard(target, cardOptions);
        if (imageCardModel(target, cardOptions) !== null) cards += 1;
      }),
      { numRuns: 500 },
    );
    // The generator must reach the card itself, not only the early declines.
    expect(cards).toBeGreaterThan(0);
  });

  it('explainImageCard and toolRowModel never throw on the nodes of parsed arbitrary logs', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            line,
            event.map((value) => JSON.stringify(value)),
          ),
          { maxLength: 15 },
        ),
        options,
        (lines, cardOptions) => {
          const { events } = parseSessionLog([headerLine(), ...lines].join('\n'));
          for (const each of allNodes(buildToolCalls(events).roots)) {
            checkImageCard(each, cardOptions);
            checkOutput(each, toolRowModel(each, cardOptions));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('toolRowModel classifies arbitrary nodes', () => {
    fc.assert(
      fc.property(node, options, (target, rowOptions) => {
        const row = toolRowModel(target, rowOptions);
        expect(['preparing', 'running', 'done', 'error', 'stopped']).toContain(row.state);
        checkOutput(target, row);
        expect(toolRowModel(target, { ...rowOptions })).toBe(row);
      }),
      { numRuns: 300 },
    );
  });
});
