import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolCallView } from '../../../src/components';
import type { ToolCallNode } from '../../../src/model';
import { CWD, envelopeText, onlyRoot, RED_PNG_REF, toolCallEvent, toolResultEvent } from '../../model/builders';
import { renderInProvider } from '../harness';

afterEach(cleanup);

const SCALED = ' (downscaled from 3000x1000 px; multiply coordinates by 1.46 to locate features in the original file)';
const DOWNSCALED = {
  ...RED_PNG_REF,
  mediaType: 'image/jpeg',
  bytes: 683_008,
  width: 2048,
  height: 683,
  originalDimensions: { width: 3000, height: 1000 },
} as const;

function imageNode(
  attachment: object = DOWNSCALED,
  facts = `image/jpeg image, 2048x683 px, 683008 bytes${SCALED}`,
  args: object = { file_path: 'shots/wide.jpg' },
): ToolCallNode {
  const text = envelopeText(`${CWD}/shots/wide.jpg`, facts);
  return onlyRoot([
    toolCallEvent('img', 'read_image', JSON.stringify(args)),
    toolResultEvent(
      'img',
      [
        { type: 'text', text },
        { type: 'image', attachment },
      ],
      { meta: { path: `${CWD}/shots/wide.jpg` } },
    ),
  ]);
}

function card(): Element {
  const found = document.querySelector('.tc-card--image');
  if (found === null) throw new Error('no image card');
  return found;
}

describe('image card: the facts first', () => {
  it('leads with format · stored ← original · bytes, and the downscale advice in words', () => {
    renderInProvider(<ToolCallView node={imageNode()} />);
    expect(card().querySelector('.tc-card__facts-line')?.textContent).toBe('JPEG · 2048×683 ← 3000×1000 · 667 KiB');
    expect(card().querySelector('.tc-card__advice')?.textContent).toBe(
      'Downscaled from 3000×1000: multiply coordinates by 1.46 to find a point in the original file.',
    );
    // The first thing seen: the label is for assistive technology only, the row's header shows the path.
    const seen = [...card().children].find((child) => !child.classList.contains('tc-visually-hidden'));
    expect(seen?.className).toBe('tc-card__facts');
  });

  it('a kept image has no arrow and no advice', () => {
    renderInProvider(<ToolCallView node={imageNode(RED_PNG_REF, 'image/png image, 1x1 px, 69 bytes')} />);
    expect(card().querySelector('.tc-card__facts-line')?.textContent).toBe('PNG · 1×1 · 69 B');
    expect(card().querySelector('.tc-card__advice')).toBeNull();
  });

  it('in Chinese', () => {
    renderInProvider(<ToolCallView node={imageNode()} />, { locale: 'zh-CN' });
    expect(card().querySelector('.tc-card__advice')?.textContent).toBe('已从 3000×1000 缩小：坐标乘以 1.46 即为原始文件中的位置。');
    expect(screen.getByRole('button', { name: '模型收到的内容' })).toBeTruthy();
  });
});

describe('image card: what the model received, behind a toggle', () => {
  it('is closed at first and opens and closes with aria-expanded', () => {
    renderInProvider(<ToolCallView node={imageNode()} />);
    const toggle = screen.getByRole('button', { name: 'What the model received' });
    const text = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(text?.hidden).toBe(true);
    expect(text?.textContent).toContain('<path>');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(text?.hidden).toBe(false);
    fireEvent.click(toggle);
    expect(text?.hidden).toBe(true);
  });
});

describe('image card: the path once', () => {
  it('the row shows the path; the card keeps its label for assistive technology only', () => {
    renderInProvider(<ToolCallView node={imageNode()} />);
    expect(document.querySelector('.tc-row__summary')?.textContent).toBe('shots/wide.jpg');
    expect(card().querySelector('.tc-card__label')?.classList.contains('tc-visually-hidden')).toBe(true);
  });

  it('a row without a path in its header shows the label in the card', () => {
    // Another format's tool that names no file: the card is labelled by the tool's name, and shows it.
    const node = onlyRoot([toolCallEvent('img', 'capture', '{}'), toolResultEvent('img', [{ type: 'image', attachment: RED_PNG_REF }])]);
    renderInProvider(<ToolCallView node={{ ...node, origin: 'mcp' }} />);
    expect(document.querySelector('.tc-row__summary')).toBeNull();
    expect(card().querySelector('.tc-card__label')?.classList.contains('tc-visually-hidden')).toBe(false);
  });
});

describe("image card: another tool's own text", () => {
  it('is shown as it is, not behind the toggle', () => {
    const node = onlyRoot([
      toolCallEvent('img', 'capture', '{}'),
      toolResultEvent('img', [
        { type: 'text', text: 'Captured 1 screen.' },
        { type: 'image', attachment: RED_PNG_REF },
      ]),
    ]);
    renderInProvider(<ToolCallView node={{ ...node, origin: 'mcp' }} />);
    expect(screen.queryByRole('button', { name: 'What the model received' })).toBeNull();
    expect(screen.getByText('Captured 1 screen.').hidden).toBe(false);
  });
});
