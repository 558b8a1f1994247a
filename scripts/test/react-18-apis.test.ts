// The React 18.3 rule in eslint.config.js, proved on planted files: a React-19-only hook or a context
// rendered as its own provider is an error in the UI package; their React 18 forms are not.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const REPO = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({
  cwd: REPO,
  overrideConfig: [tseslint.configs.disableTypeChecked, { languageOptions: { parserOptions: { projectService: false } } }],
});

async function react19Errors(code: string, file = 'packages/ui-tool-image/src/components/planted.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO}${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message.split(' ')[0] ?? '');
}

describe('the UI package uses no React-19-only API', () => {
  it('refuses the hooks React 18.3 lacks', async () => {
    expect(
      await react19Errors(
        "import { use, useEffectEvent, useActionState, useOptimistic, useFormStatus } from 'react';\nexport const a = [use, useEffectEvent, useActionState, useOptimistic, useFormStatus];",
      ),
    ).toEqual(['use', 'useEffectEvent', 'useActionState', 'useOptimistic', 'useFormStatus']);
  });

  it('refuses a context rendered as its own provider, and accepts Context.Provider', async () => {
    const context = "import { createContext, type ReactNode } from 'react';\nconst ThemeContext = createContext('light');\n";
    expect(
      await react19Errors(`${context}export const A = ({ children }: { children: ReactNode }) => <ThemeContext value="dark">{children}</ThemeContext>;`),
    ).toEqual(['A']);
    expect(
      await react19Errors(
        `${context}export const A = ({ children }: { children: ReactNode }) => <ThemeContext.Provider value="dark">{children}</ThemeContext.Provider>;`,
      ),
    ).toEqual([]);
  });

  it('accepts the React 18 forms, and leaves the apps (on React 19) alone', async () => {
    expect(await react19Errors("import { useContext, useInsertionEffect } from 'react';\nexport const a = [useContext, useInsertionEffect];")).toEqual([]);
    expect(await react19Errors("import { use } from 'react';\nexport const a = use;", 'apps/replay/viewer/planted.tsx')).toEqual([]);
  });
});
