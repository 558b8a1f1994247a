import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildToolCalls, ToolCallView } from '@toolcard/ui-tool-image';
import type { CSSProperties, ReactNode } from 'react';
import { expect } from 'storybook/test';
import { recordedLog } from '../support/recorded-logs';
import { osColorSchemeEmulator, STORY_ROOT_CLASS, THEMES, type Theme } from '../support/theme';

/** The two palettes' page, text and error colours, as the package README documents them. */
const PALETTE: Readonly<Record<Theme, { readonly bg: string; readonly fg: string; readonly border: string }>> = {
  light: { bg: 'rgb(255, 255, 255)', fg: 'rgb(31, 35, 40)', border: 'rgb(207, 34, 46)' },
  dark: { bg: 'rgb(13, 17, 23)', fg: 'rgb(230, 237, 243)', border: 'rgb(248, 81, 73)' },
};

/**
 * An embedder's override keyed on the row's state (as the package README shows it): built from the
 * theme's own properties, it follows each case's theme. The row here is an error (a missing file).
 */
const KEYED_ON_STATE = '[data-case] > .tc-row[data-state="error"] { --tc-border: var(--tc-error); }';

const CALL_ID = 'call-1';
const [CALL] = buildToolCalls(recordedLog('sessions/12-missing-file').events).roots;

/** A box in whatever theme reaches it, painted from the cards' properties so its caption reads too. */
const BOX: CSSProperties = {
  padding: 'var(--tc-space-4)',
  background: 'var(--tc-bg)',
  color: 'var(--tc-fg)',
  fontFamily: 'var(--tc-font)',
};

function Case({ id, theme, children }: { readonly id: string; readonly theme?: Theme; readonly children?: ReactNode }): ReactNode {
  return (
    <div role="group" aria-label={id} data-case={id} data-tc-theme={theme} style={BOX}>
      <p style={{ margin: '0 0 var(--tc-space-2)' }}>{id}</p>
      {CALL === undefined ? null : <ToolCallView node={CALL} />}
      {children}
    </div>
  );
}

function Themes(): ReactNode {
  return (
    <div style={{ display: 'grid', gap: 'var(--tc-space-4)' }}>
      <style>{KEYED_ON_STATE}</style>
      <Case id="no data-tc-theme (the OS preference)" />
      <Case id='data-tc-theme="dark"' theme="dark">
        <Case id='data-tc-theme="light" inside dark' theme="light" />
      </Case>
      <Case id='data-tc-theme="light"' theme="light">
        <Case id='data-tc-theme="dark" inside light' theme="dark" />
      </Case>
    </div>
  );
}

const meta = {
  title: 'Themes',
  component: Themes,
  // The cases set their own themes; the toolbar's stays out of the way.
  globals: { theme: 'system' },
} satisfies Meta<typeof Themes>;

export default meta;
type Story = StoryObj<typeof meta>;

function caseOf(canvasElement: HTMLElement, id: string): HTMLElement {
  const element = canvasElement.querySelector<HTMLElement>(`[data-case='${id}']`);
  if (element === null) throw new Error(`No case ${id}`);
  return element;
}

/** The case's own row (not a nested case's) has the palette's colours, its border from the state override. */
async function expectRowIn(canvasElement: HTMLElement, id: string, theme: Theme): Promise<void> {
  const row = caseOf(canvasElement, id).querySelector(`:scope > .tc-row[data-call-id="${CALL_ID}"]`);
  if (row === null) throw new Error(`No row in case ${id}`);
  const style = getComputedStyle(row);
  await expect({ case: id, bg: style.backgroundColor, fg: style.color, border: style.borderTopColor }).toEqual({ case: id, ...PALETTE[theme] });
}

async function expectThemes(canvasElement: HTMLElement, os: Theme): Promise<void> {
  await expectRowIn(canvasElement, 'no data-tc-theme (the OS preference)', os);
  await expectRowIn(canvasElement, 'data-tc-theme="dark"', 'dark');
  await expectRowIn(canvasElement, 'data-tc-theme="light" inside dark', 'light');
  await expectRowIn(canvasElement, 'data-tc-theme="light"', 'light');
  await expectRowIn(canvasElement, 'data-tc-theme="dark" inside light', 'dark');
}

function osPreference(): Theme {
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * `data-tc-theme` on any ancestor forces its theme in both directions, whatever the OS prefers; on the
 * document element too. Under Vitest the OS preference is emulated both ways; in Storybook the
 * reviewer's own is checked.
 */
export const ForcedOverOsPreference: Story = {
  name: 'data-tc-theme over the OS preference',
  play: async ({ canvasElement, step }) => {
    await expect(canvasElement.querySelector(`.${STORY_ROOT_CLASS}`)).not.toHaveAttribute('data-tc-theme');
    const os = osPreference();
    await step(`the OS prefers ${os}`, () => expectThemes(canvasElement, os));
    const emulate = osColorSchemeEmulator();
    if (emulate === undefined) return;
    try {
      for (const scheme of THEMES) {
        const other: Theme = scheme === 'dark' ? 'light' : 'dark';
        await emulate(scheme);
        await step(`emulated: the OS prefers ${scheme}`, async () => {
          await expect(osPreference()).toBe(scheme);
          await expectThemes(canvasElement, scheme);
        });
        // Only the document element: the story root carries no theme here (`system`).
        await step(`emulated: the OS prefers ${scheme}, the document element forces ${other}`, async () => {
          const root = document.documentElement;
          root.setAttribute('data-tc-theme', other);
          try {
            await expectRowIn(canvasElement, 'no data-tc-theme (the OS preference)', other);
            await expectRowIn(canvasElement, 'data-tc-theme="light" inside dark', 'light');
            await expectRowIn(canvasElement, 'data-tc-theme="dark" inside light', 'dark');
          } finally {
            root.removeAttribute('data-tc-theme');
          }
        });
      }
    } finally {
      await emulate(os);
    }
  },
};
