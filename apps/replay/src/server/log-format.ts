import { open } from 'node:fs/promises';

import { AgentLogReader } from '@toolcard/ui-tool-image/model';

/** Enough of a file for its format to show (our own log's header is its first line). */
const SNIFF_BYTES = 64 * 1024;

/**
 * True when the file is our own session log, as the viewer's reader tells it from the content of
 * its first bytes. Another agent's file, an empty or missing one, or one not recognisable yet is false.
 */
export async function isToolcardLog(logPath: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(logPath, 'r');
  } catch (cause) {
    // Gone since the command line was checked: the spool waits for whatever comes back.
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw cause;
  }
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    const reader = new AgentLogReader();
    reader.append(new TextDecoder('utf-8').decode(buffer.subarray(0, bytesRead), { stream: true }));
    if (bytesRead < SNIFF_BYTES) reader.end();
    return reader.snapshot().format === 'toolcard';
  } finally {
    await handle.close();
  }
}
