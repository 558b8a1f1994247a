/**
 * The harness's reference logs and their image files, read from `../shared/reference-logs/` beside
 * the repository when the stories are built (`@reference-logs`, .storybook/reference-logs.ts); they
 * are another project's files and never committed here. Both are empty when the folder is not there.
 * Keys are file paths: `…/reference-logs/<name>/session.jsonl`, `…/reference-logs/<name>/<image>`.
 */
export const REFERENCE_LOG_TEXTS = import.meta.glob<string>('@reference-logs/*/session.jsonl', { query: '?raw', import: 'default', eager: true });

export const REFERENCE_IMAGE_URLS = import.meta.glob<string>('@reference-logs/*/*.{png,jpg,jpeg,gif,webp}', { query: '?url', import: 'default', eager: true });
