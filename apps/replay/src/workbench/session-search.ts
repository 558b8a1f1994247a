import { createReadStream } from 'node:fs';

/** One session as a search sees it: where its search text is, and its notes' text (lowercased). */
export interface Searchable {
  readonly id: string;
  readonly textPath: string;
  readonly notesText: string;
}

/** Text files scanned at once. */
const CONCURRENT_SCANS = 4;
const SCAN_CHUNK_BYTES = 1 << 20;

/** True when the text file holds `needle` (lowercase); streamed, the end of each chunk kept to find a match across two. A file that cannot be read holds nothing. */
async function fileHolds(textPath: string, needle: string, chunkBytes: number): Promise<boolean> {
  let carry = '';
  try {
    for await (const chunk of createReadStream(textPath, { encoding: 'utf8', highWaterMark: chunkBytes })) {
      const text = carry + (chunk as string);
      if (text.includes(needle)) return true;
      carry = text.slice(-(needle.length - 1) || text.length);
    }
  } catch {
    return false;
  }
  return false;
}

/**
 * The ids of the sessions whose search text (prompts, arguments, results: see searchTextOf) or
 * review notes hold `query`, case-insensitively, in the order given. The texts are scanned from
 * disk, never all in memory; an empty query holds everywhere.
 */
export async function sessionsHolding(query: string, sessions: readonly Searchable[], chunkBytes = SCAN_CHUNK_BYTES): Promise<string[]> {
  const needle = query.toLowerCase();
  if (needle === '') return sessions.map((session) => session.id);
  const holds = new Array<boolean>(sessions.length).fill(false);
  let next = 0;
  const scan = async () => {
    for (let index = next++; index < sessions.length; index = next++) {
      const session = sessions[index];
      if (session !== undefined) holds[index] = session.notesText.includes(needle) || (await fileHolds(session.textPath, needle, chunkBytes));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_SCANS }, scan));
  return sessions.filter((_session, index) => holds[index]).map((session) => session.id);
}
