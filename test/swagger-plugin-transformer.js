// Runs the @nestjs/swagger CLI plugin inside ts-jest, so DTOs carry the same documentation
// metadata in tests as in `nest build` output. Change the version to bust ts-jest's cache.
const plugin = require('@nestjs/swagger/plugin');
const { SWAGGER_PLUGIN_OPTIONS } = require('./jest-shared');

module.exports.name = 'nestjs-swagger-transformer';
module.exports.version = 1;
module.exports.factory = (compiler) => plugin.before(SWAGGER_PLUGIN_OPTIONS, compiler.program);
