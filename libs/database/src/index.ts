export * from './build-data-source-options';
export * from './transaction-runner';
export * from './conflicts';
export * from './like-pattern';
export * from './safe-query-logger';
