// `@toolcard/host-read-image/mcp`: a separate entry, so apps that do not serve MCP never load the SDK.
// Every export by name; test/public-surface.test.ts holds the same list.
export { createReadImageMcpServer, MCP_PRESENTATION_META_KEY, type ReadImageMcpServerOptions } from './read-image-mcp-server.ts';
