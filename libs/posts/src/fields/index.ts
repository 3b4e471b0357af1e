export * from './field-declaration';
export * from './body-fields';
export * from './record-fields';
export * from './record-response';
export * from './field-writes';
export * from './field-filters';
