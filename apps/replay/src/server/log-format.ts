import { open } from 'node:fs/promises';

import { AgentLogReader } from '@toolcard/ui-tool-image/model';

import { watchFile } from './file-watch.ts';

/** Enough of a file for its format to show (our own log's header is its first line). */
const SNIFF_BYTES = 64 * 1024;

/** What a file's first bytes say: our own session log, another's file, or nothing yet to tell by. */
export type LogKind = 'toolcard' | 'other' | 'empty';

/**
 * What the file is, as the viewer's reader tells it from the content of its first bytes: `empty`
 * while it is missing or holds only white space; `other` for another agent's file or one of no
 * format it knows.
 */
export async function sniffLogKind(logPath: string): Promise<LogKind> {
  let handle;
  try {
    handle = await open(logPath, 'r');
  } catch (cause) {
    // Gone since the command line was checked: as empty, until it comes back.
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return 'empty';
    throw cause;
  }
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    const text = new TextDecoder('utf-8').decode(buffer.subarray(0, bytesRead), { stream: true });
    if (text.trim() === '') return 'empty';
    const reader = new AgentLogReader();
    reader.append(text);
    if (bytesRead < SNIFF_BYTES) reader.end();
    return reader.snapshot().format === 'toolcard' ? 'toolcard' : 'other';
  } finally {
    await handle.close();
  }
}

/** The file's kind once it holds something (watched as the log is); rejects when it cannot be read. */
export function kindOnceWritten(logPath: string): Promise<Exclude<LogKind, 'empty'>> {
  return new Promise((resolve, reject) => {
    const stop = watchFile(
      logPath,
      async () => {
        const kind = await sniffLogKind(logPath);
        if (kind === 'empty') return;
        stop();
        resolve(kind);
      },
      {
        onError: (error) => {
          stop();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      },
    );
  });
}
