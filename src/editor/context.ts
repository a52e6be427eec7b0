/**
 * The host's request for the editor store, apart from the hooks (react.tsx, on-demand.ts) and
 * the store (store.ts): the app shell provides it on every screen without loading the command
 * log, so it is all the shell carries of the editor.
 */
import { createContext } from 'react';
import type { EditorStore } from './types';

/**
 * Asks the host for the signed-in user's store (the app shell: loading the command log first
 * when no screen has loaded it yet; an {@link EditorProvider}: its store). Resolves with the
 * store the editing screens share.
 */
export type EditorStoreRequest = () => Promise<EditorStore>;

/** The host's {@link EditorStoreRequest}; null outside the app shell and any editor provider. */
export const EditorRequestContext = createContext<EditorStoreRequest | null>(null);
