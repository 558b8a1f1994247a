import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { COMPARE_LABELS } from '../../apps/replay/viewer/compare/compare-labels';
import { ExportLink } from '../../apps/replay/viewer/export-link';
import { VIEWER_LABELS } from '../../apps/replay/viewer/viewer-labels';
import '../../apps/replay/viewer/viewer.css';
import type { ThemeParameters } from '../support/theme';

/**
 * The `pnpm replay` viewer's Export link (issue 22 §3), as the session view and the compare page
 * render it: the server's export route as a download, its tooltip saying what the file holds. An
 * exported file shows none (its data source gives no route). Light and dark, checked by axe.
 */
const meta = {
  title: 'Replay/Export link',
  component: ExportLink,
  parameters: { theme: { variants: ['dark'] } satisfies ThemeParameters },
  render: (args) => (
    <main className="replay-app">
      <ExportLink {...args} />
    </main>
  ),
} satisfies Meta<typeof ExportLink>;

export default meta;
type Story = StoryObj<typeof meta>;

async function expectDownloadLink(canvasElement: HTMLElement, href: string, hint: string): Promise<void> {
  const link = within(canvasElement).getByRole('link', { name: 'Export' });
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('download');
  await expect(link).toHaveAttribute('title', hint);
}

/** A session's view: the session, opening with the find bar's current filter. */
export const Session: Story = {
  args: { href: '/api/sessions/current/export?q=blue.png', label: VIEWER_LABELS.en.exportFile, hint: VIEWER_LABELS.en.exportFileHint },
  play: async ({ canvasElement, args }) => {
    await expectDownloadLink(canvasElement, args.href, VIEWER_LABELS.en.exportFileHint);
  },
};

/** The compare page: both sessions and their images, opening on the comparison. */
export const Comparison: Story = {
  args: { href: '/api/sessions/a.jsonl/export?with=b.jsonl', label: COMPARE_LABELS.en.exportFile, hint: COMPARE_LABELS.en.exportFileHint },
  play: async ({ canvasElement, args }) => {
    await expectDownloadLink(canvasElement, args.href, COMPARE_LABELS.en.exportFileHint);
  },
};
