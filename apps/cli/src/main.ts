import { runCli } from './run-cli';

// exitCode rather than exit(): stdout is flushed before the process ends, even into a pipe.
void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
