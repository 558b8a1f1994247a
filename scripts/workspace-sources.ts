import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';

/**
 * Workspace development runs the packages from source. Each package's `exports` has a first
 * condition `@toolcard/source` pointing at `src/` (the published manifest, `publishConfig.exports`,
 * leaves it out), and everything in this repo that resolves `@toolcard/*` enables it: TypeScript
 * through `customConditions` in tsconfig.base.json, and Vite (Storybook, the Vitest projects, the UI
 * benchmark) through this plugin. Without it Vite would resolve the built `dist/`, stale or absent.
 * The name is scoped so that no dependency's own `source` condition is picked up by accident.
 */
export const SOURCE_CONDITION = '@toolcard/source';

/** `server: 'node'` resolves server-side imports with Node's own conditions (no bundler-only `module` builds). */
export function workspaceSources(options: { server?: 'vite' | 'node' } = {}): Plugin {
  const serverConditions = options.server === 'node' ? defaultServerConditions.filter((condition) => condition !== 'module') : defaultServerConditions;
  return {
    name: 'toolcard:workspace-sources',
    config: () => ({
      resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
      ssr: { resolve: { conditions: [SOURCE_CONDITION, ...serverConditions] } },
    }),
  };
}
