import fc from 'fast-check';
import { base64Of, workspaceImage } from '../fixture-images';

/** Base64 of a real image, hidden in generated items: a replay must show it as an image or not at all, never as text. */
export const IMAGE_BASE64 = base64Of(workspaceImage('images/spinner.gif'));

/** Any UTF-16 code unit, lone surrogates included. */
export const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) });
export const json = fc.jsonValue();

const callId = fc.oneof(fc.constantFrom('a', 'b', 'c'), json);
const imageUrl = fc.oneof(
  fc.constantFrom(
    `data:image/gif;base64,${IMAGE_BASE64}`,
    null,
    'https://cdn.example/a.png',
    'file:///a.jpeg',
    'data:image/png;base64,AAAA',
    'data:,x',
    'data:',
  ),
  anyText,
  json,
);
const text = fc.oneof(anyText, json, fc.constantFrom('<image name=[Image #1]>', '</image>', '<environment_context>x</environment_context>'));
const contentItem = fc.oneof(
  fc.record({ type: fc.constantFrom('input_text', 'output_text', 'text', 'summary_text'), text }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('input_image'), image_url: imageUrl, file_id: fc.oneof(anyText, json), detail: json }, { requiredKeys: ['type'] }),
  fc.record(
    {
      type: fc.constantFrom('input_file', 'refusal', 'encrypted_content', 'image', 'resource_link', 'audio', 'computer_screenshot'),
      refusal: text,
      data: fc.oneof(fc.constant(IMAGE_BASE64), json),
      mimeType: fc.oneof(fc.constant('image/gif'), json),
      uri: fc.oneof(fc.constant('https://cdn.example/b.webp'), json),
      filename: text,
      image_url: imageUrl,
    },
    { requiredKeys: ['type'] },
  ),
  json,
);
const content = fc.oneof({ arbitrary: fc.array(contentItem, { maxLength: 4 }), weight: 3 }, text);
const output = fc.oneof(
  { arbitrary: content, weight: 2 },
  fc.constantFrom('attached local image path', 'Process exited with code 1\nOutput:\nno', 'Exit code: 0\nOutput:\n'),
  fc.record({ output: text, metadata: fc.record({ exit_code: json }) }).map((value) => JSON.stringify(value)),
  fc.record({ content: fc.array(contentItem, { maxLength: 3 }), isError: json }).map((value) => JSON.stringify(value)),
  fc.array(contentItem, { maxLength: 3 }).map((value) => JSON.stringify(value)),
  contentItem,
  json,
);

/** Responses items, biased towards well-formed ones so that pairing, images and harness rules are reached often. */
export const responseItem = fc.oneof(
  {
    arbitrary: fc.record(
      {
        type: fc.oneof(fc.constant('message'), fc.constant(undefined)),
        role: fc.oneof(fc.constantFrom('user', 'assistant', 'developer', 'system'), json),
        content,
      },
      { requiredKeys: ['role'] },
    ),
    weight: 3,
  },
  {
    arbitrary: fc.record(
      {
        type: fc.constantFrom('function_call', 'custom_tool_call', 'local_shell_call', 'tool_search_call'),
        call_id: callId,
        id: callId,
        name: fc.oneof(fc.constantFrom('view_image', 'shell', 'read_image'), json),
        arguments: fc.oneof(fc.constant('{"path":"a.gif"}'), anyText, json),
        input: fc.oneof(anyText, json),
        action: json,
      },
      { requiredKeys: ['type'] },
    ),
    weight: 3,
  },
  {
    arbitrary: fc.record(
      {
        type: fc.constantFrom('function_call_output', 'custom_tool_call_output', 'local_shell_call_output', 'tool_search_output'),
        call_id: callId,
        output,
        tools: json,
      },
      { requiredKeys: ['type'] },
    ),
    weight: 3,
  },
  fc.record(
    {
      type: fc.constantFrom('web_search_call', 'image_generation_call'),
      id: callId,
      status: fc.oneof(fc.constantFrom('completed', 'failed', 'in_progress', 'generating'), json),
      result: fc.oneof(fc.constant(IMAGE_BASE64), anyText, json),
      revised_prompt: json,
      action: json,
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { type: fc.oneof(fc.constantFrom('reasoning', 'ghost_snapshot', 'compaction'), anyText), encrypted_content: anyText, summary: json },
    { requiredKeys: ['type'] },
  ),
  json,
);
