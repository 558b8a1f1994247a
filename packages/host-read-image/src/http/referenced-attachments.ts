/**
 * The attachment ids of every image block — `{type:"image", attachment:{attachmentId}}` —
 * anywhere in a session log: tool results, nested dispatch content, user, deferred and
 * assistant messages alike. Lines that do not parse (including a truncated last line) are
 * skipped.
 */
export function referencedAttachmentIds(logText: string): Set<string> {
  const ids = new Set<string>();
  for (const line of logText.split('\n')) {
    // An explicit stack: a hostile log can nest deeper than the call stack allows.
    const pending: unknown[] = [parseLine(line)];
    while (pending.length > 0) {
      const value = pending.pop();
      if (typeof value !== 'object' || value === null) continue;
      const id = imageAttachmentId(value);
      if (id !== undefined) ids.add(id);
      for (const child of Object.values(value)) pending.push(child);
    }
  }
  return ids;
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function imageAttachmentId(value: object): string | undefined {
  if (!('type' in value) || value.type !== 'image' || !('attachment' in value)) return undefined;
  const { attachment } = value;
  if (typeof attachment !== 'object' || attachment === null || !('attachmentId' in attachment)) return undefined;
  return typeof attachment.attachmentId === 'string' ? attachment.attachmentId : undefined;
}
