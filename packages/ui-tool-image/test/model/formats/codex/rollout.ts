import { CodexReader } from '../../../../src/model/formats/codex/codex-reader';
import { base64Of } from '../fixture-images';

/** Rollout lines written from the documented shapes (shared/FORMATS.md §2), no real session's data. */

export const STARTED = '2026-01-10T09:00:00.000Z';
export const CWD = '/home/dev/app';

/** The ISO time `seconds` after `STARTED`. */
export function at(seconds: number): string {
  return new Date(Date.parse(STARTED) + seconds * 1000).toISOString();
}

/** A `{timestamp, type, payload}` line (September 2025 on). */
export function envelope(type: string, payload: unknown, seconds = 0): Record<string, unknown> {
  return { timestamp: at(seconds), type, payload };
}

export function sessionMeta(seconds = 0): Record<string, unknown> {
  return envelope(
    'session_meta',
    {
      id: 'session-1',
      timestamp: at(seconds),
      cwd: CWD,
      originator: 'codex_cli_rs',
      cli_version: '0.80.0',
      instructions: null,
      source: 'cli',
      model_provider: 'openai',
      git: { commit_hash: 'abc', branch: 'main' },
    },
    seconds,
  );
}

export function turnContext(model = 'gpt-5.1-codex', seconds = 0): Record<string, unknown> {
  return envelope(
    'turn_context',
    { cwd: CWD, approval_policy: 'never', sandbox_policy: { mode: 'workspace-write' }, model, effort: 'high', summary: 'auto' },
    seconds,
  );
}

export function responseItem(payload: unknown, seconds = 0): Record<string, unknown> {
  return envelope('response_item', payload, seconds);
}

export function event(payload: Record<string, unknown>, seconds = 0): Record<string, unknown> {
  return envelope('event_msg', payload, seconds);
}

export function userMessage(...content: unknown[]): Record<string, unknown> {
  return { type: 'message', role: 'user', content };
}

export function inputText(text: string): Record<string, unknown> {
  return { type: 'input_text', text };
}

export function inputImage(imageUrl: unknown): Record<string, unknown> {
  return { type: 'input_image', image_url: imageUrl };
}

export function assistantMessage(text: string): Record<string, unknown> {
  return { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] };
}

export function functionCall(callId: string, name: string, args: Record<string, unknown>): Record<string, unknown> {
  return { type: 'function_call', name, arguments: JSON.stringify(args), call_id: callId };
}

export function functionOutput(callId: string, output: unknown): Record<string, unknown> {
  return { type: 'function_call_output', call_id: callId, output };
}

/** A `shell` output as Codex 0.5x wrote it: JSON-encoded with the exit code. */
export function shellOutput(output: string, exitCode = 0): string {
  return JSON.stringify({ output, metadata: { exit_code: exitCode, duration_seconds: 0.1 } });
}

export function dataUrl(bytes: Uint8Array, mediaType: string): string {
  return `data:${mediaType};base64,${base64Of(bytes)}`;
}

/** A reader fed `lines` as line 1, 2, …; `from` numbers them on from a later line. */
export function readLines(lines: readonly unknown[], reader = new CodexReader(), from = 1): CodexReader {
  lines.forEach((line, index) => {
    reader.readLine(line, from + index);
  });
  return reader;
}
