/**
 * The API's types, from the generated contract (schema.gen.ts, `npm run api:types`): answer shapes
 * by their schema name, request bodies by their DTO's name. Nothing here is written by hand.
 */
import type { components } from './schema.gen';

export type ApiSchemas = components['schemas'];
export type ApiSchema<Name extends keyof ApiSchemas> = ApiSchemas[Name];

/** `{data: [...], total}`, a page of an admin list. */
export interface Page<T> {
  data: T[];
  total: number;
}
