// A language model that needs no network: the AI SDK's own MockLanguageModelV4, scripted. Asked
// once, it calls read_image on the image path named in the user's last message; given the
// tool's result, it answers in text. Its chunks are spaced out so a page sees the call running.
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

const IMAGE_PATH = /[\w./-]+\.(?:png|jpe?g|webp|gif|svg)\b/i;
const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};

/** @param {{chunkDelayInMs?: number}} [options] */
export function scriptedModel({ chunkDelayInMs = 150 } = {}) {
  return new MockLanguageModelV4({
    provider: 'scripted',
    modelId: 'scripted-vision',
    async doStream({ prompt }) {
      const last = prompt.at(-1);
      const chunks = last?.role === 'tool' ? answer(last) : callReadImage(lastUserText(prompt));
      return { stream: simulateReadableStream({ chunks, chunkDelayInMs }) };
    },
  });
}

function lastUserText(prompt) {
  const user = prompt.findLast((message) => message.role === 'user');
  return (user?.content ?? [])
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join(' ');
}

/** The tool call, its input streamed in pieces (the page shows the call while it arrives). */
function callReadImage(userText) {
  const filePath = IMAGE_PATH.exec(userText)?.[0] ?? 'screenshot.png';
  const id = `call-${Date.now().toString(36)}`;
  const input = JSON.stringify({ file_path: filePath });
  const pieces = [input.slice(0, 2), input.slice(2, 14), input.slice(14)];
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'tool-input-start', id, toolName: 'read_image' },
    ...pieces.map((delta) => ({ type: 'tool-input-delta', id, delta })),
    { type: 'tool-input-end', id },
    { type: 'tool-call', toolCallId: id, toolName: 'read_image', input },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage: USAGE },
  ];
}

/** A reply that says what the tool returned (the model saw the text envelope and the image). */
function answer(toolMessage) {
  const output = toolMessage.content.find((part) => part.type === 'tool-result')?.output;
  const parts = output?.type === 'content' ? output.value : [];
  const sawImage = parts.some((part) => part.type === 'file' && part.mediaType.startsWith('image/'));
  const text = sawImage
    ? 'I looked at the image: it is shown in the card above. Click it to open it full size.'
    : `I could not look at the image: ${parts.find((part) => part.type === 'text')?.text ?? 'the tool returned nothing'}`;
  const words = text.split(/(?<= )/);
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 'answer' },
    ...words.map((delta) => ({ type: 'text-delta', id: 'answer', delta })),
    { type: 'text-end', id: 'answer' },
    { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage: USAGE },
  ];
}
