/**
 * What a run must undo however it ends (child processes, a temporary database): each resource
 * registers its undo step when it is created, and `cleanUp()` runs them newest first, once, on a
 * normal end, on an error and on SIGINT/SIGTERM.
 */
import { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

type Step = { label: string; run: () => Promise<void> | void };

const steps: Step[] = [];
let running: Promise<void> | undefined;
let interrupted = false;

/** True once SIGINT/SIGTERM arrived: the run is being torn down and must not go on measuring. */
export const wasInterrupted = () => interrupted;

/** A promise that never settles: where a measurement ends when interrupted, until the process exits. */
export const never = () => new Promise<never>(() => undefined);

/** Registers an undo step; the returned function unregisters it (after undoing by hand). */
export function onCleanup(label: string, run: Step['run']): () => void {
  const step = { label, run };
  steps.push(step);
  return () => {
    const index = steps.indexOf(step);
    if (index >= 0) steps.splice(index, 1);
  };
}

export function cleanUp(): Promise<void> {
  running ??= (async () => {
    while (steps.length > 0) {
      const step = steps.pop() as Step;
      try {
        await step.run();
      } catch (error) {
        console.error(`Cleaning up (${step.label}) failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return running;
}

/** On the first SIGINT/SIGTERM: `beforeCleanUp` (e.g. stop the load), undo everything, exit. A second signal exits at once. */
export function cleanUpOnSignals(beforeCleanUp: () => void): void {
  let received = false;
  const handler = (signal: NodeJS.Signals) => {
    if (received) process.exit(1);
    received = true;
    interrupted = true;
    console.error(`\n${signal}: stopping the children and removing what this run created ...`);
    beforeCleanUp();
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
