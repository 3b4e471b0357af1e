export * from './problems/import-problem';
export * from './reader/read-calendar';
export * from './mapping/import-item';
export * from './mapping/map-calendar';
export * from './mapping/series-groups';
export * from './problems/problem-messages';
export * from './fetch/address-ranges';
export * from './fetch/fetch-calendar';
export type { CheckedAddress } from './fetch/pinned-request';
