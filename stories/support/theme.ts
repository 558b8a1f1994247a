/**
 * The cards' theme in Storybook: a toolbar global (`theme`) that the preview decorator turns into
 * `data-tc-theme` on the story root, and the `parameters.theme` a story sets to be checked (axe) and
 * captured (screenshot) in more themes than the one it renders in.
 */

export const THEMES = ['light', 'dark'] as const;

export type Theme = (typeof THEMES)[number];

/** The toolbar's choices: a forced theme, or none (`system`: the OS preference decides). */
export type ThemeGlobal = Theme | 'system';

export function isThemeGlobal(value: unknown): value is ThemeGlobal {
  return value === 'system' || THEMES.some((theme) => theme === value);
}

/** What a story (or a whole stories file) sets under `parameters.theme`. */
export interface ThemeParameters {
  /**
   * After the story has rendered and played, its final state is forced into each of these themes in
   * turn, checked by axe and captured as `<theme>/<story-id>.png` (.storybook/screenshot-baselines.ts).
   * The themes are pure CSS keyed on `data-tc-theme`, so this is the page the toolbar would show.
   */
  readonly variants?: readonly Theme[];
}

export function themeVariantsOf(parameters: Readonly<Record<string, unknown>>): readonly Theme[] {
  const theme = parameters.theme as ThemeParameters | undefined;
  return theme?.variants ?? [];
}

/** The element the preview decorator wraps every story in; it carries `data-tc-theme` and `lang`. */
export const STORY_ROOT_CLASS = 'tc-story-root';

/**
 * Forces `theme` on the story canvas: on the document element (the page background and portalled
 * dialogs) and on every story root. Returns the undo.
 */
export function forceTheme(document: Document, theme: Theme): () => void {
  const targets = [document.documentElement, ...document.querySelectorAll<HTMLElement>(`.${STORY_ROOT_CLASS}`)];
  const before = targets.map((element) => element.getAttribute('data-tc-theme'));
  for (const element of targets) element.setAttribute('data-tc-theme', theme);
  return () => {
    targets.forEach((element, index) => {
      const value = before[index];
      if (value === null || value === undefined) element.removeAttribute('data-tc-theme');
      else element.setAttribute('data-tc-theme', value);
    });
  };
}

/** Emulates the OS colour-scheme preference (`prefers-color-scheme`) for the whole page. */
export type EmulateOsColorScheme = (scheme: Theme) => Promise<void>;

const OS_COLOR_SCHEME_EMULATOR = Symbol.for('toolcard.emulateOsColorScheme');

/**
 * The Vitest setup (.storybook/screenshot-baselines.ts) provides an emulator through the Chrome
 * DevTools Protocol; in Storybook itself there is none and a play function checks the preference
 * the reviewer's OS has.
 */
export function provideOsColorSchemeEmulator(emulate: EmulateOsColorScheme): void {
  Object.assign(globalThis, { [OS_COLOR_SCHEME_EMULATOR]: emulate });
}

export function osColorSchemeEmulator(): EmulateOsColorScheme | undefined {
  return (globalThis as Record<symbol, EmulateOsColorScheme | undefined>)[OS_COLOR_SCHEME_EMULATOR];
}
