import type { Decorator, Preview } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { ToolCardProvider, type Locale } from '@toolcard/ui-tool-image';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { loadRecordedAttachment } from '../stories/support/attachment-store';
import { isThemeGlobal, STORY_ROOT_CLASS, type ThemeGlobal } from '../stories/support/theme';
import type { ToolcardParameters } from '../stories/support/toolcard-parameters';
import '@toolcard/ui-tool-image/styles.css';
import { DocsMain } from './docs-container';
import './preview.css';

const LOCALES: readonly Locale[] = ['en', 'zh-CN'];

function isLocale(value: unknown): value is Locale {
  return LOCALES.some((locale) => locale === value);
}

function StoryToolCards({ children, ...props }: ToolcardParameters & { readonly children: ReactNode }): ReactNode {
  // Created once per mount, and every story mounts its own (keyed by story id below).
  const [queryClient] = useState(() => new QueryClient());
  return (
    <ToolCardProvider loadImage={loadRecordedAttachment} {...props} queryClient={queryClient}>
      {children}
    </ToolCardProvider>
  );
}

/** The class that paints the story canvas (preview.css) from the cards' `--tc-bg` and colour scheme. */
const CANVAS_CLASS = 'tc-story-canvas';

interface StoryRootProps {
  readonly locale: Locale;
  readonly theme: ThemeGlobal;
  /** In the story view the page is the story's: it takes the theme too. Docs pages hold many stories. */
  readonly ownsPage: boolean;
  readonly children: ReactNode;
}

/**
 * The story root: `lang` and `data-tc-theme` (none for `system`, so the OS preference decides). In
 * the story view the document element gets the same theme, so the whole canvas (not only the cards'
 * box) is dark in the dark theme and the lightbox, portalled into document.body, is inside it too.
 */
function StoryRoot({ locale, theme, ownsPage, children }: StoryRootProps): ReactNode {
  const forced = theme === 'system' ? undefined : theme;
  useLayoutEffect(() => {
    if (!ownsPage) return undefined;
    const page = document.documentElement;
    page.classList.add(CANVAS_CLASS);
    if (forced === undefined) page.removeAttribute('data-tc-theme');
    else page.setAttribute('data-tc-theme', forced);
    return () => {
      page.classList.remove(CANVAS_CLASS);
      page.removeAttribute('data-tc-theme');
    };
  }, [forced, ownsPage]);
  return (
    <div className={STORY_ROOT_CLASS} lang={locale} data-tc-theme={forced}>
      {children}
    </div>
  );
}

/**
 * Every story gets its own provider, slot registry and image cache, configured by `parameters.toolcard`,
 * inside a story root that carries the toolbar's locale and theme.
 */
const withToolCards: Decorator = (Story, { id, globals, parameters, viewMode }) => {
  const { toolcard } = parameters as { toolcard?: ToolcardParameters };
  const locale = toolcard?.locale ?? (isLocale(globals.locale) ? globals.locale : 'en');
  const theme = isThemeGlobal(globals.theme) ? globals.theme : 'system';
  return (
    <StoryRoot locale={locale} theme={theme} ownsPage={viewMode === 'story'}>
      <StoryToolCards key={id} {...toolcard} locale={locale}>
        <Story />
      </StoryToolCards>
    </StoryRoot>
  );
};

const preview: Preview = {
  decorators: [withToolCards],
  // Every story is also a screenshot test (.storybook/screenshot-baselines.ts) unless tagged `!screenshot`.
  tags: ['screenshot'],
  globalTypes: {
    locale: {
      description: 'Language of the tool cards',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'zh-CN', title: '中文 (zh-CN)' },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Theme of the tool cards (data-tc-theme on the story root)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'system', title: 'System (prefers-color-scheme)' },
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', theme: 'system' },
  parameters: {
    layout: 'padded',
    // Every story is an accessibility test: any axe violation fails it, in the UI and in Vitest.
    a11y: { test: 'error' },
    docs: { container: DocsMain },
  },
};

export default preview;
