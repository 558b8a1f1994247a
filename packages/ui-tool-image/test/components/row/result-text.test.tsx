/// <reference types="vite/client" />
import { cleanup, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionReplay, ToolCallView } from '../../../src/components';
import { parseSessionLog } from '../../../src/model';
import { onlyRoot, RED_PNG_REF, toolCallEvent, toolResultEvent } from '../../model/builders';
import nestedRunCode from '../../../../../stories/fixtures/sessions/08-nested-run-code.jsonl?raw';
import { disclosureOf, getByExactText, renderInProvider, rowOf } from '../harness';

afterEach(cleanup);

/** The OUT text of the run_code call in the 08 fixture, whose program returned two read_image values. */
function programValues(placeholders: readonly [login: string, spinner: string]): string {
  return [
    '[',
    '  {',
    '    "path": "/home/qa/project/screenshots/login-screen.png",',
    `    "image": ${placeholders[0]}`,
    '  },',
    '  {',
    '    "path": "/home/qa/project/images/spinner.gif",',
    `    "image": ${placeholders[1]}`,
    '  }',
    ']',
  ].join('\n');
}

describe('ResultText: JSON results holding attachment references', () => {
  it.each([
    ['en', programValues(['[image: login-screen.png 640x400]', '[image: spinner.gif 48x48]'])],
    ['zh-CN', programValues(['[图像：login-screen.png 640×400]', '[图像：spinner.gif 48×48]'])],
  ] as const)('08 fixture, %s: the run_code values show placeholders, never the raw reference', (locale, output) => {
    const log = parseSessionLog(nestedRunCode);
    expect(log.problems).toEqual([]);
    renderInProvider(<SessionReplay log={log} />, { locale });
    fireEvent.click(disclosureOf('call-1'));
    const out = getByExactText(output);
    expect(rowOf('call-1').contains(out)).toBe(true);
    expect(document.body.innerHTML).not.toContain('attachmentId');
    expect(document.body.innerHTML).not.toContain('sha256:');
  });

  it('sets the JSON block on its own line among the other blocks, its hostile strings as text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const content = [
      { type: 'text', text: 'before' },
      { type: 'text', text: JSON.stringify({ note: hostile, shot: RED_PNG_REF }) },
      { type: 'image', attachment: RED_PNG_REF },
    ];
    renderInProvider(<ToolCallView node={onlyRoot([toolCallEvent('p', 'run_code', '{}'), toolResultEvent('p', content)])} />);
    fireEvent.click(disclosureOf('p'));
    expect(getByExactText(`before\n{\n  "note": "${hostile}",\n  "shot": [image: red.png 1x1]\n}\n[image: red.png 1x1]`)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.body.innerHTML).not.toContain('attachmentId');
  });

  it('shows JSON without references exactly as recorded', () => {
    const text = '{"rows":[1,2],"ok":true}';
    renderInProvider(<ToolCallView node={onlyRoot([toolCallEvent('p', 'run_code', '{}'), toolResultEvent('p', [{ type: 'text', text }])])} />);
    fireEvent.click(disclosureOf('p'));
    expect(getByExactText(text)).toBeTruthy();
  });
});
