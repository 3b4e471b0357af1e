export * from './build-data-source-options';
export * from './transaction-runner';
export * from './unique-violation';
export * from './like-pattern';
export * from './deadlock';
