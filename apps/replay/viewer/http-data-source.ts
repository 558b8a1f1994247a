import type { SessionInfo, WorkbenchInfo } from '../wire/workbench';
import { attachmentLoader } from './attachment-loader';
import type { ViewerDataSource } from './data-source';
import DiffWorker from '@toolcard/ui-tool-image/diff-worker?worker';

import type { CompareStart } from './compare/compare-protocol';
import CompareWorker from './compare/compare-worker?worker';
import FollowWorker from './follow-worker?worker';
import { followLogInWorker } from './live-log';
import { reviewClient } from './review/review-client';
import { sessionApi } from './session-api';
import { searchWithFilter } from './url-filter';

/** The replay server's routes, as the viewer has always read them: the log followed in a Web Worker, images and verdicts per request. */
export const httpDataSource: ViewerDataSource = {
  info: async (signal) => {
    const response = await fetch('/api/info', { signal });
    if (!response.ok) throw new Error(String(response.status));
    return (await response.json()) as WorkbenchInfo;
  },
  sessionInfo: async (sessionId, signal) => {
    const response = await fetch(`${sessionApi(sessionId)}/info`, { signal });
    return response.status === 404 ? 'missing' : ((await response.json()) as SessionInfo);
  },
  followLog: (sessionId, callbacks) => {
    // The worker follows the session it is named after.
    followLogInWorker({ ...callbacks, createWorker: () => new FollowWorker({ name: sessionId }) });
  },
  loadImage: attachmentLoader,
  reviews: reviewClient,
  exportHref: (sessionId, filter) => `${sessionApi(sessionId)}/export${searchWithFilter('', filter)}`,
  comparisonExportHref: (a, b) => `${sessionApi(a)}/export?with=${encodeURIComponent(b)}`,
  openingFilter: '',
  openingComparison: null,
  startCompareWorker: (ids) => {
    const worker = new CompareWorker();
    worker.postMessage({ kind: 'follow', ...ids } satisfies CompareStart);
    return worker;
  },
  createDiffWorker: () => new DiffWorker(),
  logsGrow: true,
  exportedSubset: () => null,
};
