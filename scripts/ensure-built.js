#!/usr/bin/env node
// `npm start` and `npm run cli` build first when dist/ is missing or older than any source file,
// so a fresh clone starts with one command and a stale build is never run by accident.
const { execSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const outputs = ['dist/apps/api/src/main.js', 'dist/apps/cli/src/main.js'].map((p) => join(root, p));

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const built = outputs.every(existsSync) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
const sources = Math.max(
  ...['apps', 'libs'].map((d) => newestSource(join(root, d))),
  ...['package.json', 'tsconfig.json', 'nest-cli.json'].map((f) => statSync(join(root, f)).mtimeMs),
);
if (built < sources) {
  process.stderr.write('Building the service (first start or sources changed)...\n');
  // The compiler's output goes to stderr: the CLI's stdout must carry only its JSON line.
  try {
    execSync('npm run --silent build', { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
  } catch (error) {
    process.stderr.write('The build failed; see the compiler messages above.\n');
    process.exit(error.status || 1);
  }
}
