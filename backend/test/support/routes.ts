import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, ParameterObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { getMetadataStorage } from 'class-validator';
import type { TestApp } from './test-app';

export interface Route {
  method: string;
  path: string;
}

/**
 * Every route the real express app registers (Nest controllers, not the SPA fallback), read from
 * the app itself: a route any module adds later is found without a test naming it.
 */
export function registeredRoutes(t: TestApp): Route[] {
  const instance = t.app.getHttpAdapter().getInstance() as {
    router?: { stack: unknown[] };
    _router?: { stack: unknown[] };
  };
  const stack = (instance.router ?? instance._router)?.stack ?? [];
  const routes: Route[] = [];
  for (const layer of stack as Array<{ route?: { path: string; methods: Record<string, boolean> } }>) {
    if (!layer.route) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on && method !== '_all') routes.push({ method: method.toUpperCase(), path: layer.route.path });
    }
  }
  return routes;
}

/**
 * The fields each route validates its body against, read from Nest's and class-validator's
 * metadata: 'POST /api/admin/events' → the properties of EventFieldsDto, inherited ones included.
 * A route whose body is read by hand (no DTO class) has none.
 */
export function bodyFieldsByRoute(t: TestApp): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  const storage = getMetadataStorage();
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      for (const name of Object.getOwnPropertyNames(metatype.prototype)) {
        const handler = (metatype.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler);
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<
          string,
          { index: number }
        >;
        const body = Object.entries(args).find(([key]) => key.startsWith(`${RouteParamtypes.BODY}:`));
        const type = body && Reflect.getMetadata('design:paramtypes', metatype.prototype, name)?.[body[1].index];
        if (typeof type !== 'function' || type === Object) continue;
        const properties = storage.getTargetValidationMetadatas(type, '', true, false).map((rule) => rule.propertyName);
        const full = `/api/${base}/${String(path)}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
        fields.set(`${RequestMethod[method]} ${full}`, [...new Set(properties)]);
      }
    }
  }
  return fields;
}

/** What the OpenAPI document says a route reads beside its body and path, and who may call it. */
export interface DocumentedRoute {
  query: string[];
  headers: string[];
  /** The security schemes it names: 'admin', 'concierge', 'metrics'. */
  security: string[];
}

const VERBS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Each operation of the app's OpenAPI document under the key registeredRoutes gives it
 * ('GET /api/chat/stream/:messageId'), so a query parameter a DTO adds later is fuzzed by name.
 */
export function documentedRoutes(document: OpenAPIObject): Map<string, DocumentedRoute> {
  const routes = new Map<string, DocumentedRoute>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [verb, value] of Object.entries(item as Record<string, unknown>)) {
      if (!VERBS.has(verb)) continue;
      const operation = value as OperationObject;
      const parameters = (operation.parameters ?? []).filter((p): p is ParameterObject => !('$ref' in p));
      const named = (where: string) => parameters.filter((p) => p.in === where).map((p) => p.name);
      routes.set(`${verb.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`, {
        query: named('query'),
        headers: named('header'),
        security: (operation.security ?? []).flatMap((scheme) => Object.keys(scheme)),
      });
    }
  }
  return routes;
}
