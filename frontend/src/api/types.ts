/**
 * The API's types, from the generated contract (schema.gen.ts, `npm run api:types`): answer shapes
 * by their schema name, request bodies by their DTO's name. Nothing here is written by hand.
 */
import type { components, paths } from './schema.gen';

export type ApiSchemas = components['schemas'];
export type ApiSchema<Name extends keyof ApiSchemas> = ApiSchemas[Name];

/** `{data: [...], total}`, a page of an admin list. */
export interface Page<T> {
  data: T[];
  total: number;
}

type Json<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;

/**
 * The JSON success answer of a route, by its path and method as the contract writes them:
 * `ApiAnswer<'/api/places/search', 'get'>`. A renamed path or a changed answer fails to compile.
 */
export type ApiAnswer<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method] extends {
  responses: infer Responses;
}
  ? Json<Responses[Extract<keyof Responses, 200 | 201 | 202>]>
  : never;
