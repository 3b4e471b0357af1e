// Shared by the unit and e2e Jest configs: the path aliases of tsconfig.json and ts-jest with
// the Swagger CLI plugin, so tests see the same DTO metadata as `nest build` produces.
const LIBS = ['common', 'config', 'database', 'domain', 'auth', 'terms', 'posts', 'recurrence', 'ical-import'];

exports.aliases = (root) =>
  Object.fromEntries(
    LIBS.flatMap((lib) => [
      [`^@app/${lib}$`, `${root}/libs/${lib}/src`],
      [`^@app/${lib}/(.*)$`, `${root}/libs/${lib}/src/$1`],
    ]),
  );

/** The Swagger plugin's options, kept once: in nest-cli.json, which `nest build` reads. */
exports.SWAGGER_PLUGIN_OPTIONS = require('../nest-cli.json').compilerOptions.plugins.find(
  (plugin) => plugin.name === '@nestjs/swagger',
).options;

exports.transform = {
  '^.+\\.ts$': [
    'ts-jest',
    {
      tsconfig: '<rootDir>/tsconfig.json',
      astTransformers: {
        before: [{ path: require.resolve('./swagger-plugin-transformer') }],
      },
    },
  ],
};
