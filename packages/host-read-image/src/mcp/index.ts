// `@toolcard/host-read-image/mcp`: a separate entry, so apps that do not serve MCP never load the SDK.
export { createReadImageMcpServer, MCP_ERROR_META_KEY, MCP_PRESENTATION_META_KEY, type ReadImageMcpServerOptions } from './read-image-mcp-server.ts';
export { startMcpHttpServer, type McpHttpServerOptions, type RunningMcpHttpServer } from './mcp-http-server.ts';
