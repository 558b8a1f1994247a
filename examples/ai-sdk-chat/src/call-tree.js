// TEMPORARY local mapping, until `callTreeFromUIMessages` is exported by @toolcard/ui-tool-image
// (DESIGN §7): read_image tool parts whose output is the host result shape → call-tree roots.
// Replace this file's use with `import { callTreeFromUIMessages } from '@toolcard/ui-tool-image'`.
export function callTreeFromUIMessages(messages) {
  const roots = [];
  messages.forEach((message) => {
    for (const part of message.parts) {
      if (part.type !== 'tool-read_image') continue;
      roots.push({
        callId: part.toolCallId,
        kind: 'top-level',
        name: 'read_image',
        argsRaw: part.input === undefined ? null : JSON.stringify(part.input),
        children: [],
        firstEventIndex: roots.length,
        ...settled(part),
      });
    }
  });
  return { roots, problems: [] };
}

function settled(part) {
  if (part.state === 'output-available') {
    const { content, isError, meta, error } = part.output;
    return { status: 'settled', result: { content, isError, outcome: isError ? 'error' : 'ok', meta, ...(error ? { error } : {}) } };
  }
  if (part.state === 'output-error') {
    return { status: 'settled', result: { content: [{ type: 'text', text: part.errorText }], isError: true, outcome: 'error' } };
  }
  return { status: 'running' };
}
