import { QueryClient } from '@tanstack/react-query';
import { configureApi } from '../src/api';
import { createEditorStore, createMemoryJournal, type DocId, type EditorStore } from '../src/editor';
import { apiTransport } from '../src/app/editor-store';
import { useToasts } from '../src/ui';

configureApi({ getToken: () => 'story-token' });

/** What the loader hands to decorators and play functions. */
export interface StoryContextLoaded {
  store: EditorStore;
  queryClient: QueryClient;
}

/**
 * A fresh store and query cache for one story, and no notification left over from the story
 * before (the toast store is the app's one global: a story must not show another's toast).
 */
export function storyContext(docs: Partial<Record<DocId, { version: number }>>): StoryContextLoaded {
  const toasts = useToasts.getState();
  for (const t of toasts.toasts) toasts.dismiss(t.id);
  return { store: storyStore(docs), queryClient: new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }) };
}

/** A fresh editor store with `docs` loaded as remote data (no history), saving through msw. */
export function storyStore(docs: Partial<Record<DocId, { version: number }>>): EditorStore {
  const store = createEditorStore({ transport: apiTransport, journal: createMemoryJournal() });
  for (const [doc, value] of Object.entries(docs)) store.actions.load(doc as DocId, structuredClone(value), value!.version);
  return store;
}
