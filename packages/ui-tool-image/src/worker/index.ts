export { parseSessionLogInWorker, type ParseInWorkerOptions, type ParseProgress } from './parse-in-worker';
