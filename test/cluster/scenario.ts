/**
 * The phases after start-up: the load over three instances, node 3 killed under the load of
 * instances 1 and 2, node 3 back and instance 3 with it.
 */
import { HttpClient } from '../load/http-client';
import { Node } from './instances';
import { OutageProbe } from './outage';
import { countersOf, Ctx, finishPhase, log, newPhase, runWrites } from './phases';
import { compareCounts, recoveryCheck, waitForReady } from './recovery';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** Writes issued before node 3 is killed, so that the kill lands in a running load. */
const KILL_AFTER = 30;

/** Each event's final state is read through the instance after its creator (1→2, 2→3, 3→1). */
const nextOf = (nodes: Node[]) => (creator: string | undefined) => nodes[(nodes.findIndex((n) => n.name === creator) + 1) % nodes.length];

export async function loadPhase(ctx: Ctx): Promise<void> {
  const phase = newPhase('load over 1, 2, 3');
  log(
    `${phase.phase}: ${ctx.config.writes} writes, ${ctx.config.concurrency} concurrent, round-robin; every 201 read back through the next instance`,
  );
  const before = await countersOf(ctx);
  await runWrites(ctx, phase, ctx.config.writes, () => ctx.nodes);
  await finishPhase(ctx, phase, nextOf(ctx.nodes), ctx.nodes[0], before);
}

/**
 * Node 3 gets kill -9 once the load on instances 1 and 2 is running; then `failoverWrites` more
 * writes go through 1 and 2 while instance 3 is probed every second.
 */
export async function failoverPhase(ctx: Ctx): Promise<void> {
  const [one, two, three] = ctx.nodes;
  const phase = newPhase('node 3 killed');
  const total = ctx.config.failoverWrites + KILL_AFTER;
  log(
    `${phase.phase}: kill -9 of node 3 after ${KILL_AFTER} writes through instances 1 and 2, then ${ctx.config.failoverWrites} more; instance 3 probed every second`,
  );
  const before = await countersOf(ctx);
  const pidBefore = three.instance.pid;
  const probeClient = new HttpClient(three.instance.port, 10_000);
  const someEvent = ctx.state.hot[ctx.state.hot.length - 1];
  const probe = new OutageProbe(probeClient, three.name, ctx.state, phase.phase, someEvent);
  let kill: Promise<void> | undefined;
  let killStartedAt = 0;
  let killFailure: string | undefined;
  await runWrites(
    ctx,
    phase,
    total,
    () => [one, two],
    (issued) => {
      if (issued !== KILL_AFTER) return;
      kill = (async () => {
        killStartedAt = performance.now();
        const result = await ctx.cluster.killNode(3);
        phase.notes.push(
          `scripts/cluster.sh kill-node 3 exited ${result.code} after ${result.ms.toFixed(0)} ms, ${KILL_AFTER} writes into the phase`,
        );
        if (result.code === 0) probe.start();
        else killFailure = `kill-node 3 exited ${result.code}: ${result.output.slice(-400)}`;
      })();
    },
  );
  await kill;
  await probe.stop();
  probeClient.close();
  // The stall while the cluster notices the loss of a node (about 5 s, suspect timeout).
  const around = phase.exchanges.filter((ex) => ex.op !== 'ryw' && ex.endAt >= killStartedAt && ex.startedAt <= killStartedAt + 10_000);
  const slowest = Math.max(0, ...around.map((ex) => ex.endAt - ex.startedAt));
  phase.notes.push(`slowest of the ${around.length} writes in flight within 10 s of the kill: ${slowest.toFixed(0)} ms`);
  phase.notes.push(`instance 3 while node 3 was down: ${probe.tallyLine()}`);
  phase.outage = probe.tallyLine();
  if (killFailure) phase.checks.push({ name: 'node 3 killed (kill-node 3)', ok: false, summary: 'FAILED', examples: [killFailure] });
  else phase.checks.push(...probe.checks());
  const alive = three.instance.running && three.instance.pid === pidBefore;
  phase.checks.push({
    name: 'instance 3 keeps running while its node is down',
    ok: alive,
    summary: alive ? `pid ${pidBefore} still running` : 'FAILED',
    examples: alive ? [] : [`pid ${pidBefore} exited: ${three.instance.tail(5).replace(/\n/g, ' | ')}`],
  });
  // Final states through 1 and 2 only: instance 3 has no database now.
  await finishPhase(ctx, phase, (creator) => (creator === '1' ? two : one), one, before);
}

/**
 * restart-node 3 (it rejoins by IST or SST); instance 3, never restarted, must be ready within the
 * limit and count what instance 1 counts; then writes over all three again.
 */
export async function recoveryPhase(ctx: Ctx): Promise<{ restartMs: number; readyAfterMs?: number }> {
  const [one, , three] = ctx.nodes;
  const phase = newPhase('node 3 back');
  const before = await countersOf(ctx);
  const pidBefore = three.instance.pid;
  log(`${phase.phase}: scripts/cluster.sh restart-node 3, then instance 3 must be ready within ${seconds(ctx.config.recoveryLimitMs)}`);
  const restart = await ctx.cluster.restartNode(3);
  const how = /caught up by (\w+)/.exec(restart.output)?.[1];
  phase.notes.push(`restart-node 3 exited ${restart.code} after ${seconds(restart.ms)}${how ? `, caught up by ${how}` : ''}`);
  phase.checks.push({
    name: 'node 3 rejoins the cluster (restart-node 3)',
    ok: restart.code === 0,
    summary: `exit ${restart.code} after ${seconds(restart.ms)}${how ? `, caught up by ${how}` : ''}`,
    examples: restart.code === 0 ? [] : [restart.output.slice(-600)],
  });
  const recovery = await waitForReady(three.instance.port, Math.max(60_000, 2 * ctx.config.recoveryLimitMs));
  const samePid = three.instance.running && three.instance.pid === pidBefore;
  phase.checks.push(
    recoveryCheck(three.name, recovery, ctx.config.recoveryLimitMs, samePid, `pid ${pidBefore} ${samePid ? 'never restarted' : 'gone'}`),
  );
  if (recovery.readyAfterMs !== undefined) {
    phase.notes.push(
      `instance 3 ready ${seconds(recovery.readyAfterMs)} after node 3 was Synced, ${seconds(restart.ms + recovery.readyAfterMs)} after restart-node 3 began`,
    );
  }
  if (recovery.readyAfterMs !== undefined) {
    phase.checks.push(
      await compareCounts({ name: one.name, client: one.client }, { name: three.name, client: three.client }, ctx.api.token),
    );
  }
  if (ctx.config.recoveryWrites > 0 && recovery.readyAfterMs !== undefined) {
    log(`${phase.phase}: ${ctx.config.recoveryWrites} writes over 1, 2, 3 again`);
    await runWrites(ctx, phase, ctx.config.recoveryWrites, () => ctx.nodes);
  } else if (ctx.config.recoveryWrites > 0) {
    phase.notes.push('no writes after the recovery: instance 3 never became ready');
  }
  // Instance 3 reads everything created through 1 and 2, including what it missed while down.
  const reader = recovery.readyAfterMs !== undefined ? three : one;
  await finishPhase(ctx, phase, (creator) => (creator === '3' ? one : reader), reader, before);
  return { restartMs: restart.ms, readyAfterMs: recovery.readyAfterMs };
}
