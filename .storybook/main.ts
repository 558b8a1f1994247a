import type { StorybookConfig } from '@storybook/react-vite';
import { workspaceSources } from '../scripts/workspace-sources.ts';
import { SESSION_LOG_GLOBS, sessionLogIndexer, sessionLogStoriesPlugin } from './session-log-stories';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.@(ts|tsx)', ...SESSION_LOG_GLOBS],
  experimental_indexers: (existing) => [sessionLogIndexer, ...(existing ?? [])],
  viteFinal: (viteConfig) => ({ ...viteConfig, plugins: [...(viteConfig.plugins ?? []), workspaceSources(), sessionLogStoriesPlugin()] }),
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y', '@storybook/addon-docs'],
  // Telemetry costs eight failing network calls and seconds per build on offline machines.
  core: { disableTelemetry: true },
};

export default config;
