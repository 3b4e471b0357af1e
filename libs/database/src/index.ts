export * from './build-data-source-options';
export * from './transaction-runner';
export * from './conflicts';
export * from './like-pattern';
export * from './retry-policy';
export * from './row-locks';
export * from './sqlite-write-transaction';
export * from './write-data-source';
