/**
 * How the replay server sends a Claude Code transcript's subagent files in the one stream the page
 * reads: each of their lines as a line of its own, `RS name RS line` (RS is U+001E, which JSON
 * text never holds raw and which the server never lets start a line of the transcript's copy).
 * The transcript's own lines stay as they are, so their line numbers do not move.
 */
export const FRAME_MARK = '\u001e';

/** What the server writes in front of a line of the subagent file `file` (a name without RS or line breaks). */
export function subagentFramePrefix(file: string): string {
  return `${FRAME_MARK}${file}${FRAME_MARK}`;
}

/**
 * Splits the stream the server sends into the transcript's text, passed on as it comes (a chunk
 * with no frame in it is not split into lines), and its subagent files' lines, each whole.
 */
export class SubagentFrameSplitter {
  /** A frame begun, its end not yet received. */
  private frame: string | undefined;
  private atLineStart = true;

  constructor(
    private readonly onText: (text: string) => void,
    private readonly onSubagentLine: (file: string, line: string) => void,
  ) {}

  push(text: string): void {
    let start = 0;
    while (start < text.length) {
      if (this.frame !== undefined || (this.atLineStart && text.startsWith(FRAME_MARK, start))) {
        const end = text.indexOf('\n', start);
        if (end === -1) {
          this.frame = (this.frame ?? '') + text.slice(start);
          this.atLineStart = false;
          return;
        }
        this.readFrame((this.frame ?? '') + text.slice(start, end));
        this.frame = undefined;
        this.atLineStart = true;
        start = end + 1;
        continue;
      }
      const nextFrame = text.indexOf(`\n${FRAME_MARK}`, start);
      const end = nextFrame === -1 ? text.length : nextFrame + 1;
      this.onText(start === 0 && end === text.length ? text : text.slice(start, end));
      this.atLineStart = text.charCodeAt(end - 1) === 0x0a;
      start = end;
    }
  }

  private readFrame(frame: string): void {
    const nameEnd = frame.indexOf(FRAME_MARK, FRAME_MARK.length);
    // Only the server writes frames; one without its name's end is not passed on.
    if (nameEnd === -1) return;
    this.onSubagentLine(frame.slice(FRAME_MARK.length, nameEnd), `${frame.slice(nameEnd + FRAME_MARK.length)}\n`);
  }
}
