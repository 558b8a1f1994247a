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

describe('host layers (seams → fs, image → store → log → http → tool → mcp)', () => {
  it('seams import nothing else; log nothing from tool; store nothing from log', async () => {
    expect(
      await restrictedImports(
        'packages/host-read-image/src/seams/planted.ts',
        "import { LocalAttachmentStore } from '../store/local/local-attachment-store.ts';\nexport const a = LocalAttachmentStore;",
      ),
    ).toEqual([expect.stringContaining('seams/ is below store/: it must not import it.')]);
    expect(
      await restrictedImports(
        'packages/host-read-image/src/log/planted.ts',
        "import { readImageTool } from '../tool/read-image-tool.ts';\nexport const a = readImageTool;",
      ),
    ).toEqual([expect.stringContaining('log/ is below tool/: it must not import it.')]);
    expect(
      await restrictedImports(
        'packages/host-read-image/src/store/planted.ts',
        "import { SessionRecorder } from '../log/session-recorder.ts';\nexport const a = SessionRecorder;",
      ),
    ).toEqual([expect.stringContaining('store/ is below log/: it must not import it.')]);
  });

  it('allows every import downward', async () => {
    expect(
      await restrictedImports(
        'packages/host-read-image/src/tool/planted.ts',
        "import { AttachmentError } from '../seams/attachment-store.ts';\nimport { SessionRecorder } from '../log/session-recorder.ts';\nexport const a = [AttachmentError, SessionRecorder];",
      ),
    ).toEqual([]);
  });
});
