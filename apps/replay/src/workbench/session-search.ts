import { createReadStream } from 'node:fs';

/** One session as a search sees it: the file whose text after its first line is its search text (a summary's entry), and its notes' text (lowercased). */
export interface Searchable {
  readonly id: string;
  readonly textPath: string;
  readonly notesText: string;
}

/** Text files scanned at once. */
const CONCURRENT_SCANS = 4;
/** A stream allocates this much for each read whatever the file's size: texts average ~30 kB. */
const SCAN_CHUNK_BYTES = 64 << 10;

/**
 * True when the file's text after its first line holds `needle` (lowercase); streamed, the end of
 * each chunk kept to find a match across two. The first line is found in the stream, not at an
 * offset known before: an entry replaced meanwhile is read whole as the other version. A file that
 * cannot be read holds nothing.
 */
async function fileHolds(textPath: string, needle: string, chunkBytes: number): Promise<boolean> {
  let carry = '';
  let inFirstLine = true;
  try {
    for await (const chunk of createReadStream(textPath, { encoding: 'utf8', highWaterMark: chunkBytes })) {
      let read = chunk as string;
      if (inFirstLine) {
        const end = read.indexOf('\n');
        if (end === -1) continue;
        inFirstLine = false;
        read = read.slice(end + 1);
      }
      const text = carry + read;
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
