export { parseSessionLogInWorker, type ParseInWorkerOptions, type ParseProgress } from './parse-in-worker';
export { SessionLogReceiver, SessionLogSender, type SessionLogMessage } from './log-stream';
