import {
  AgentLogReader,
  parseSessionLogInWorker,
  readAgentLog,
  SessionReplay,
  ToolCardProvider,
  type AgentLog,
  type Locale,
  type ParsedSessionLog,
  type ParseProgress,
} from '@toolcard/ui-tool-image';
import ParseWorker from '@toolcard/ui-tool-image/parse-worker?worker';
import { useId, useMemo, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { blobLoader } from '../support/attachment-store';
import { sha256Id } from '../support/content-address';
import { LogReplay } from './log-replay';

interface OpenedLog {
  readonly name: string;
  readonly subagentFiles: number;
  /** Our own log (stepped through), or another agent's session read whole. */
  readonly log: ParsedSessionLog | AgentLog;
}

/** Enough of a file's start to tell its format. */
const FORMAT_PROBE_BYTES = 64 * 1024;

/** Logs larger than this are parsed in a Web Worker, with a progress bar: the page stays responsive. */
export const WORKER_PARSE_BYTES = 2 * 1024 * 1024;

function isLogFile(file: File): boolean {
  return file.name.endsWith('.jsonl') || file.name.endsWith('.json');
}

/** A Claude Code subagent's own file, as the agent names it. */
function isSubagentFile(file: File): boolean {
  return /^agent-.+\.jsonl$/.test(file.name);
}

/** Among the session files chosen or dropped together: the session's, and its subagents' (alone, a subagent's file is the session). */
function sessionAndSubagents(files: readonly File[]): { readonly session: File; readonly subagents: File[] } | undefined {
  const logs = files.filter(isLogFile);
  const session = logs.find((file) => !isSubagentFile(file)) ?? logs[0];
  return session === undefined ? undefined : { session, subagents: logs.filter((file) => file !== session && isSubagentFile(file)) };
}

/** Another agent's session file, read chunk by chunk as it streams from disk, then its subagents' files. */
async function readAgentLogFile(file: Blob, subagents: readonly File[]): Promise<AgentLog> {
  const reader = new AgentLogReader();
  const decoder = new TextDecoder();
  const stream = file.stream().getReader();
  for (;;) {
    const { done, value } = await stream.read();
    if (done) break;
    reader.append(decoder.decode(value, { stream: true }));
  }
  reader.append(decoder.decode());
  for (const subagent of subagents) reader.appendSubagent(subagent.name, await subagent.text());
  reader.end();
  return reader.snapshot();
}

/** Our own format: its parsed log, which steps; any other: the session read whole. */
function shownLog(log: AgentLog): ParsedSessionLog | AgentLog {
  return log.session ?? log;
}

/**
 * The files a person just chose, read from the input at change time. The input is then emptied:
 * choosing the same file again (a log rewritten on disk, an attachment picked twice) is a change
 * again, and nothing of this selection lingers for the next one to read.
 */
function takeChosenFiles(event: ChangeEvent<HTMLInputElement>): File[] {
  const input = event.currentTarget;
  const files = Array.from(input.files ?? []);
  input.value = '';
  return files;
}

/**
 * Replays a log QA picks from disk, with the attachment object files they supply. Files are matched
 * to attachment ids by the sha256 of their bytes (content-addressed; names do not matter). Nothing
 * leaves the browser: the files are read and hashed here, and the loader serves their blobs.
 */
export function OpenLog({ locale = 'en' }: { readonly locale?: Locale }): ReactNode {
  const logInputId = useId();
  const attachmentsInputId = useId();
  const [opened, setOpened] = useState<OpenedLog | null>(null);
  const [blobs, setBlobs] = useState<ReadonlyMap<string, Blob>>(() => new Map());
  const [dragging, setDragging] = useState(false);
  const loadImage = useMemo(() => blobLoader(blobs), [blobs]);
  /** Reading a file takes a moment: only the log chosen last is opened, whichever read finishes first. */
  const lastLogChosen = useRef<File | null>(null);
  const [progress, setProgress] = useState<ParseProgress | null>(null);

  async function readLog(file: File, subagents: readonly File[]): Promise<ParsedSessionLog | AgentLog> {
    if (subagents.length > 0) return shownLog(await readAgentLogFile(file, subagents));
    if (file.size <= WORKER_PARSE_BYTES) return shownLog(readAgentLog(await file.text()));
    // Only our own format has a worker of its own; another agent's file is read here, as it streams.
    if (readAgentLog(await file.slice(0, FORMAT_PROBE_BYTES).text()).format !== 'toolcard') return shownLog(await readAgentLogFile(file, []));
    setProgress({ bytesRead: 0, totalBytes: file.size });
    try {
      return await parseSessionLogInWorker(file, {
        createWorker: () => new ParseWorker(),
        onProgress: (next) => {
          if (lastLogChosen.current === file) setProgress(next);
        },
      });
    } finally {
      if (lastLogChosen.current === file) setProgress(null);
    }
  }

  /** The session file among `files`, read with its subagents' files (Claude Code's `agent-<id>.jsonl`) chosen with it. */
  async function openLog(files: readonly File[]): Promise<void> {
    const chosen = sessionAndSubagents(files);
    if (chosen === undefined) return;
    const { session, subagents } = chosen;
    lastLogChosen.current = session;
    const log = await readLog(session, subagents);
    if (lastLogChosen.current === session) setOpened({ name: session.name, subagentFiles: subagents.length, log });
  }

  async function addAttachments(files: readonly File[]): Promise<void> {
    const hashed = await Promise.all(files.map(async (file) => [await sha256Id(file), file] as const));
    setBlobs((previous) => new Map([...previous, ...hashed]));
  }

  function onDrop(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    void openLog(files);
    void addAttachments(files.filter((file) => !isLogFile(file)));
  }

  const log = opened?.log ?? null;

  return (
    <div className="open-log">
      <div
        className="open-log__drop"
        data-dragging={dragging}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          // Moving onto one of the zone's own children is not leaving it.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        style={{ border: `2px dashed ${dragging ? '#0b57d0' : '#767676'}`, padding: '0.75rem', marginBottom: '1rem' }}
      >
        <p>
          <label htmlFor={logInputId}>Session file (.jsonl, .json) </label>
          <input
            id={logInputId}
            type="file"
            multiple
            accept=".jsonl,.json,application/x-ndjson,application/jsonl,application/json,text/plain"
            onChange={(event) => {
              void openLog(takeChosenFiles(event));
            }}
          />
        </p>
        <p>
          <label htmlFor={attachmentsInputId}>Attachment files (any names) </label>
          <input
            id={attachmentsInputId}
            type="file"
            multiple
            onChange={(event) => {
              void addAttachments(takeChosenFiles(event));
            }}
          />
        </p>
        <p>
          Or drop a session file (ours, Claude Code with its subagents' agent-*.jsonl files, Codex, or an API message array) and attachment files here. Nothing
          is uploaded: files stay in this browser.
        </p>
        {progress === null ? null : (
          <p>
            <label htmlFor={`${logInputId}-progress`}>Reading the log </label>
            <progress id={`${logInputId}-progress`} className="open-log__progress" value={progress.bytesRead} max={progress.totalBytes} />
          </p>
        )}
        <p className="open-log__status" role="status">
          {opened === null ? 'No log opened.' : `Log: ${opened.name}${opened.subagentFiles > 0 ? ` with ${opened.subagentFiles} subagent file(s)` : ''}.`}{' '}
          {`${blobs.size} attachment file(s) supplied.`}
        </p>
      </div>
      {log !== null && (
        // Keyed by the supplied files: a new set of attachments starts with a fresh image cache.
        <ToolCardProvider key={`${opened?.name ?? ''}:${[...blobs.keys()].join(',')}`} loadImage={loadImage} locale={locale}>
          {'conversation' in log ? <SessionReplay log={log} /> : <LogReplay log={log} />}
        </ToolCardProvider>
      )}
    </div>
  );
}
