/**
 * The editor store for a screen that edits only when the operator acts (the template
 * library's Edit and Stash): the command log loads then, not with the screen.
 */
import { useContext } from 'react';
import { EditorRequestContext, type EditorStoreRequest } from './context';

/** Thrown by {@link useEditorOnDemand}'s request where nothing provides a store. */
export const NO_EDITOR_MESSAGE = 'The editor is not available here';

const noEditor: EditorStoreRequest = () => Promise.reject(new Error(NO_EDITOR_MESSAGE));

/**
 * The store for a screen that edits only when the operator acts (an Edit dialog, a Stash
 * button): the provided store where an `EditorProvider` gives one (an editing screen, a
 * story), else the app shell's request, which loads the command log on first use.
 * @returns the host's request; outside any host, one that rejects with {@link NO_EDITOR_MESSAGE}.
 */
export function useEditorOnDemand(): EditorStoreRequest {
  return useContext(EditorRequestContext) ?? noEditor;
}
