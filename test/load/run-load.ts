import { buildRequest, probe } from './requests';
import { Built, Exchange, LoadState, requestId, Target } from './workload';

interface EventJson {
  id?: number;
  venue?: unknown;
  organizer?: unknown;
  previous?: EventJson;
}

/** What a 2xx answer teaches the generator: new events to update and delete, venue and organizer IDs to reference. */
function learn(state: LoadState, exchange: Exchange): void {
  if (exchange.status === undefined || exchange.status >= 300) return;
  const json = exchange.json as EventJson | undefined;
  if (!json) return;
  const isCreate = exchange.op === 'create' || exchange.op === 'reject-dates' || exchange.op === 'reject-late';
  if (isCreate && typeof json.id === 'number') {
    exchange.target = json.id;
    // A must-fail create that succeeded is reported by the checks; it is not worked on further.
    if (exchange.op === 'create') state.hot.push(json.id);
  }
  if (exchange.op === 'force') {
    const index = state.hot.indexOf(exchange.target ?? -1);
    if (index >= 0) state.hot.splice(index, 1);
  }
  if (exchange.op === 'create' || exchange.op === 'update') {
    const venues = Array.isArray(json.venue) ? json.venue : json.venue ? [json.venue] : [];
    for (const venue of venues as Array<{ id?: number }>) if (typeof venue.id === 'number') state.venueIds.add(venue.id);
    for (const organizer of (Array.isArray(json.organizer) ? json.organizer : []) as Array<{ id?: number }>) {
      if (typeof organizer.id === 'number') state.organizerIds.add(organizer.id);
    }
  }
}

export interface LoadOptions {
  phase: string;
  total: number;
  workers: number;
  state: LoadState;
  /** The request mix (default `buildRequest`). */
  build?: (state: LoadState, seq: number, phase: string) => Built;
  /** One list prober per instance alongside the load (default true). */
  probers?: boolean;
  /**
   * Called with each answer before the generator learns from it (so no other request knows a new
   * event's ID yet); `follow` sends one more request, recorded in this phase, and returns its exchange.
   */
  afterAnswer?(exchange: Exchange, follow: (built: Built, target: Target) => Promise<Exchange>): Promise<void>;
  /** The instances in rotation now (the set may shrink mid-run, e.g. after a kill). */
  targets(): Target[];
  /**
   * Called before each request is sent, with the number issued so far and the requests in flight
   * per instance; `extra` sends one more request (recorded in this phase) to a given instance.
   */
  onIssue?(
    issued: number,
    inFlight: ReadonlyMap<string, number>,
    extra: (build: (seq: number) => Built, target: Target, onSent?: () => void) => void,
  ): void;
}

/**
 * Runs `total` requests through `workers` concurrent loops, round-robin over the instances in
 * rotation, and resolves when every answer is in. Alongside, one prober per instance lists names
 * only must-fail writes use, back to back: a must-fail write that gets as far as writing
 * (reject-late, reject-update) has rows that exist only until its rollback, and a prober that
 * lists one of them has read uncommitted data. Probers' requests come on top of `total`.
 */
export async function runLoad(options: LoadOptions): Promise<Exchange[]> {
  const { phase, total, workers, state } = options;
  const mine: Exchange[] = [];
  let issued = 0;
  let writersDone = false;
  const inFlight = new Map<string, number>();
  const nextSeq = () => (state.seq += 1);
  const extras: Array<Promise<void>> = [];
  const send = async (built: Built, seq: number, target: Target, onSent?: () => void): Promise<Exchange> => {
    inFlight.set(target.name, (inFlight.get(target.name) ?? 0) + 1);
    const result = await target.client.send({ ...built.request, requestId: requestId(seq), onSent });
    inFlight.set(target.name, (inFlight.get(target.name) ?? 0) - 1);
    const exchange: Exchange = {
      ...result,
      seq,
      phase,
      op: built.op,
      instance: target.name,
      method: built.request.method,
      path: built.request.path,
      role: built.role,
      body: built.request.body as Record<string, unknown> | undefined,
      target: built.target,
      uniqueNames: built.uniqueNames,
    };
    await options.afterAnswer?.(exchange, (next, to) => send(next, nextSeq(), to));
    learn(state, exchange);
    state.exchanges.push(exchange);
    mine.push(exchange);
    return exchange;
  };
  const worker = async () => {
    while (issued < total) {
      issued += 1;
      options.onIssue?.(issued, inFlight, (build, target, onSent) => {
        const seq = nextSeq();
        extras.push(send(build(seq), seq, target, onSent).then(() => undefined));
      });
      const seq = nextSeq();
      const built = (options.build ?? buildRequest)(state, seq, phase);
      const list = options.targets();
      await send(built, seq, list[seq % list.length]);
    }
  };
  const prober = async (name: string) => {
    for (;;) {
      const target = options.targets().find((t) => t.name === name);
      // Out of rotation (killed, shutting down): a new request to it could only be refused.
      if (writersDone || !target) return;
      await send(probe(state), nextSeq(), target);
    }
  };
  const probers = options.probers === false ? [] : options.targets().map((t) => prober(t.name));
  await Promise.all(Array.from({ length: workers }, worker));
  writersDone = true;
  await Promise.all([...probers, ...extras]);
  return mine;
}
