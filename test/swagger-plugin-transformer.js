// Runs the @nestjs/swagger CLI plugin inside ts-jest, so DTOs carry the same documentation
// metadata in tests as in `nest build` output. The version is part of ts-jest's cache key: it
// follows the options (from nest-cli.json), so changing them recompiles.
const { createHash } = require('node:crypto');
const plugin = require('@nestjs/swagger/plugin');
const { SWAGGER_PLUGIN_OPTIONS } = require('./jest-shared');

module.exports.name = 'nestjs-swagger-transformer';
module.exports.version = `2-${createHash('sha256').update(JSON.stringify(SWAGGER_PLUGIN_OPTIONS)).digest('hex').slice(0, 12)}`;
module.exports.factory = (compiler) => plugin.before(SWAGGER_PLUGIN_OPTIONS, compiler.program);
