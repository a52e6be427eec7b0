/**
 * The editor store's React contexts, apart from the hooks (react.tsx, on-demand.ts) and the
 * store (store.ts): the app shell provides them on every screen without loading the command
 * log, so they are all it carries of the editor.
 */
import { createContext } from 'react';
import type { EditorStore } from './types';

/** The store of the screen in view (react.tsx's provider sets it). */
export const EditorContext = createContext<EditorStore | null>(null);

/**
 * Asks the host (the app shell) for the signed-in user's store, loading the command log
 * first when no screen has loaded it yet. Resolves with the store the editing screens share.
 */
export type EditorStoreRequest = () => Promise<EditorStore>;

/** The host's {@link EditorStoreRequest}; null outside the app shell. */
export const EditorRequestContext = createContext<EditorStoreRequest | null>(null);
