import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolRowModel, type OutputPart, type ToolCallNode } from '../../../src/model';
import { onlyRoot, RED_PNG_REF, toolCallEvent, toolResultEvent, UNNAMED_RED_PNG_REF } from '../builders';

const LOGIN_REF = {
  attachmentId: 'sha256:4a77ca9f351c1dba3c40117359309c9fabfe7c412c4db271a5031337a218e3cc',
  mediaType: 'image/png',
  bytes: 7190,
  width: 640,
  height: 400,
  name: 'login-screen.png',
} as const;

const SPINNER_REF = {
  attachmentId: 'sha256:2cc71d1d64de9ed7bf387c2001ef8db993cd5b8199b7c27152321a0527aca13c',
  mediaType: 'image/png',
  bytes: 187,
  width: 48,
  height: 48,
  name: 'spinner.gif',
} as const;

/** What `run_code` printed for `read_image` values in the 08 fixture. */
const PROGRAM_VALUES = [
  { path: '/home/qa/project/screenshots/login-screen.png', image: LOGIN_REF },
  { path: '/home/qa/project/images/spinner.gif', image: SPINNER_REF },
];

function outputOfTexts(...texts: string[]): readonly OutputPart[] {
  const content = texts.map((text) => ({ type: 'text', text }));
  const node: ToolCallNode = onlyRoot([toolCallEvent('prog', 'run_code', '{"code":"…"}'), toolResultEvent('prog', content)]);
  return toolRowModel(node).output ?? [];
}

function outputOfText(text: string): OutputPart {
  const [part, ...rest] = outputOfTexts(text);
  if (part === undefined || rest.length > 0) throw new Error('expected one part');
  return part;
}

/** A part as text, with placeholders written `<name WxH>` so the layout can be compared exactly. */
function flatten(part: OutputPart): string {
  switch (part.kind) {
    case 'text':
      return part.text;
    case 'image':
      return `<${part.name ?? ''} ${part.width}x${part.height}>`;
    case 'json-with-images':
      return part.segments.map(flatten).join('');
    default:
      return `<${part.kind}>`;
  }
}

function textSegments(part: OutputPart): string[] {
  return part.kind === 'json-with-images' ? part.segments.flatMap((segment) => (segment.kind === 'text' ? [segment.text] : [])) : [];
}

describe('toolRowModel: JSON text with attachment references', () => {
  it('pretty-prints the run_code values of read_image with each reference as an image placeholder', () => {
    const part = outputOfText(JSON.stringify(PROGRAM_VALUES));
    expect(part).toEqual({
      kind: 'json-with-images',
      segments: [
        { kind: 'text', text: '[\n  {\n    "path": "/home/qa/project/screenshots/login-screen.png",\n    "image": ' },
        { kind: 'image', name: 'login-screen.png', width: 640, height: 400 },
        { kind: 'text', text: '\n  },\n  {\n    "path": "/home/qa/project/images/spinner.gif",\n    "image": ' },
        { kind: 'image', name: 'spinner.gif', width: 48, height: 48 },
        { kind: 'text', text: '\n  }\n]' },
      ],
    });
    expect(JSON.stringify(part)).not.toMatch(/attachmentId|sha256|mediaType|bytes/);
  });

  it('finds references at any depth and indents around them', () => {
    const value = { run: { outputs: [[], {}, { shots: [RED_PNG_REF, { nested: { deeper: [UNNAMED_RED_PNG_REF] } }] }] } };
    expect(flatten(outputOfText(JSON.stringify(value)))).toBe(
      [
        '{',
        '  "run": {',
        '    "outputs": [',
        '      [],',
        '      {},',
        '      {',
        '        "shots": [',
        '          <red.png 1x1>,',
        '          {',
        '            "nested": {',
        '              "deeper": [',
        '                < 1x1>',
        '              ]',
        '            }',
        '          }',
        '        ]',
        '      }',
        '    ]',
        '  }',
        '}',
      ].join('\n'),
    );
  });

  it('a top-level reference becomes the placeholder alone', () => {
    expect(outputOfText(`  ${JSON.stringify(RED_PNG_REF)}\n`)).toEqual({
      kind: 'json-with-images',
      segments: [{ kind: 'image', name: 'red.png', width: 1, height: 1 }],
    });
  });

  it('keeps key order and every other value, primitives written as JSON', () => {
    const value = { zeta: 1.5, alpha: null, shot: RED_PNG_REF, mid: [true, false, -0.25e-7, ''], hostile: '<script>alert("x")</script>\u2028\\', last: 'é' };
    expect(flatten(outputOfText(JSON.stringify(value)))).toBe(
      [
        '{',
        '  "zeta": 1.5,',
        '  "alpha": null,',
        '  "shot": <red.png 1x1>,',
        '  "mid": [',
        '    true,',
        '    false,',
        '    -2.5e-8,',
        '    ""',
        '  ],',
        '  "hostile": "<script>alert(\\"x\\")</script>\u2028\\\\",',
        '  "last": "é"',
        '}',
      ].join('\n'),
    );
  });

  it.each([
    ['without attachmentId', { ...RED_PNG_REF, attachmentId: undefined }],
    ['without width', { ...RED_PNG_REF, width: undefined }],
    ['with a non-image media type', { ...RED_PNG_REF, mediaType: 'image/svg+xml' }],
    ['with a non-integer size', { ...RED_PNG_REF, bytes: 1.5 }],
    ['with a malformed originalDimensions', { ...RED_PNG_REF, originalDimensions: { width: 0, height: 1 } }],
  ])('an object shaped like a reference but %s stays JSON (the text verbatim)', (_, lookalike) => {
    const text = JSON.stringify([{ image: lookalike }]);
    expect(outputOfText(text)).toEqual({ kind: 'text', text });
  });

  it('next to a real reference, a lookalike is printed as JSON while the reference becomes a placeholder', () => {
    const lookalike = { ...RED_PNG_REF, height: 0 };
    const segments = textSegments(outputOfText(JSON.stringify([RED_PNG_REF, lookalike])));
    expect(segments.join('')).toBe(`[\n  ,\n  ${JSON.stringify(lookalike, null, 2).replaceAll('\n', '\n  ')}\n]`);
  });

  it('leaves text that is not JSON, or JSON without references, exactly as recorded', () => {
    const texts = [
      'plain output',
      '',
      '   ',
      '[not json',
      `${JSON.stringify(PROGRAM_VALUES)} trailing`,
      JSON.stringify(PROGRAM_VALUES).slice(0, -1),
      '{"a":1,"b":[1,2]}',
      '[\n1,\n2\n]',
      ' {"compact":"stays compact"} ',
      '"a JSON string"',
      JSON.stringify(RED_PNG_REF.attachmentId),
      '42',
      'null',
    ];
    expect(outputOfTexts(...texts)).toEqual(texts.map((text) => ({ kind: 'text', text })));
  });

  it('a JSON text over 1 MiB stays text; one just under it is still read', () => {
    const MIB = 1024 * 1024;
    const padded = (length: number): string => {
      const head = JSON.stringify({ image: RED_PNG_REF, padding: '' });
      return `${head.slice(0, -2)}${'x'.repeat(length - head.length)}"}`;
    };
    const over = padded(MIB + 1);
    const under = padded(MIB);
    expect(over).toHaveLength(MIB + 1);
    expect(under).toHaveLength(MIB);
    expect(outputOfText(over)).toEqual({ kind: 'text', text: over });
    expect(outputOfText(under).kind).toBe('json-with-images');
  });

  it('JSON nested deeper than the printer goes stays text instead of throwing', () => {
    const deep = `${'['.repeat(100_000)}${JSON.stringify(RED_PNG_REF)}${']'.repeat(100_000)}`;
    expect(outputOfText(deep)).toEqual({ kind: 'text', text: deep });
    const shallow = `${'['.repeat(200)}${JSON.stringify(RED_PNG_REF)}${']'.repeat(200)}`;
    expect(flatten(outputOfText(shallow))).toContain(`${' '.repeat(400)}<red.png 1x1>`);
  });

  it('gives one part per block: the JSON block among plain ones', () => {
    const output = outputOfTexts('before', JSON.stringify([RED_PNG_REF]), 'after');
    expect(output.map((part) => part.kind)).toEqual(['text', 'json-with-images', 'text']);
  });

  it('is memoised with the row: the same node yields the identical parts', () => {
    const node = onlyRoot([toolCallEvent('p', 'run_code', '{}'), toolResultEvent('p', [{ type: 'text', text: JSON.stringify(PROGRAM_VALUES) }])]);
    expect(toolRowModel(node).output).toBe(toolRowModel(node).output);
  });
});

describe('properties: JSON with references', () => {
  const REFERENCE: fc.JsonValue = { ...RED_PNG_REF };
  const withReferences = fc.letrec<{ value: fc.JsonValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.jsonValue({ maxDepth: 1 }),
      fc.constant(REFERENCE),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

  function referencesAsNull(value: fc.JsonValue): fc.JsonValue {
    if (value === REFERENCE) return null;
    if (Array.isArray(value)) return value.map(referencesAsNull);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, referencesAsNull(item ?? null)]));
    return value;
  }

  it('prints like JSON.stringify(value, null, 2) with each reference as a placeholder, and never the reference', () => {
    let withPlaceholders = 0;
    fc.assert(
      fc.property(withReferences, (value) => {
        const text = JSON.stringify(value);
        const part = outputOfText(text);
        if (!text.includes('attachmentId')) {
          expect(part).toEqual({ kind: 'text', text });
          return;
        }
        withPlaceholders += 1;
        expect(part.kind).toBe('json-with-images');
        expect(textSegments(part).join('')).not.toContain('attachmentId');
        expect(flatten(part).replaceAll('<red.png 1x1>', 'null')).toBe(JSON.stringify(referencesAsNull(value), null, 2));
      }),
      { numRuns: 300 },
    );
    // The generator must reach references, not only plain JSON.
    expect(withPlaceholders).toBeGreaterThan(50);
  });
});
