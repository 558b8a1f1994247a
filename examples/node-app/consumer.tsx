// Uses the public types of both packages as an app would; `tsc --noEmit -p .` must pass against the
// installed tarballs with Node's own module resolution (`nodenext`).
import type { ReactNode } from 'react';
import {
  AttachmentNotAvailableError,
  SessionReplay,
  ToolCardProvider,
  type LoadImage,
  type ToolCardProviderProps,
} from '@toolcard/ui-tool-image';
import { buildToolCalls, imageCardModel, parseSessionLog, type ParsedSessionLog, type ToolCallNode } from '@toolcard/ui-tool-image/model';
import {
  ConfigModelResolver,
  LocalAttachmentStore,
  LocalFileSystem,
  ToolRegistry,
  registerReadImage,
  type AttachmentRef,
  type ToolResult,
} from '@toolcard/host-read-image';

export const loadImage: LoadImage = async (ref, { signal }) => {
  const response = await fetch(`/attachments/${encodeURIComponent(ref.attachmentId)}`, { signal });
  if (response.status === 404) throw new AttachmentNotAvailableError(`${ref.attachmentId} is not in the store`);
  return response.blob();
};

export function Replay({ jsonl }: { readonly jsonl: string }): ReactNode {
  const log: ParsedSessionLog = parseSessionLog(jsonl);
  const props: Omit<ToolCardProviderProps, 'children'> = { loadImage, locale: 'en', cwd: '/srv/project' };
  return (
    <ToolCardProvider {...props}>
      <SessionReplay log={log} />
    </ToolCardProvider>
  );
}

export function imageLabels(jsonl: string): string[] {
  const { roots } = buildToolCalls(parseSessionLog(jsonl).events);
  return roots.flatMap((node: ToolCallNode) => {
    const card = imageCardModel(node);
    return card === null ? [] : [card.label];
  });
}

export async function readOnce(workspaceDir: string, storeDir: string): Promise<ToolResult | undefined> {
  const registry = new ToolRegistry();
  registerReadImage(registry, {
    fs: new LocalFileSystem({ roots: [workspaceDir] }),
    attachments: new LocalAttachmentStore({ dir: storeDir }),
    models: new ConfigModelResolver([{ provider: 'p', model: 'm', inputModalities: ['text', 'image'] }]),
  });
  const result = await registry.get('read_image')?.execute({ file_path: 'shot.png' }, { callId: 'c1', cwd: workspaceDir });
  const refs: AttachmentRef[] = (result?.content ?? []).flatMap((block) => (block.type === 'image' ? [block.attachment] : []));
  return refs.length > 0 ? result : undefined;
}

// The types are real, not `any`: each line below must be an error.
// @ts-expect-error a parsed log has events and problems
export const incomplete: ParsedSessionLog = { header: null };
// @ts-expect-error loadImage is required
export const noLoader = <ToolCardProvider locale="en" />;
