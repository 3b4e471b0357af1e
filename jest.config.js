// Unit tests: pure logic next to the code it tests (`*.spec.ts` under apps/ and libs/).
const { aliases, transform } = require('./test/jest-shared');

module.exports = {
  rootDir: '.',
  roots: ['<rootDir>/apps', '<rootDir>/libs'],
  testRegex: '.*\\.spec\\.ts$',
  moduleFileExtensions: ['js', 'json', 'ts'],
  transform,
  moduleNameMapper: aliases('<rootDir>'),
  testEnvironment: 'node',
};
