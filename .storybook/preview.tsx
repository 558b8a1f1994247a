import type { Decorator, Preview } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { ToolCardProvider, type Locale } from '@toolcard/ui-tool-image';
import { useState, type ReactNode } from 'react';
import { loadRecordedAttachment } from '../stories/support/attachment-store';
import type { ToolcardParameters } from '../stories/support/toolcard-parameters';
import '@toolcard/ui-tool-image/styles.css';
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

/** Every story gets its own provider, slot registry and image cache, configured by `parameters.toolcard`. */
const withToolCards: Decorator = (Story, { id, globals, parameters }) => {
  const { toolcard } = parameters as { toolcard?: ToolcardParameters };
  const locale = toolcard?.locale ?? (isLocale(globals.locale) ? globals.locale : 'en');
  return (
    <div lang={locale}>
      <StoryToolCards key={id} {...toolcard} locale={locale}>
        <Story />
      </StoryToolCards>
    </div>
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
  },
  initialGlobals: { locale: 'en' },
  parameters: {
    layout: 'padded',
    // Every story is an accessibility test: any axe violation fails it, in the UI and in Vitest.
    a11y: { test: 'error' },
  },
};

export default preview;
