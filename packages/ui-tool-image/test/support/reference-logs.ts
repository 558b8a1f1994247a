/// <reference types="vite/client" />
import readImage from '../../../../stories/fixtures/reference-logs/read-image/session.jsonl?raw';
import readImageTextRoute from '../../../../stories/fixtures/reference-logs/read-image-text-route/session.jsonl?raw';

const LOGS = { 'read-image': readImage, 'read-image-text-route': readImageTextRoute };

/**
 * A reference log of the harness (copied from shared/reference-logs) with its `{{cwd}}`
 * snapshot placeholder replaced by a literal path, as real logs hold.
 */
export function referenceLog(name: keyof typeof LOGS, cwd: string): string {
  return LOGS[name].replaceAll('{{cwd}}', cwd);
}
