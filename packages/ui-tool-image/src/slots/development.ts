// Bundlers (Vite in dev and build alike) replace `process.env.NODE_ENV` statically; Vitest
// runs in Node, where it is real. `import.meta.env` would exist under Vite only.
declare const process: { readonly env: { readonly NODE_ENV?: string } };

export function isDevelopment(): boolean {
  return process.env.NODE_ENV !== 'production';
}
