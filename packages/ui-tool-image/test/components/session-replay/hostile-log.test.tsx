import { cleanup, fireEvent, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionReplay } from '../../../src/components';
import { parseSessionLog } from '../../../src/model';
import { envelopeText, headerLine, RED_PNG_REF, toolCallEvent, toolResultEvent } from '../../model/builders';
import { disclosureOf, renderInProvider, rowOf } from '../harness';
import { mountedItems, replayedWhole } from './replay-feed';

declare global {
  var __tcPwned: boolean | undefined;
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(globalThis, '__tcPwned');
});

const SET_FLAG = 'globalThis.__tcPwned=true';
const SCRIPT = `<script>${SET_FLAG}</script>`;
const MARKUP = `${SCRIPT}<img src=x onerror="${SET_FLAG}"><a href="javascript:${SET_FLAG}">x</a>`;
const JS_PATH = `javascript:${SET_FLAG}//${SCRIPT}.txt`;
const LONE_SURROGATES = 'half \uD800 pair \uDC00 end';
const CWD = '/w';
const EVENT_COUNT = 10_000;

function hostileEvents(): unknown[] {
  const imagePath = `${CWD}/${SCRIPT}${LONE_SURROGATES}.png`;
  const hostile: unknown[] = [
    { type: 'user/message', data: { content: [{ type: 'text', text: MARKUP }], source: { kind: 'user' }, role: 'user' } },
    toolCallEvent('js-read', 'read', JSON.stringify({ file_path: JS_PATH })),
    toolResultEvent('js-read', [{ type: 'text', text: `${MARKUP}\n${LONE_SURROGATES}` }]),
    toolCallEvent('js-failed', 'read', JSON.stringify({ file_path: JS_PATH })),
    toolResultEvent('js-failed', [{ type: 'text', text: `Error: ${MARKUP}` }], { isError: true }),
    toolCallEvent('js-image', 'read_image', JSON.stringify({ file_path: imagePath })),
    toolResultEvent(
      'js-image',
      [
        { type: 'text', text: envelopeText(imagePath) },
        { type: 'image', attachment: { ...RED_PNG_REF, attachmentId: `"><script>${SET_FLAG}</script>`, name: MARKUP } },
      ],
      { meta: { path: `javascript:${SET_FLAG}` } },
    ),
    toolCallEvent('js-generic', `<b onmouseover="${SET_FLAG}">tool</b>`, `{"x":"${SCRIPT}"`),
    toolResultEvent('js-generic', [
      { type: 'image', attachment: { attachmentId: MARKUP } },
      { type: 'html', html: MARKUP },
    ]),
    {
      type: 'assistant/message',
      data: { message: { role: 'assistant', content: [{ type: 'text', text: `${SCRIPT}${'A'.repeat(1024 * 1024)}` }] } },
    },
  ];
  // Shaped like a real log: each call comes with the step and streaming events around it.
  const filler: unknown[] = [];
  for (let index = 0; filler.length < EVENT_COUNT - hostile.length; index += 1) {
    const step = { turn: 1, step: index };
    filler.push(
      { type: 'step/start', data: step },
      { type: 'assistant/chunk', data: { ...step, chunk: { type: 'block-start', index: 0, blockType: 'tool-call' } } },
      toolCallEvent(`c${index}`, index % 2 === 0 ? 'grep' : 'read', JSON.stringify({ file_path: `${CWD}/f${index}` })),
      toolResultEvent(`c${index}`, [{ type: 'text', text: `line ${index} ${SCRIPT}` }]),
      { type: 'step/end', data: step },
    );
  }
  return [...hostile, ...filler].slice(0, EVENT_COUNT);
}

/** Lone surrogates reach the log as JSON escapes (`\ud800`), which parse back into invalid UTF-16. */
function hostileLogText(): string {
  return [headerLine(CWD), ...hostileEvents().map((event) => JSON.stringify(event))].join('\n');
}

/** Attributes a browser only ever shows or reads out as text: a path in them (a `title` on hover, a button's name) is never markup. */
const TEXT_ATTRIBUTES: ReadonlySet<string> = new Set(['title', 'aria-label']);

/** Every element and attribute of the document that could run code or navigate; collected, then asserted once. */
function liveMarkup(): string[] {
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    if (/^(script|img|iframe|object|embed|a|link|style)$/i.test(element.tagName)) found.push(element.tagName);
    for (const name of element.getAttributeNames()) {
      const runs = name.startsWith('on') || name === 'href' || name === 'src';
      if (runs || (!TEXT_ATTRIBUTES.has(name) && element.getAttribute(name)?.toLowerCase().includes('javascript:'))) {
        found.push(`${element.tagName}[${name}]`);
      }
    }
  }
  return found;
}

function expectNothingLive(): void {
  expect(liveMarkup()).toEqual([]);
  expect(globalThis.__tcPwned).toBeUndefined();
}

describe('a hostile log', () => {
  it('renders as text: no element, attribute or script is created from log content', { timeout: 30_000 }, async () => {
    const onOpenFile = vi.fn<(path: string) => void>();
    const text = hostileLogText();
    expect(text).toContain('\\ud800');
    const log = parseSessionLog(text);
    expect(log.problems).toEqual([]);
    const skipped = log.otherEvents.reduce((sum, { count }) => sum + count, 0);
    expect(log.events.length + skipped).toBe(EVENT_COUNT);

    renderInProvider(<SessionReplay log={log} />, { cwd: CWD, onOpenFile });
    await replayedWhole();
    // Virtualised: a screenful of the ~2 000 items is in the DOM, and the feed says how many there are.
    const items = mountedItems();
    expect(items.length).toBeLessThan(40);
    expect(Number(items[0]?.getAttribute('aria-setsize'))).toBeGreaterThan(1900);
    fireEvent.click(disclosureOf('js-read'));
    fireEvent.click(disclosureOf('js-generic'));
    fireEvent.click(disclosureOf('js-failed'));
    expectNothingLive();

    const readRow = rowOf('js-read');
    expect(within(readRow).getByText(`${MARKUP}\n${LONE_SURROGATES}`, { normalizer: (text) => text })).toBeTruthy();
    expect(document.querySelector('.tc-message--user .tc-message__text')?.textContent).toBe(MARKUP);
    expect(rowOf('js-image').querySelector('.tc-card__label')?.textContent).toBe(`javascript:${SET_FLAG}`);
    expect(rowOf('js-generic').textContent).toContain('[unsupported content]');
    expect(rowOf('js-failed').querySelector('.tc-row__summary')).toMatchObject({ tagName: 'SPAN', textContent: JS_PATH });
    expect(document.querySelector('.tc-message--assistant .tc-message__text')?.textContent).toHaveLength(SCRIPT.length + 1024 * 1024);

    fireEvent.click(within(readRow).getByRole('button', { name: `Open file ${JS_PATH}` }));
    expect(onOpenFile).toHaveBeenCalledExactlyOnceWith(JS_PATH);
    expectNothingLive();
  });
});
