export * from './problems/import-problem';
export * from './reader/read-calendar';
export * from './mapping/import-item';
export * from './mapping/map-calendar';
export * from './mapping/series-groups';
