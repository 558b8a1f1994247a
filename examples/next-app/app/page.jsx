// A React Server Component: parses the session log on the server with the pure `./model` entry
// (no React in its graph) and hands the parsed log to a client component.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSessionLog } from '@toolcard/ui-tool-image/model';
import { Replay } from './replay';

export default async function Page() {
  const log = parseSessionLog(await readFile(path.join(process.cwd(), 'session.jsonl'), 'utf8'));
  return (
    <main>
      <h1>Session replay</h1>
      <Replay log={log} />
    </main>
  );
}
