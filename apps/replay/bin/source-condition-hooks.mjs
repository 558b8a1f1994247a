// Module resolution hooks for the workspace: resolve `@toolcard/*` packages through their
// `@toolcard/source` export condition (their `src/`), as Vite and TypeScript do here, so the
// replay viewer runs without building the packages first (scripts/workspace-sources.ts).
export async function resolve(specifier, context, nextResolve) {
  return nextResolve(specifier, { ...context, conditions: ['@toolcard/source', ...context.conditions] });
}
