import { jsonLineProblem, parseJsonLine } from '../../json-line';
import type { LogProblem } from '../toolcard/session-log';

const BYTE_ORDER_MARK = '\uFEFF';

/** Where the parsed lines go: the transcript's reader, told the file each line is from. */
export type SubagentLineReader = (value: unknown, line: number, file: string) => void;

interface FileLines {
  pending: string;
  linesRead: number;
}

/**
 * The text of subagents' own files, each split into lines on its own (a file's half-written last
 * line waits for more of that file) and parsed with the depth cap. A line that is not JSON is a
 * problem naming its file and line (`line` 0: it is no line of the transcript).
 */
export class SubagentLines {
  private readonly files = new Map<string, FileLines>();

  constructor(
    private readonly read: SubagentLineReader,
    private readonly problems: LogProblem[],
  ) {}

  append(file: string, chunk: string): void {
    let lines = this.files.get(file);
    if (lines === undefined) {
      lines = { pending: '', linesRead: 0 };
      this.files.set(file, lines);
    }
    const split = (lines.pending + chunk).split('\n');
    lines.pending = split.pop() ?? '';
    for (const text of split) this.readLine(file, lines, text, false);
  }

  /** Every file is complete: each one's last line without its `\n` is read. */
  end(): void {
    for (const [file, lines] of this.files) {
      const text = lines.pending;
      lines.pending = '';
      this.readLine(file, lines, text, true);
    }
  }

  private readLine(file: string, lines: FileLines, rawLine: string, last: boolean): void {
    lines.linesRead += 1;
    const line = lines.linesRead;
    let text = line === 1 && rawLine.startsWith(BYTE_ORDER_MARK) ? rawLine.slice(BYTE_ORDER_MARK.length) : rawLine;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim() === '') return;
    const parsed = parseJsonLine(text);
    if ('value' in parsed) {
      this.read(parsed.value, line, file);
      return;
    }
    const problem = last && parsed.problem === 'malformed' ? 'truncated last line (file still being written?)' : jsonLineProblem(parsed.problem);
    this.problems.push({ line: 0, message: `${file}, line ${line}: ${problem}` });
  }
}
