import { loadEnvFile } from '@app/config';
import { runCli } from './run-cli';

// Variables already set win over `.env` in the working directory (docs/api-rules.md, Running it), as for the service.
loadEnvFile();

// exitCode rather than exit(): stdout is flushed before the process ends, even into a pipe.
void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
