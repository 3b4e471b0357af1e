import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

interface RouteLayer {
  route?: { methods: Record<string, boolean> };
  match(path: string): boolean;
}

/**
 * Answers "which methods does this path accept?" from Express's own router, so a known path
 * with the wrong method gets 405 with `Allow` (docs/api-rules.md, Errors) without a second route list.
 */
@Injectable()
export class RouteTable {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  allowedMethods(path: string): string[] {
    const instance = this.adapterHost.httpAdapter?.getInstance() as
      | { router?: { stack: RouteLayer[] }; _router?: { stack: RouteLayer[] } }
      | undefined;
    const stack = instance?.router?.stack ?? instance?._router?.stack ?? [];
    const methods = new Set<string>();
    for (const layer of stack) {
      if (!layer.route) continue;
      let matches = false;
      try {
        matches = layer.match(path);
      } catch {
        matches = false;
      }
      if (!matches) continue;
      for (const [method, enabled] of Object.entries(layer.route.methods)) {
        if (enabled && method !== '_all') methods.add(method.toUpperCase());
      }
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}
