// Uses the public types of both packages as an app would; `tsc --noEmit -p .` must pass against the
// installed tarballs with Node's own module resolution (`nodenext`).
import type { ReactNode } from 'react';
import { AttachmentNotAvailableError, SessionReplay, ToolCardProvider, type LoadImage, type ToolCardProviderProps } from '@toolcard/ui-tool-image';
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
import { createReadImageMcpServer, MCP_PRESENTATION_META_KEY, type ReadImageMcpServerOptions } from '@toolcard/host-read-image/mcp';

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

/** The MCP entry (its optional peers installed): the SDK's McpServer, ready for any transport. */
export async function closeMcpServer(workspaceDir: string, storeDir: string): Promise<string> {
  const options: ReadImageMcpServerOptions = {
    fs: new LocalFileSystem({ roots: [workspaceDir] }),
    attachments: new LocalAttachmentStore({ dir: storeDir }),
    models: new ConfigModelResolver([{ provider: 'p', model: 'm', inputModalities: ['text', 'image'] }]),
    cwd: workspaceDir,
    route: { provider: 'p', model: 'm' },
  };
  const server = createReadImageMcpServer(options);
  await server.close();
  return MCP_PRESENTATION_META_KEY;
}

// The types are real, not `any`: each line below must be an error.
// @ts-expect-error a parsed log has events and problems
export const incomplete: ParsedSessionLog = { header: null };
// @ts-expect-error loadImage is required
export const noLoader = <ToolCardProvider locale="en" />;
// @ts-expect-error the MCP server needs the cwd and the route whose modalities gate images
export const noRoute: ReadImageMcpServerOptions = {
  fs: new LocalFileSystem(),
  attachments: new LocalAttachmentStore({ dir: '/x' }),
  models: new ConfigModelResolver([]),
};
