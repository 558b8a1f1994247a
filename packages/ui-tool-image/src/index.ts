export * from './model';
export * from './slots';
export * from './labels';
export * from './components';
export * from './plugins';
export * from './worker';
