// e2e tests: the real Nest app over HTTP (supertest) against a real database, chosen by
// E2E_DB=sqlite (default, a temporary file per test file) or E2E_DB=mysql (a fresh database per file).
const { aliases, transform } = require('./jest-shared');

module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/test'],
  testRegex: '.*\\.e2e-spec\\.ts$',
  moduleFileExtensions: ['js', 'json', 'ts'],
  transform,
  moduleNameMapper: aliases('<rootDir>'),
  testEnvironment: 'node',
  testTimeout: 30000,
};
