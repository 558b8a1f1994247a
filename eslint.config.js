import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // examples/ are apps outside the workspace: scripts/consumer-proofs.mjs copies them to a temp dir,
  // installs the packed tarballs there, and builds and type-checks them against what got installed.
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.next/**', '**/storybook-static/**', '**/.bench-results/**', 'docs/**', 'examples/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs', 'apps/replay/bin/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-definitions': 'off',
    },
  },
  {
    files: [
      'packages/ui-tool-image/**/*.{ts,tsx}',
      'stories/**/*.{ts,tsx}',
      '.storybook/**/*.{ts,tsx}',
      'bench/ui/**/*.{ts,tsx}',
      'apps/replay/viewer/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['eslint.config.js', 'scripts/*.mjs', 'apps/replay/bin/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
