import { appendFile } from 'node:fs/promises';

import { checkOption, NON_EMPTY_PATH } from '../options/check-option.ts';

/** Where a session log's lines go. `line` is one JSON text without its newline. */
export interface LogSink {
  append(line: string): void | Promise<void>;
}

/** Keeps the lines in memory; `text()` is the file a {@link FileSink} would hold. */
export class MemorySink implements LogSink {
  readonly lines: string[] = [];

  append(line: string): void {
    this.lines.push(line);
  }

  text(): string {
    return this.lines.map((line) => `${line}\n`).join('');
  }
}

/** Appends newline-terminated lines to a file, creating it (not its directory) on first write. */
export class FileSink implements LogSink {
  readonly path: string;

  constructor(path: string) {
    this.path = checkOption('FileSink', 'path', path, NON_EMPTY_PATH);
  }

  async append(line: string): Promise<void> {
    await appendFile(this.path, `${line}\n`, 'utf8');
  }
}
