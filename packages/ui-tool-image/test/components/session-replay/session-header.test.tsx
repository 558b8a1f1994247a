import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionReplay } from '../../../src/components';
import { parseSessionLog, readAgentLog } from '../../../src/model';
import claudeReadPng from '../../../../../stories/fixtures/agents/logs/claude-code-read-png.jsonl?raw';
import codexShell from '../../../../../stories/fixtures/agents/logs/codex-shell.jsonl?raw';
import screenshot from '../../../../../stories/fixtures/sessions/01-screenshot-png.jsonl?raw';
import { renderInProvider } from '../harness';
import { mountedItems } from './replay-feed';

afterEach(() => {
  cleanup();
});

/**
 * The Codex shell rollout with every line written at one instant, as real rollouts often record a
 * call and its output (both flushed when the turn's items are saved), and its shell output without
 * the run time it measured: the log holds no duration.
 */
const CODEX_AT_ONE_INSTANT = codexShell
  .replace(/"timestamp":"2025-11-20T09:00:0\d\.000Z"/g, '"timestamp":"2025-11-20T09:00:05.000Z"')
  .replaceAll(',\\"duration_seconds\\":0.2', '');

/** The header's facts as `{term: value}`. */
function headerFacts(): Record<string, string> {
  const header = screen.getByRole('group', { name: 'Session' });
  return Object.fromEntries(
    within(header)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

describe('SessionReplay showFacts: the session header', () => {
  it('a Claude Code transcript: model, start (UTC), duration, working directory, format and version, counts', () => {
    renderInProvider(<SessionReplay log={readAgentLog(claudeReadPng)} showFacts />);
    expect(headerFacts()).toEqual({
      Model: 'claude-sonnet-4-5-20250929',
      Started: '2025-10-01 12:00:01 UTC',
      Duration: '4.0 s',
      'Working directory': '/home/qa/project',
      Format: 'Claude Code 2.0.5',
      Calls: '1',
      Images: '1',
      Failed: '0',
    });
  });

  it('our own log: the model with its provider, no duration (its events carry no time)', () => {
    renderInProvider(<SessionReplay log={parseSessionLog(screenshot)} showFacts />);
    const facts = headerFacts();
    expect(facts).toMatchObject({ Model: 'replay-vision (replay)', Format: 'toolcard session log 0', Calls: '1', Images: '1' });
    expect(facts).not.toHaveProperty('Duration');
  });

  it('a Codex rollout written at one instant: no duration, not "0 ms"', () => {
    renderInProvider(<SessionReplay log={readAgentLog(CODEX_AT_ONE_INSTANT)} showFacts />);
    const facts = headerFacts();
    expect(facts).toMatchObject({ Started: '2025-11-20 09:00:05 UTC', Calls: '1' });
    expect(facts).not.toHaveProperty('Duration');
  });

  it('in Chinese', () => {
    renderInProvider(<SessionReplay log={readAgentLog(codexShell)} showFacts />, { locale: 'zh-CN' });
    const header = screen.getByRole('group', { name: '会话' });
    expect(header.textContent).toContain('模型gpt-5-codex（openai）');
    expect(header.textContent).toContain('时长9.0 秒');
  });

  it('is not shown unless asked for', () => {
    renderInProvider(<SessionReplay log={readAgentLog(claudeReadPng)} />);
    expect(screen.queryByRole('group', { name: 'Session' })).toBeNull();
  });
});

describe('SessionReplay: each row’s time after the start, and a call’s duration', () => {
  it('a Codex rollout: the call at +0:05 that ran 200 ms (its output’s measure, not the second until its line), the first shown message at +0:03 (the harness context at +0:02 is not shown)', () => {
    renderInProvider(<SessionReplay log={readAgentLog(codexShell)} />);
    const times = mountedItems().map((item) => item.querySelector('.tc-replay__time [aria-hidden]')?.textContent ?? null);
    expect(times).toContain('+0:05200 ms');
    expect(times[0]).toBe('+0:03');
    // Said in words to a screen reader.
    expect(screen.getByText('+0:05 after the start, took 200 ms')).toBeTruthy();
  });

  it('a Codex call whose output shares its timestamp: its time, no duration (not "0 ms")', () => {
    renderInProvider(<SessionReplay log={readAgentLog(CODEX_AT_ONE_INSTANT)} />);
    const call = mountedItems().find((item) => item.querySelector('[data-call-id="call_01A1"]') !== null);
    expect(call?.querySelector('.tc-replay__time [aria-hidden]')?.textContent).toBe('+0:00');
    expect(call?.querySelector('.tc-replay__duration')).toBeNull();
    expect(screen.getAllByText('+0:00 after the start').length).toBeGreaterThan(0);
  });

  it('our own log has no times: no row shows one', () => {
    renderInProvider(<SessionReplay log={parseSessionLog(screenshot)} />);
    expect(document.querySelector('.tc-replay__time')).toBeNull();
  });
});
