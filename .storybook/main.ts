import type { StorybookConfig } from '@storybook/react-vite';
import remarkGfm from 'remark-gfm';
import { workspaceSources } from '../scripts/workspace-sources.ts';
import { REFERENCE_LOGS_FOUND, referenceLogsPlugin } from './reference-logs.ts';
import { SESSION_LOG_GLOBS, sessionLogIndexer, sessionLogStoriesPlugin } from './session-log-stories';

/** The docs pages (MDX), the manual the README points to; scripts/test/docs-pages.test.ts checks them. */
const DOCS_PAGES = '../docs/pages/*.mdx';

/**
 * Every story file in a folder under `stories/`, except in a `reference-logs/` folder: those read the
 * harness's reference logs (.storybook/reference-logs.ts) and are story files only when those are there.
 */
const OWN_STORIES = '../stories/**/!(reference-logs)/*.stories.@(ts|tsx)';
const REFERENCE_LOG_STORIES = '../stories/**/reference-logs/*.stories.@(ts|tsx)';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: [DOCS_PAGES, OWN_STORIES, ...(REFERENCE_LOGS_FOUND ? [REFERENCE_LOG_STORIES] : []), ...SESSION_LOG_GLOBS],
  experimental_indexers: (existing) => [sessionLogIndexer, ...(existing ?? [])],
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: [...(viteConfig.plugins ?? []), workspaceSources(), referenceLogsPlugin(), sessionLogStoriesPlugin()],
  }),
  addons: [
    '@storybook/addon-vitest',
    '@storybook/addon-a11y',
    // MDX 3 has no tables without GFM, and the docs pages are mostly tables and task lists.
    { name: '@storybook/addon-docs', options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } } },
  ],
  // Telemetry costs eight failing network calls and seconds per build on offline machines.
  core: { disableTelemetry: true },
};

export default config;
