import { Injectable } from '@nestjs/common';

/** Whether the process is shutting down: set once by the graceful shutdown, read by `/ready`. */
@Injectable()
export class ShutdownState {
  private drainingSince: number | undefined;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  begin(): void {
    this.drainingSince ??= Date.now();
  }
}
