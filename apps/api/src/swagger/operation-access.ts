import { ACCESS_KEY, AccessRule } from '@app/auth';
import { INestApplication } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';

/** `EventsController.getBySlug` → `events_getBySlug`: stable, readable operation IDs. */
export function operationIdOf(controllerKey: string, methodKey: string): string {
  return `${controllerKey.replace(/Controller$/, '').toLowerCase()}_${methodKey}`;
}

/**
 * The access rule (@Authenticated, @RequireRoles) of every route handler by operation ID, read from
 * the same metadata the AuthGuard reads, so the documented security cannot drift from the enforced one.
 */
export function accessRulesByOperation(app: INestApplication): Map<string, AccessRule> {
  const reflector = new Reflector();
  const rules = new Map<string, AccessRule>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const prototype = metatype.prototype as Record<string, unknown>;
      for (const name of handlerNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function') continue;
        const rule = reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [handler, metatype]);
        if (rule) rules.set(operationIdOf(metatype.name, name), rule);
      }
    }
  }
  return rules;
}

/** Method names of a controller and the classes it extends (routes may come from a controller factory). */
function handlerNames(prototype: object): Set<string> {
  const names = new Set<string>();
  for (let level: object | null = prototype; level && level !== Object.prototype; level = Object.getPrototypeOf(level) as object | null) {
    for (const name of Object.getOwnPropertyNames(level)) if (name !== 'constructor') names.add(name);
  }
  return names;
}
