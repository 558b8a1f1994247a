// The host adapter's read_image as an AI SDK tool: the same tool object (its description and
// JSON Schema, its execute), its result kept as the tool output the page renders, and the stored
// image handed to the model as a file part.
import { createReadImageTool } from '@toolcard/host-read-image';
import { jsonSchema, tool } from 'ai';

/**
 * @param {object} options
 * @param {import('@toolcard/host-read-image').ReadImageDeps} options.deps  fs, attachments, models
 * @param {string} options.cwd  where relative file paths resolve
 * @param {{provider: string, model: string}} options.route  the model route whose modalities gate images
 * @param {(attachmentId: string) => void} options.onImage  told of every stored image a call returned
 */
export function readImageAiTool({ deps, cwd, route, onImage }) {
  const readImage = createReadImageTool(deps);
  return tool({
    description: readImage.description,
    inputSchema: jsonSchema(readImage.parameters),
    async execute(input, { toolCallId, abortSignal }) {
      const result = await readImage.execute(input, { callId: toolCallId, cwd, route, signal: abortSignal });
      for (const block of result.content) if (block.type === 'image') onImage(block.attachment.attachmentId);
      // The host result as it is: the text envelope and an image block holding an attachment
      // reference (no bytes), `isError`, and `meta.path` for the card's label.
      return result;
    },
    async toModelOutput({ output }) {
      const value = [];
      for (const block of output.content) {
        if (block.type === 'text') value.push({ type: 'text', text: block.text });
        else {
          const stored = await deps.attachments.readImage(block.attachment.attachmentId);
          value.push({ type: 'file', mediaType: stored.ref.mediaType, data: { type: 'data', data: stored.data } });
        }
      }
      return { type: 'content', value };
    },
  });
}
