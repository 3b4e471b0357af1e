/**
 * Declares the parameter types of a handler, as TypeScript's decorator metadata would: a handler
 * of a class made by a factory is generic, and its emitted types (`Object`) would give the
 * validation pipe nothing to validate and the API document nothing to describe.
 */
export function declareParamTypes(controller: abstract new (...args: never[]) => unknown, handlers: Record<string, unknown[]>): void {
  for (const [handler, types] of Object.entries(handlers)) {
    Reflect.defineMetadata('design:paramtypes', types, controller.prototype as object, handler);
  }
}
