// The layer rules in eslint.config.js, proved on planted files: an upward import is an error, the
// same import one layer up is not.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const REPO = new URL('../..', import.meta.url).pathname;
// Planted files exist in no tsconfig: lint them without type information (the layer rule needs none).
const eslint = new ESLint({
  cwd: REPO,
  overrideConfig: [tseslint.configs.disableTypeChecked, { languageOptions: { parserOptions: { projectService: false } } }],
});

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO}${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('UI layers (model → labels → slots → components → plugins)', () => {
  it('model imports no React and nothing above it', async () => {
    expect(
      await restrictedImports('packages/ui-tool-image/src/model/card/planted.ts', "import { useState } from 'react';\nexport const a = useState;"),
    ).toEqual(["'react' import is restricted from being used by a pattern. model/ is framework-free."]);
    expect(
      await restrictedImports(
        'packages/ui-tool-image/src/model/replay/planted.ts',
        "import { ToolRow } from '../../components/row/tool-row';\nexport const a = ToolRow;",
      ),
    ).toHaveLength(1);
    expect(await restrictedImports('packages/ui-tool-image/src/model/planted.ts', "import { en } from '../labels';\nexport const a = en;")).toHaveLength(1);
  });

  it('slots import nothing from components or plugins; components nothing from plugins', async () => {
    expect(
      await restrictedImports(
        'packages/ui-tool-image/src/slots/planted.ts',
        "import { ToolRow } from '../components/row/tool-row';\nexport const a = ToolRow;",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'packages/ui-tool-image/src/components/row/planted.ts',
        "import { BUILTIN_PLUGINS } from '../../plugins/builtin-plugins';\nexport const a = BUILTIN_PLUGINS;",
      ),
    ).toHaveLength(1);
  });

  it('allows every import downward', async () => {
    expect(
      await restrictedImports(
        'packages/ui-tool-image/src/plugins/planted.ts',
        "import { ToolRow } from '../components/row/tool-row';\nexport const a = ToolRow;",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'packages/ui-tool-image/src/components/planted.ts',
        "import { useState } from 'react';\nimport { en } from '../labels';\nexport const a = [useState, en];",
      ),
    ).toEqual([]);
  });
});
