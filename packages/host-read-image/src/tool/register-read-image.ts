import { checkOption, withMethods } from '../options/check-option.ts';
import type { AttachmentStore } from '../seams/attachment-store.ts';
import { checkReadImageDeps, createReadImageTool, type ReadImageDeps } from './read-image-tool.ts';
import type { ToolRegistry } from './tool-registry.ts';

export type RegisterReadImageDeps = Omit<ReadImageDeps, 'attachments'> & {
  readonly attachments?: AttachmentStore | undefined;
};

const OWNER = 'registerReadImage';
const TOOL_REGISTRY = withMethods<ToolRegistry>('a ToolRegistry (a register method)', ['register']);

/**
 * Registers read_image only when an attachment store is present (without one the tool
 * could never succeed, so its schema would be a standing lie) and removes it when the
 * store is disposed. Returns a disposer.
 */
export function registerReadImage(registry: ToolRegistry, deps: RegisterReadImageDeps): () => void {
  checkOption(OWNER, 'registry', registry, TOOL_REGISTRY);
  checkReadImageDeps(OWNER, deps, 'optional');
  const { attachments } = deps;
  if (!attachments) return () => undefined;
  const unregister = registry.register(createReadImageTool({ ...deps, attachments }));
  const unsubscribe = attachments.onDispose(unregister);
  return () => {
    unsubscribe();
    unregister();
  };
}
