// One private-member style (issue 25 §6), proved on planted files: a #private member is a lint error
// everywhere — in the UI package too, whose own no-restricted-syntax list replaces the global one —
// and TypeScript's `private` is not.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const REPO = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({
  cwd: REPO,
  overrideConfig: [tseslint.configs.disableTypeChecked, { languageOptions: { parserOptions: { projectService: false } } }],
});

async function privateStyleErrors(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO}${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax' && message.message.includes('#private')).length;
}

const hashPrivate = 'export class Counter {\n  #count = 0;\n  next(): number {\n    return ++this.#count;\n  }\n}\n';
const tsPrivate = 'export class Counter {\n  private count = 0;\n  next(): number {\n    return ++this.count;\n  }\n}\n';

describe('one private-member style', () => {
  it.each(['packages/host-read-image/src/store/planted.ts', 'packages/ui-tool-image/src/model/planted.ts', 'apps/replay/src/server/planted.ts'])(
    'refuses a #private member in %s and accepts `private`',
    async (file) => {
      expect(await privateStyleErrors(file, hashPrivate)).toBe(2);
      expect(await privateStyleErrors(file, tsPrivate)).toBe(0);
    },
  );
});
