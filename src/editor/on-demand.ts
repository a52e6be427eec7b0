/**
 * The editor store for a screen that edits only when the operator acts (the template
 * library's Edit and Stash): the command log loads then, not with the screen.
 */
import { useCallback, useContext } from 'react';
import { EditorContext, EditorRequestContext, type EditorStoreRequest } from './context';

/** Thrown by {@link useEditorOnDemand}'s request where nothing provides a store. */
export const NO_EDITOR_MESSAGE = 'The editor is not available here';

/**
 * The store for a screen that edits only when the operator acts (an Edit dialog, a Stash
 * button): the provided store at once where a provider gives one (an editing screen, a
 * story), else the host's request, which loads the command log on first use.
 * @returns a stable function; its promise rejects with {@link NO_EDITOR_MESSAGE} outside both.
 */
export function useEditorOnDemand(): EditorStoreRequest {
  const store = useContext(EditorContext);
  const request = useContext(EditorRequestContext);
  return useCallback(() => (store ? Promise.resolve(store) : request ? request() : Promise.reject(new Error(NO_EDITOR_MESSAGE))), [store, request]);
}
