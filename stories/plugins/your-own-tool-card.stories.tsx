import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  parseSessionLog,
  SessionReplay,
  ToolCardProvider,
  type LoadImage,
  type ParsedSessionLog,
  type ToolCardErrorReport,
  type ToolCardPlugin,
} from '@toolcard/ui-tool-image';
import { useState, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { loadRecordedAttachment } from '../support/attachment-store';
import { imagesIn, recordedLog } from '../support/recorded-logs';
import { disclosureOf, rowOf } from '../support/row-queries';
import { imageResultContent, sessionLog, STORY_CWD, toolCall, toolResult, userMessage, type LogEvent } from '../support/session-log';
import type { ThemeParameters } from '../support/theme';
// What the app writes: the package README's "Your own tool card" shows this module, word for word.
import { ScreenshotCard, screenshotCard } from './screenshot-card';

/** The login screen the recorded sessions captured: the app's screenshot tool returns it too. */
const [LOGIN_SCREEN] = imagesIn(recordedLog('sessions/01-screenshot-png'));
if (LOGIN_SCREEN === undefined) throw new Error('The recorded session 01-screenshot-png holds no image');

const PAGE = 'https://example.com/login';

/** The app's loader: the recorded attachment store, watched. */
const appLoadImage = fn<LoadImage>(loadRecordedAttachment).mockName('app loadImage');

/** A session where the model calls the app's `screenshot` tool, then the built-in `read_image`. */
const SESSION: readonly LogEvent[] = [
  userMessage('Take a screenshot of the login page, then read the one in the repository.'),
  toolCall('shot-1', 'screenshot', { url: PAGE }),
  toolResult('shot-1', [
    { type: 'text', text: `Captured ${PAGE} at 640×400.` },
    { type: 'image', attachment: LOGIN_SCREEN },
  ]),
  toolCall('read-1', 'read_image', { file_path: 'screenshots/login-screen.png' }),
  toolResult('read-1', imageResultContent(`${STORY_CWD}/screenshots/login-screen.png`, LOGIN_SCREEN)),
];

/** Registers a card for `screenshot_diff`, then takes the `screenshot` seat the app's card already holds. */
const screenshotDiffCard: ToolCardPlugin = (registry) => {
  const disposeDiff = registry.register('tool.call.toolview', { owner: 'diff-plugin', key: 'screenshot_diff', component: ScreenshotCard });
  const disposeScreenshot = registry.register('tool.call.toolview', { owner: 'diff-plugin', key: 'screenshot', component: ScreenshotCard });
  return () => {
    disposeDiff();
    disposeScreenshot();
  };
};

function reportText(report: ToolCardErrorReport): string {
  const message = report.error instanceof Error ? report.error.message : String(report.error);
  return 'plugin' in report ? `Plugin ${report.plugin} was skipped: ${message}` : `${report.owner} crashed in ${report.slot}: ${message}`;
}

interface AppProps {
  readonly log: ParsedSessionLog;
  readonly plugins: readonly ToolCardPlugin[];
}

/** The app: its own provider with its plugins, the reports it was told about, the replay. */
function App({ log, plugins }: AppProps): ReactNode {
  const [reports, setReports] = useState<readonly string[]>([]);
  const report = (next: ToolCardErrorReport): void => {
    setReports((shown) => [...shown, reportText(next)]);
  };
  return (
    <ToolCardProvider loadImage={appLoadImage} cwd={STORY_CWD} plugins={plugins} onSlotError={report}>
      {reports.length === 0 ? null : (
        <section aria-label="Skipped plugins" className="tc-note">
          {reports.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      )}
      <SessionReplay log={log} />
    </ToolCardProvider>
  );
}

const meta = {
  title: 'Plugins/Your own tool card',
  component: App,
  parameters: {
    theme: { variants: ['dark'] } satisfies ThemeParameters,
  },
  beforeEach: () => {
    appLoadImage.mockClear();
  },
} satisfies Meta<typeof App>;

export default meta;
type Story = StoryObj<typeof meta>;

async function expectAppCard(row: HTMLElement): Promise<void> {
  await expect(row).toHaveAttribute('data-tool', 'screenshot');
  await expect(within(row).getByText(PAGE)).toBeVisible();
  // Neither the borrowed image card nor the generic IN/OUT row.
  await expect(row.querySelector('.tc-card--image')).toBeNull();
  await expect(row.querySelector('.tc-io')).toBeNull();
}

/** The app's `screenshot` card, built from the exported row, gallery and lightbox, beside the built-in `read_image` card. */
export const ScreenshotTool: Story = {
  args: { log: parseSessionLog(sessionLog(SESSION)), plugins: [screenshotCard] },
  play: async ({ canvasElement }) => {
    const row = rowOf(canvasElement, 'shot-1');
    await expectAppCard(row);
    await waitFor(() => expect(row.querySelector('.tc-gallery__tile[data-status="ready"]')).not.toBeNull(), { timeout: 5000 });
    await expect(appLoadImage.mock.calls.map(([ref]) => ref.attachmentId)).toContain(LOGIN_SCREEN.attachmentId);

    const thumbnail = within(row).getByRole('button', { name: 'login-screen.png' });
    await userEvent.click(thumbnail);
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(within(dialog).getByText('640 × 400', { exact: false })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(thumbnail).toHaveFocus());

    const readImage = rowOf(canvasElement, 'read-1');
    await expect(readImage.querySelector('.tc-card--image')).not.toBeNull();
  },
};

/**
 * A second plugin registers a card for `screenshot_diff`, then takes the `screenshot` seat at the
 * priority the app's card holds: it is reported and skipped whole (its `screenshot_diff` card too),
 * and every card still renders.
 */
export const MisbehavingPluginReported: Story = {
  args: {
    log: parseSessionLog(
      sessionLog([
        ...SESSION,
        toolCall('diff-1', 'screenshot_diff', { before: 'login-old.png', after: 'login-new.png' }),
        toolResult('diff-1', [
          { type: 'text', text: '2 regions changed.' },
          { type: 'image', attachment: LOGIN_SCREEN },
        ]),
      ]),
    ),
    plugins: [screenshotCard, screenshotDiffCard],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reports = await canvas.findByRole('region', { name: 'Skipped plugins' });
    await expect(reports).toHaveTextContent(
      'Plugin screenshotDiffCard was skipped: "diff-plugin (tool.call.toolview:screenshot)" cannot take priority 0: "my-app (tool.call.toolview:screenshot)" already holds it.',
    );

    await expectAppCard(rowOf(canvasElement, 'shot-1'));
    const diff = rowOf(canvasElement, 'diff-1');
    await userEvent.click(disclosureOf(diff));
    // The generic row: the skipped plugin's card (which would show a gallery) is gone with it.
    await expect(within(diff).getByText(/2 regions changed\./)).toBeVisible();
    await expect(diff.querySelector('.tc-io')).not.toBeNull();
    await expect(diff.querySelector('.tc-gallery')).toBeNull();
    await expect(rowOf(canvasElement, 'read-1').querySelector('.tc-card--image')).not.toBeNull();
  },
};
