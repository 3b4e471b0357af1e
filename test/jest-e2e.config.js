// e2e tests: the real Nest app over HTTP (supertest) against a real database, chosen by
// E2E_DB=sqlite (default, a temporary file per test file) or E2E_DB=mysql (a fresh database per file).
// Files named *.mysql.e2e-spec.ts test what only a database server has (losing its node) and run
// with E2E_DB=mysql only.
const { aliases, transform } = require('./jest-shared');

module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/test'],
  testRegex: '.*\\.e2e-spec\\.ts$',
  testPathIgnorePatterns: process.env.E2E_DB === 'mysql' ? ['/node_modules/'] : ['/node_modules/', '\\.mysql\\.e2e-spec\\.ts$'],
  moduleFileExtensions: ['js', 'json', 'ts'],
  transform,
  moduleNameMapper: aliases('<rootDir>'),
  testEnvironment: 'node',
  // A limit that only catches a hung test (speed is measured in bench/, never asserted here): on a
  // shared machine under load, starting the app against MariaDB alone has taken over 30 s.
  testTimeout: 120000,
  // A suite whose setup fails can leave an app's database pool open; the run must then end with
  // its failure, not wait for the pool (a CI run sat idle for half an hour after such a failure).
  forceExit: true,
};
