/** A command failed for a reason the caller can act on; the runner prints it and exits with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** Input mistakes (unknown command, bad flag, unknown record) repeat the usage text. */
    readonly showUsage = true,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
