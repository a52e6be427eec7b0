/** The model layer: entity types, zod schemas, seeds' messages and constants. Imports nothing of ours. */
export * from './constants';
export * from './messages';
export * from './jsonpatch';
export * from './rebase';
export * from './funnel';
export * from './page';
export * from './catalog';
export * from './template';
export * from './audit';
export * from './users';
export * from './page-meta';
export * from './page-content';
export * from './rich-text';
export * from './resources';
export * from './policy';
