/**
 * The recorded sessions' workspace images as base64, for stories of formats that send images
 * inline (MCP `image` blocks, AI SDK media parts). Fetched from the files themselves, so each
 * story's data is a real image of the size its header declares.
 */
const WORKSPACE_IMAGE_URLS = import.meta.glob<string>('../fixtures/workspace/**/*.{png,jpg,gif,webp}', {
  query: '?url',
  import: 'default',
  eager: true,
});

function base64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one String.fromCharCode call per byte of a large image would overflow the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** The URL a workspace image is served at (`images/spinner.gif` → its Vite URL). */
export function workspaceImageUrl(path: string): string {
  const url = WORKSPACE_IMAGE_URLS[`../fixtures/workspace/${path}`];
  if (url === undefined) throw new Error(`No workspace image ${path}`);
  return url;
}

/** A workspace image's bytes, base64-encoded as MCP and the AI SDK carry them. */
export async function workspaceImageBase64(path: string): Promise<string> {
  const response = await fetch(workspaceImageUrl(path));
  if (!response.ok) throw new Error(`Workspace image ${path} answered HTTP ${response.status}`);
  return base64(new Uint8Array(await response.arrayBuffer()));
}
