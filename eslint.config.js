import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One private-member style across the repo (issue 25 §6): TypeScript's `private`, the one most of the code used. */
const ONE_PRIVATE_STYLE = {
  selector: 'PrivateIdentifier',
  message: "Use TypeScript's `private` member, not a #private one: one private-member style across the repo.",
};

/** Hooks React 18.3 does not have. */
const REACT_19_ONLY_HOOKS = ['use', 'useEffectEvent', 'useActionState', 'useOptimistic', 'useFormStatus'];

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
      'no-restricted-syntax': ['error', ONE_PRIVATE_STYLE],
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
  // The UI package supports React 18.3 and 19 (its peer range): no API only React 19 has. The consumer
  // proofs type-check and run it on React 18.3 too; this names the cause before that.
  {
    files: ['packages/ui-tool-image/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ONE_PRIVATE_STYLE,
        ...REACT_19_ONLY_HOOKS.map((name) => ({
          selector: `ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name='${name}']`,
          message: `${name} is React 19 only; the package supports React 18.3 (use the 18 equivalent: useContext, useLatestCallback…).`,
        })),
        {
          selector: 'JSXOpeningElement > JSXIdentifier.name[name=/Context$/]',
          message: 'A context as its own provider is React 19 only; render <Context.Provider value=…> (React 18.3 is supported).',
        },
      ],
    },
  },
  // Layers point one way (DESIGN §4, §3): a lower layer never imports a higher one. UI: model → labels →
  // slots → components → plugins (the worker reads the model only). Host: seams → fs, image → store → log →
  // http → tool → mcp.
  ...layerRules('packages/ui-tool-image/src', [
    { layer: 'model', above: ['labels', 'slots', 'components', 'plugins', 'worker'], packages: ['react', 'react-dom', 'react/*', '@tanstack/*'] },
    { layer: 'labels', above: ['slots', 'components', 'plugins', 'worker'] },
    { layer: 'slots', above: ['components', 'plugins', 'worker'] },
    { layer: 'components', above: ['plugins', 'worker'] },
    { layer: 'worker', above: ['labels', 'slots', 'components', 'plugins'], packages: ['react', 'react-dom', 'react/*'] },
  ]),
  ...layerRules('packages/host-read-image/src', [
    { layer: 'seams', above: ['fs', 'image', 'store', 'log', 'http', 'tool', 'mcp', 'model-routes', 'options'] },
    { layer: 'fs', above: ['image', 'store', 'log', 'http', 'tool', 'mcp'] },
    { layer: 'image', above: ['fs', 'store', 'log', 'http', 'tool', 'mcp'] },
    { layer: 'store', above: ['log', 'http', 'tool', 'mcp'] },
    { layer: 'log', above: ['http', 'tool', 'mcp'] },
    { layer: 'http', above: ['tool', 'mcp'] },
    { layer: 'tool', above: ['mcp'] },
  ]),
  {
    files: ['eslint.config.js', 'scripts/*.mjs', 'apps/replay/bin/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);

/**
 * `no-restricted-imports` for each layer folder under `root`: no import of a folder above it (by any
 * relative path) and none of the listed packages.
 */
function layerRules(root, layers) {
  return layers.map(({ layer, above, packages = [] }) => ({
    files: [`${root}/${layer}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...above.map((folder) => ({ group: [`**/${folder}`, `**/${folder}/**`], message: `${layer}/ is below ${folder}/: it must not import it.` })),
            ...(packages.length === 0 ? [] : [{ group: packages, message: `${layer}/ is framework-free.` }]),
          ],
        },
      ],
    },
  }));
}
