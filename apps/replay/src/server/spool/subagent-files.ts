import { open, readdir } from 'node:fs/promises';
import path from 'node:path';

import { FRAME_MARK } from '../../../viewer/subagent-frames.ts';

/** A subagent file of the session: where it is, and the name the viewer knows it by. */
export interface SubagentFile {
  readonly path: string;
  readonly name: string;
}

/** Claude Code's name for a subagent's file (and one a frame can carry: no frame mark, no line break). */
const AGENT_FILE = /^agent-[^/\r\n]+\.jsonl$/;

/** True for a name Claude Code gives a subagent's file (`agent-<id>.jsonl`). */
export function isSubagentFileName(name: string): boolean {
  return AGENT_FILE.test(name);
}

/** How much of an agent file beside the transcript is read for its first line (a prompt, never an image). */
const HEAD_BYTES = 64 * 1024;

/** `false`: not this session's. */
type Verdict = boolean;

/**
 * Finds a Claude Code session's subagent files (FORMATS.md §1): 2.1.x writes them in
 * `<sessionId>/subagents/` beside the transcript; older versions write `agent-<id>.jsonl` beside it,
 * among those of every other session in the project, so such a file is the session's only when its
 * first line names the session (`sessionId`). The session is the one the transcript's name gives
 * (`<sessionId>.jsonl`), as Claude Code names it. A folder or file that cannot be read is none.
 */
export class SubagentFiles {
  private readonly folder: string;
  private readonly subagentsFolder: string;
  private readonly sessionId: string;
  /** Agent files beside the transcript whose first line was read. */
  private readonly verdicts = new Map<string, Verdict>();

  constructor(transcriptPath: string) {
    this.folder = path.dirname(transcriptPath);
    this.sessionId = path.basename(transcriptPath, '.jsonl');
    this.subagentsFolder = path.join(this.folder, this.sessionId, 'subagents');
  }

  /** The session's subagent files as the folders hold them now. */
  async list(): Promise<SubagentFile[]> {
    const files = new Map<string, SubagentFile>();
    for (const name of await agentFileNames(this.subagentsFolder)) files.set(name, { path: path.join(this.subagentsFolder, name), name });
    for (const name of await agentFileNames(this.folder)) {
      const filePath = path.join(this.folder, name);
      if (!files.has(name) && (await this.ofSession(name, filePath))) files.set(name, { path: filePath, name });
    }
    return [...files.values()];
  }

  private async ofSession(name: string, filePath: string): Promise<boolean> {
    let verdict = this.verdicts.get(name);
    if (verdict === undefined) {
      const sessionId = await firstLineSessionId(filePath);
      // No whole first line yet: asked again on the next poll.
      if (sessionId === undefined) return false;
      verdict = sessionId === this.sessionId;
      this.verdicts.set(name, verdict);
    }
    return verdict;
  }
}

async function agentFileNames(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => AGENT_FILE.test(name) && !name.includes(FRAME_MARK)).sort();
  } catch {
    return [];
  }
}

/** The `sessionId` the file's first line names (null: none), or undefined while that line is not whole (or the file not readable). */
async function firstLineSessionId(filePath: string): Promise<string | null | undefined> {
  let head: string;
  let full: boolean;
  try {
    const handle = await open(filePath, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
      head = buffer.toString('utf8', 0, bytesRead);
      full = bytesRead === HEAD_BYTES;
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
  const end = head.indexOf('\n');
  if (end === -1) return full ? null : undefined;
  try {
    const line = JSON.parse(head.slice(0, end)) as unknown;
    return typeof line === 'object' && line !== null && 'sessionId' in line && typeof line.sessionId === 'string' ? line.sessionId : null;
  } catch {
    return null;
  }
}
