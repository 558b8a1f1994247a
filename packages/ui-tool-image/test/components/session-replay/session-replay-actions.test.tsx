import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionReplay, type CallActionsOwnerProps, type ImageActionsOwnerProps, type OpenImage } from '../../../src/components';
import { parseSessionLog, type ToolCallNode } from '../../../src/model';
import type { ToolCardPlugin } from '../../../src/plugins';
import { CWD, dispatchEvents, IMAGE_CONTENT, logText, toolCallEvent, toolResultEvent } from '../../model/builders';
import { disclosureOf, renderInProvider, rowOf } from '../harness';

afterEach(() => {
  cleanup();
});

/** A read, an image call with two images, and a program whose nested read_image holds one. */
function actionsLog() {
  const [start, settle] = dispatchEvents(
    'ptc',
    { rootCallId: 'prog', parentCallId: 'prog', subCallId: 'sub' },
    'read_image',
    { file_path: `${CWD}/login.png` },
    IMAGE_CONTENT,
  );
  return parseSessionLog(
    logText([
      toolCallEvent('plain', 'read', JSON.stringify({ file_path: `${CWD}/notes.txt` })),
      toolResultEvent('plain', [{ type: 'text', text: 'plain text' }]),
      toolCallEvent('two', 'read_image', JSON.stringify({ file_path: 'red.png' })),
      toolResultEvent('two', [...IMAGE_CONTENT, IMAGE_CONTENT[1]], { meta: { path: `${CWD}/red.png` } }),
      toolCallEvent('prog', 'run_code', '{"code":"read_image(\'login.png\')"}'),
      start,
      settle,
      toolResultEvent('prog', [{ type: 'text', text: 'program finished' }]),
    ]),
  );
}

function FlagCall({ node }: CallActionsOwnerProps): ReactNode {
  return <button type="button">{`Flag ${node.callId}`}</button>;
}

function FlagImage({ callId, index, image }: ImageActionsOwnerProps): ReactNode {
  return <button type="button">{`Flag ${callId ?? 'none'}/${String(index)} ${image.attachment.attachmentId.slice(0, 6)}`}</button>;
}

const flags: ToolCardPlugin = (registry) => {
  const call = registry.register('tool.call.actions', { owner: 'qa', component: FlagCall });
  const image = registry.register('lightbox.image.actions', { owner: 'qa', component: FlagImage });
  return () => {
    call();
    image();
  };
};

describe('action slots: the app’s controls on every call and on the image in the lightbox', () => {
  it('renders nothing in them until an app fills them', () => {
    renderInProvider(<SessionReplay log={actionsLog()} />);
    expect(rowOf('plain').querySelector(':scope > .tc-row__header')?.textContent).not.toContain('Flag');
    expect(screen.queryByRole('button', { name: /^Flag/ })).toBeNull();
  });

  it('puts the app’s controls in every row’s header, a nested call’s included, and in the lightbox with the call and image index', () => {
    renderInProvider(<SessionReplay log={actionsLog()} />, { plugins: [flags] });
    for (const callId of ['plain', 'two', 'prog', 'sub']) {
      const header = rowOf(callId).querySelector<HTMLElement>(':scope > .tc-row__header');
      expect(within(header ?? document.body).getByRole('button', { name: `Flag ${callId}` })).toBeTruthy();
    }
    const [, second] = within(rowOf('two')).getAllByRole('button', { name: 'red.png' });
    fireEvent.click(second ?? document.body);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: /^Flag two\/1 / })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(within(dialog).getByRole('button', { name: /^Flag two\/0 / })).toBeTruthy();
  });

  it('contains a crash of the app’s controls to its slot: the row still renders, the crash is reported', () => {
    const onSlotError = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Crash = (): ReactNode => {
      throw new Error('app bug');
    };
    const crashing: ToolCardPlugin = (registry) => registry.register('tool.call.actions', { owner: 'qa', component: Crash });
    renderInProvider(<SessionReplay log={actionsLog()} />, { plugins: [crashing], onSlotError });
    expect(disclosureOf('plain')).toBeTruthy();
    expect(onSlotError).toHaveBeenCalledWith(expect.objectContaining({ slot: 'tool.call.actions', owner: 'qa' }));
  });
});

/** The replay with its lightbox kept by the test, as an app keeps it in its URL. */
function ControlledImage({ initial, onChange }: { readonly initial: OpenImage | null; readonly onChange: (image: OpenImage | null) => void }): ReactNode {
  const [image, setImage] = useState(initial);
  return (
    <SessionReplay
      log={actionsLog()}
      openImage={image}
      onOpenImageChange={(next) => {
        onChange(next);
        setImage(next);
      }}
    />
  );
}

describe('the lightbox with an app’s text field in its toolbar', () => {
  it('leaves the field its arrow keys: they do not move to another image', () => {
    function NoteField({ index }: ImageActionsOwnerProps): ReactNode {
      return <textarea aria-label={`Note on ${String(index)}`} />;
    }
    const notes: ToolCardPlugin = (registry) => registry.register('lightbox.image.actions', { owner: 'qa', component: NoteField });
    renderInProvider(<ControlledImage initial={{ callId: 'two', index: 1 }} onChange={() => undefined} />, { plugins: [notes] });
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(within(dialog).getByRole('textbox', { name: 'Note on 1' }), { key: 'ArrowLeft' });
    expect(within(dialog).getByText('2 / 2')).toBeTruthy();
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close' }), { key: 'ArrowLeft' });
    expect(within(dialog).getByText('1 / 2')).toBeTruthy();
  });
});

describe('SessionReplay openImage: the lightbox as the embedder keeps it', () => {
  it('opens on the image asked for, reports moves and the close, and a thumbnail opening another', () => {
    const onChange = vi.fn();
    renderInProvider(<ControlledImage initial={{ callId: 'two', index: 1 }} onChange={onChange} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('2 / 2')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(onChange).toHaveBeenLastCalledWith({ callId: 'two', index: 0 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(rowOf('sub')).getByRole('button', { name: 'red.png' }));
    expect(onChange).toHaveBeenLastCalledWith({ callId: 'sub', index: 0 });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('opens the lightbox of a nested call asked for', () => {
    renderInProvider(<ControlledImage initial={{ callId: 'sub', index: 0 }} onChange={() => undefined} />);
    expect(within(screen.getByRole('dialog')).getByRole('heading', { name: 'red.png' })).toBeTruthy();
  });

  it('shows no lightbox for an image of a call the log does not hold', () => {
    renderInProvider(<ControlledImage initial={{ callId: 'nowhere', index: 0 }} onChange={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('SessionReplay openCall: a call asked for is opened and focused', () => {
  it('opens and focuses the row of the call asked for (a nested one too), and reports the call focus moves to, not the one asked for', async () => {
    const onOpenCallChange = vi.fn();
    function Controlled(): ReactNode {
      const [call, setCall] = useState<string | null>('sub');
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setCall('plain');
            }}
          >
            go to plain
          </button>
          <SessionReplay
            log={actionsLog()}
            openCall={call}
            onOpenCallChange={(next) => {
              onOpenCallChange(next);
              setCall(next);
            }}
          />
        </>
      );
    }
    renderInProvider(<Controlled />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(disclosureOf('sub').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(disclosureOf('sub'));
    // The call the embedder asked for is not told back to it.
    expect(onOpenCallChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'go to plain' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(disclosureOf('plain').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(disclosureOf('plain'));

    act(() => {
      disclosureOf('two').focus();
    });
    expect(onOpenCallChange).toHaveBeenLastCalledWith('two');
  });
});

describe('SessionReplay callFilter: the embedder’s own filter', () => {
  it('shows only the calls that are or hold a call it accepts, messages hidden', () => {
    const onlySub = (call: ToolCallNode): boolean => call.callId === 'sub';
    renderInProvider(<SessionReplay log={actionsLog()} callFilter={onlySub} />);
    expect(document.querySelector('[data-call-id="plain"]')).toBeNull();
    expect(document.querySelector('[data-call-id="two"]')).toBeNull();
    expect(rowOf('prog')).toBeTruthy();
    expect(document.querySelectorAll('.tc-replay__item')).toHaveLength(1);
  });
});
