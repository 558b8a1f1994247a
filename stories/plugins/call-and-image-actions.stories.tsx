import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  SessionReplay,
  type CallActionsOwnerProps,
  type ImageActionsOwnerProps,
  type OpenImage,
  type ParsedSessionLog,
  type ToolCardPlugin,
} from '@toolcard/ui-tool-image';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { loadRecordedAttachment } from '../support/attachment-store';
import { recordedLog } from '../support/recorded-logs';
import { disclosureOf, rowOf } from '../support/row-queries';
import type { ThemeParameters } from '../support/theme';
import type { ToolcardParameters } from '../support/toolcard-parameters';

/** The app's own state its controls read: which calls and images it flagged. */
const FlagsContext = createContext<{ readonly flagged: ReadonlySet<string>; readonly toggle: (key: string) => void } | null>(null);

function FlagButton({ flagKey, name }: { readonly flagKey: string; readonly name: string }): ReactNode {
  const flags = useContext(FlagsContext);
  if (flags === null) return null;
  return (
    <button
      type="button"
      aria-pressed={flags.flagged.has(flagKey)}
      onClick={() => {
        flags.toggle(flagKey);
      }}
    >
      {name}
    </button>
  );
}

function FlagCall({ node }: CallActionsOwnerProps): ReactNode {
  return <FlagButton flagKey={node.callId} name="Flag" />;
}

function FlagImage({ callId, index }: ImageActionsOwnerProps): ReactNode {
  return callId === undefined ? null : <FlagButton flagKey={`${callId}/${String(index)}`} name="Flag image" />;
}

/** The app's plugin: its controls on every call's row and on the image open in the lightbox. */
const qaFlags: ToolCardPlugin = (registry) => {
  const disposeCall = registry.register('tool.call.actions', { owner: 'qa-flags', component: FlagCall });
  const disposeImage = registry.register('lightbox.image.actions', { owner: 'qa-flags', component: FlagImage });
  return () => {
    disposeCall();
    disposeImage();
  };
};

interface AppProps {
  readonly log: ParsedSessionLog;
  /** What the app's URL opened on. */
  readonly call?: string | null;
  readonly image?: OpenImage | null;
}

/** The app: its flags, the call and image it keeps (as it would in its URL), said in words above the replay. */
function App({ log, call = null, image = null }: AppProps): ReactNode {
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  const [openCall, setOpenCall] = useState(call);
  const [openImage, setOpenImage] = useState(image);
  const toggle = (key: string): void => {
    setFlagged((current) => new Set(current.has(key) ? [...current].filter((one) => one !== key) : [...current, key]));
  };
  return (
    <FlagsContext.Provider value={{ flagged, toggle }}>
      <p>
        Open: <output aria-label="Open call">{openCall ?? 'none'}</output>,{' '}
        <output aria-label="Open image">{openImage === null ? 'none' : `${openImage.callId} image ${String(openImage.index + 1)}`}</output>
      </p>
      <SessionReplay log={log} openCall={openCall} onOpenCallChange={setOpenCall} openImage={openImage} onOpenImageChange={setOpenImage} />
    </FlagsContext.Provider>
  );
}

const meta = {
  title: 'Plugins/Call and image actions',
  component: App,
  parameters: {
    toolcard: { loadImage: loadRecordedAttachment, plugins: [qaFlags] } satisfies ToolcardParameters,
    theme: { variants: ['dark'] } satisfies ThemeParameters,
  },
} satisfies Meta<typeof App>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The app's Flag on every call's row, the nested calls of a program included. */
export const ActionsOnEveryRow: Story = {
  args: { log: recordedLog('sessions/08-nested-run-code') },
  play: async ({ canvasElement }) => {
    for (const callId of ['call-1', 'call-1.1', 'call-1.2']) {
      const header = rowOf(canvasElement, callId).querySelector<HTMLElement>(':scope > .tc-row__header');
      await expect(header === null ? [] : within(header).getAllByRole('button', { name: 'Flag' })).toHaveLength(1);
    }
    const flag = within(rowOf(canvasElement, 'call-1.2').querySelector<HTMLElement>(':scope > .tc-row__header') ?? canvasElement).getByRole('button', {
      name: 'Flag',
    });
    await userEvent.click(flag);
    await expect(flag).toHaveAttribute('aria-pressed', 'true');
    await expect(within(canvasElement).getByRole('status', { name: 'Open call' })).toHaveTextContent('call-1.2');
  },
};

/** A link to a nested call: its row is opened and focused; the app is told where focus moves next. */
export const CallOpenedFromALink: Story = {
  args: { log: recordedLog('sessions/08-nested-run-code'), call: 'call-1.2' },
  play: async ({ canvasElement }) => {
    const disclosure = disclosureOf(rowOf(canvasElement, 'call-1.2'));
    await waitFor(() => expect(disclosure).toHaveFocus());
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await waitFor(() => expect(within(canvasElement).getByRole('status', { name: 'Open call' })).not.toHaveTextContent('call-1.2'));
  },
};

/** A link to an image: the lightbox opens on it with the app's control; closing it tells the app. */
export const ImageOpenedFromALink: Story = {
  args: { log: recordedLog('sessions/07-several-images'), image: { callId: 'call-1', index: 0 } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog');
    await expect(within(dialog).getByRole('heading', { name: 'login-screen.png' })).toBeVisible();
    const flag = within(dialog).getByRole('button', { name: 'Flag image' });
    await userEvent.click(flag);
    await expect(flag).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(dialog.querySelector('.tc-lightbox__stage img')).not.toBeNull(), { timeout: 5000 });
  },
};

/** Closing the lightbox opened from a link tells the app: the image is no longer open. */
export const ImageClosedTellsTheApp: Story = {
  args: { log: recordedLog('sessions/07-several-images'), image: { callId: 'call-1', index: 0 } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByRole('status', { name: 'Open image' })).toHaveTextContent('none');
    // The call the app asked for is not told back to it.
    await expect(within(canvasElement).getByRole('status', { name: 'Open call' })).toHaveTextContent('none');
  },
};
