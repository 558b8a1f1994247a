import { describe, expect, it } from 'vitest';

import { LocalFileSystem } from '../../src/fs/local-file-system.ts';
import { ConfigModelResolver } from '../../src/model-routes/config-model-resolver.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { registerReadImage } from '../../src/tool/register-read-image.ts';
import { ToolRegistry } from '../../src/tool/tool-registry.ts';
import { useTempDirs } from '../support/temp-workspace.ts';

const tempDir = useTempDirs();
const base = { fs: new LocalFileSystem(), models: new ConfigModelResolver([]) };

describe('registerReadImage', () => {
  it('registers nothing without an attachment store', () => {
    const registry = new ToolRegistry();
    registerReadImage(registry, { ...base, attachments: undefined })();
    expect(registry.names()).toEqual([]);
  });

  it('registers read_image with a store and removes it when the store is disposed', async () => {
    const registry = new ToolRegistry();
    const attachments = new LocalAttachmentStore({ dir: await tempDir() });
    registerReadImage(registry, { ...base, attachments });
    expect(registry.get('read_image')?.parameters.required).toEqual(['file_path']);
    attachments.dispose();
    expect(registry.names()).toEqual([]);
  });

  it('unregisters through its disposer and then ignores the store disposal', async () => {
    const registry = new ToolRegistry();
    const attachments = new LocalAttachmentStore({ dir: await tempDir() });
    const dispose = registerReadImage(registry, { ...base, attachments });
    dispose();
    expect(registry.names()).toEqual([]);
    const again = registerReadImage(registry, { ...base, attachments: new LocalAttachmentStore({ dir: await tempDir() }) });
    attachments.dispose();
    expect(registry.names()).toEqual(['read_image']);
    again();
  });
});

describe('ToolRegistry', () => {
  it('refuses a second tool of the same name', async () => {
    const registry = new ToolRegistry();
    const attachments = new LocalAttachmentStore({ dir: await tempDir() });
    registerReadImage(registry, { ...base, attachments });
    expect(() => registerReadImage(registry, { ...base, attachments })).toThrow('"read_image" is already registered');
  });
});
