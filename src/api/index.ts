/** The SPA's API layer: HTTP client and TanStack Query hooks. Imports only the model. */
export * from './client';
export * from './queries';
