/**
 * The SPA's API layer: the HTTP client, query keys, the session (user and role) and the reads
 * several slices share. A slice's own queries and mutations live in its `api.ts`. Imports only the model.
 */
export * from './client';
export * from './query-client';
export * from './call';
export * from './upload';
export * from './keys';
export * from './session';
export * from './queries';
export * from './pages';
export * from './templates';
export * from './crud';
