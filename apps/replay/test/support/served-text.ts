import { readFile } from 'node:fs/promises';

import { openServedLog } from '../../src/server/served-log.ts';

/** The text a served log carries: our own log as it is; another agent's file as the spool copies it (inline images moved out, subagent files framed in). */
export async function servedText(file: string): Promise<string> {
  const served = await openServedLog(file, undefined);
  try {
    served.follow(() => undefined);
    while (!served.firstPass.done) await new Promise((resolve) => setTimeout(resolve, 20));
    return await readFile(served.session.tail.path, 'utf8');
  } finally {
    await served.close();
  }
}
