/**
 * The editor bar (src/editor/README.md): Undo / Redo (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z,
 * Ctrl+Y), the history list of labels, the dirty indicator, Save, "Restore N unsaved
 * changes" after a reload, and the conflict question when a save's ops no longer apply.
 */
import { lazy, Suspense, useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { historyLabels, useEditor, useEditorStore, useUndoRedoShortcuts, type DocId, type EditorState, type Operation } from '../../editor';
import { useQueryClient } from '@tanstack/react-query';
import { keys } from '../../api';
import { useLiveConnection, type LiveConnectionState } from '../../api/live-status';
import { documentErrors, DOCUMENTS, idOf, kindOf } from '../../model';
import { Box, Button, Inline, notify, styles as s, useFocusOnOpen } from '../../ui';
import * as css from './editing.css';

// The conflict question loads when there is one (its radios are not needed on first paint; bundle budget).
const ConflictPanel = lazy(() => import('./ConflictPanel').then((m) => ({ default: m.ConflictPanel })));

/** The edited keys of a save: each op's JSON Pointer (and a move's source), once, in order. */
export function editedKeys(ops: readonly Operation[]): string[] {
  const keys = ops.flatMap((o) => ('from' in o && o.from ? [o.from, o.path] : [o.path]));
  return [...new Set(keys)];
}

/**
 * How the operator knows a document in messages: "Page Checkout", "Funnel GlowSkin Summer"
 * (save errors name the page or funnel); "Page #12" while it has no name.
 */
export function docTitle(doc: DocId, value: unknown): string {
  const noun = DOCUMENTS[kindOf(doc)].noun;
  const name = (value as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' && name.trim() ? `${noun} ${name.trim()}` : `${noun} #${idOf(doc)}`;
}

/** A field error of an unsaved document, as the editor bar lists it. */
export interface UnsavedError {
  doc: DocId;
  title: string;
  path: string;
  message: string;
}

/** The pages a page's path must differ from: the funnel's pages as last listed, with their unsaved edits. */
export type SiblingsOf = (page: { ID: number; funnel_id: number }) => readonly { ID: number; page_path: string }[];

/**
 * Every field error of the dirty documents among `docs` ({@link documentErrors}), in document
 * order; a page's path is also checked against `siblingsOf(page)`.
 */
export function unsavedErrors(docs: EditorState['docs'], siblingsOf: SiblingsOf = () => []): UnsavedError[] {
  return (Object.keys(docs) as DocId[]).flatMap((doc) => {
    const d = docs[doc];
    if (!d?.dirty) return [];
    const title = docTitle(doc, d.value);
    const kind = kindOf(doc);
    const siblings = kind === 'page' ? siblingsOf(d.value as { ID: number; funnel_id: number }) : [];
    return Object.entries(documentErrors(kind, d.value, siblings)).map(([path, message]) => ({ doc, title, path, message }));
  });
}

/** Props of {@link EditorBar}. */
export interface EditorBarProps {
  /** Documents shown on this screen: their restore offers and conflicts appear here. */
  docs: DocId[];
  /** Called after a save that left nothing unsent (e.g. to refresh lists). */
  onSaved?: () => void;
  /** Who else is on the funnel (the live presence avatars), beside the history. */
  presence?: ReactNode;
}

/** What the bar says while the live stream is down, and for a moment once it is back. */
export const LIVE_PAUSED = 'Live updates paused — reconnecting…';
export const LIVE_RESUMED = 'Live updates resumed';
/** How long "Live updates resumed" stays (ms). */
export const LIVE_RESUMED_MS = 4000;

/**
 * The live stream's state in words: {@link LIVE_PAUSED} while it reconnects, {@link LIVE_RESUMED}
 * for {@link LIVE_RESUMED_MS} once it is back, else nothing (connected, or no stream at all).
 */
function useLiveText(): string {
  const state = useLiveConnection();
  const [seen, setSeen] = useState<{ state: LiveConnectionState; resumed: boolean }>({ state, resumed: false });
  // Derived during render (React's "adjusting state when a prop changes"): resumed = paused → live.
  if (seen.state !== state) setSeen({ state, resumed: seen.state === 'paused' && state === 'live' });
  useEffect(() => {
    if (!seen.resumed) return;
    const t = setTimeout(() => setSeen((x) => ({ ...x, resumed: false })), LIVE_RESUMED_MS);
    return () => clearTimeout(t);
  }, [seen.resumed]);
  return state === 'paused' ? LIVE_PAUSED : seen.resumed ? LIVE_RESUMED : '';
}

/** See {@link EditorBarProps}. */
export function EditorBar({ docs, onSaved, presence }: EditorBarProps) {
  useUndoRedoShortcuts();
  const actions = useEditor();
  // O(1) reads: counts and top labels are kept in state (the list reads a window when open).
  const lastLabel = useEditorStore((st) => st.undoLabel);
  const nextLabel = useEditorStore((st) => st.redoLabel);
  const undoCount = useEditorStore((st) => st.undoCount);
  const docStates = useEditorStore((st) => st.docs);
  const restorable = useEditorStore((st) => st.restorable);
  const storeError = useEditorStore((st) => st.error);
  const stepConflict = useEditorStore((st) => st.historyConflict);
  // An edit counts as done once the journal holds it (src/editor/README.md: journaled before the UI counts it done).
  const journaling = useEditorStore((st) => st.journalPending > 0);
  const liveText = useLiveText();
  const [showHistory, setShowHistory] = useState(false);
  const [proof, setProof] = useState<Partial<Record<DocId, Operation[]>> | null>(null);
  const dirty = Object.values(docStates).some((d) => d?.dirty);
  const saving = Object.values(docStates).some((d) => d?.saving);
  // Save sends every dirty document, so a conflict or restore offer of any loaded one shows here
  // (e.g. a page edited in the Pages tab, saved from the funnel screen), the screen's own first.
  const shown = [...new Set([...docs, ...(Object.keys(docStates) as DocId[])])];
  const conflicts = shown.flatMap((d) => {
    const c = docStates[d]?.conflict;
    return c ? [{ d, c }] : [];
  });
  const restores = shown.filter((d) => (restorable[d] ?? 0) > 0 && docStates[d]);
  const qc = useQueryClient();
  // A page's path against the funnel's pages as the Pages tab last listed them (read at each edit).
  const invalid = useMemo(
    () =>
      unsavedErrors(docStates, (page) =>
        (qc.getQueryData<{ ID: number; page_path: string }[]>(keys.pages(page.funnel_id)) ?? []).map(
          (x) => (docStates[`page:${x.ID}`]?.value as { ID: number; page_path: string } | undefined) ?? x,
        ),
      ),
    [docStates, qc],
  );
  const title = (doc: string) => docTitle(doc as DocId, docStates[doc as DocId]?.value);
  const save = async () => {
    if (invalid.length) return;
    const r = await actions.save();
    for (const [doc, msg] of Object.entries(r.errors)) notify.error(`${title(doc)}: ${msg}`);
    if (r.saved.length) setProof(r.sent);
    if (r.ok) onSaved?.();
  };
  // Ctrl/Cmd+S saves with the latest state; the listener itself is added once.
  const onSaveKey = useEffectEvent(() => {
    void save();
  });
  const okRef = useFocusOnOpen<HTMLButtonElement>(!!proof);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        onSaveKey();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div role="toolbar" aria-label="Editing" className={`${s.row} ${css.bar}`}>
      <StepButton verb="Undo" glyph="↶" step={lastLabel} blocked={!!stepConflict} keys="Control+Z Meta+Z" onPress={() => actions.undo()} />
      <StepButton
        verb="Redo"
        glyph="↷"
        step={nextLabel}
        blocked={!!stepConflict}
        keys="Control+Shift+Z Meta+Shift+Z Control+Y"
        onPress={() => actions.redo()}
      />
      <Button size="sm" variant="ghost" onPress={() => setShowHistory((v) => !v)} aria-expanded={showHistory} aria-controls="history-list">
        History ({undoCount})
      </Button>
      <span className={s.spacer} />
      {presence}
      {/* Always rendered, so screen readers announce the change (a live region must exist first). */}
      <span aria-live="polite" className={liveText ? `${s.badge} ${liveText === LIVE_PAUSED ? s.tone.warning : s.tone.success}` : undefined}>
        {liveText}
      </span>
      <span role="status" aria-live="polite" className={`${s.badge} ${saving || journaling ? s.tone.info : dirty ? s.tone.warning : s.tone.success}`}>
        {saving ? 'Saving…' : journaling ? 'Keeping your changes…' : dirty ? 'Unsaved changes' : 'All changes saved'}
      </span>
      <Button
        size="sm"
        variant="primary"
        onPress={() => void save()}
        isDisabled={!dirty || saving || invalid.length > 0}
        aria-keyshortcuts="Control+S"
        disabledReason={saving ? 'Saving…' : invalid.length > 0 ? 'Fix the fields listed below to save' : 'No unsaved changes to save'}
        aria-describedby={invalid.length ? 'unsaved-errors' : undefined}
      >
        Save
      </Button>
      {invalid.length > 0 && (
        <Box id="unsaved-errors" role="alert" className={s.errorText} width="full" margin="none">
          <strong>Fix {invalid.length === 1 ? 'this field' : `these ${invalid.length} fields`} to save:</strong>
          <Box as="ul" margin="none" paddingLeft="md">
            {invalid.map((e) => (
              <li key={`${e.doc} ${e.path}`}>
                {e.title}: {e.message}
              </li>
            ))}
          </Box>
        </Box>
      )}
      {storeError && (
        <Box as="p" role="alert" className={s.errorText} width="full" margin="none">
          {storeError}{' '}
          <Button size="sm" variant="ghost" onPress={() => actions.clearError()}>
            Dismiss
          </Button>
        </Box>
      )}
      {restores.map((d) => (
        <Inline key={d} role="alert" className={s.tone.warning} wrap={false} width="full" padding="sm" borderRadius="sm">
          <span>Unsaved changes from your last visit were found ({title(d)}).</span>
          <Button size="sm" variant="primary" onPress={() => actions.restore(d)}>
            Restore {restorable[d]} unsaved changes
          </Button>
          <Button size="sm" onPress={() => void actions.discardRestorable(d)}>
            Discard
          </Button>
        </Inline>
      ))}
      {conflicts.map(({ d, c }) => (
        <Suspense key={d} fallback={<p role="status">Someone else saved {title(d)} meanwhile…</p>}>
          <ConflictPanel
            doc={d}
            title={title(d)}
            conflict={c}
            onResolve={async (choice) => {
              const r = await actions.resolveConflict(d, choice);
              for (const [doc, msg] of Object.entries(r.errors)) notify.error(`${title(doc)}: ${msg}`);
              if (r.saved.length) setProof(r.sent);
              if (r.ok && r.saved.length) onSaved?.();
            }}
          />
        </Suspense>
      ))}
      {stepConflict && (
        <Suspense
          fallback={
            <p role="status">
              Someone else changed {title(stepConflict.doc)} after you made “{stepConflict.label}”…
            </p>
          }
        >
          <ConflictPanel
            key={`${stepConflict.source} ${stepConflict.entry}`}
            doc={stepConflict.doc}
            title={title(stepConflict.doc)}
            conflict={stepConflict}
            onResolve={(choice) => {
              actions.resolveHistoryConflict(choice);
            }}
          />
        </Suspense>
      )}
      <ModalOverlay isOpen={!!proof} isDismissable onOpenChange={(o) => !o && setProof(null)} className={s.overlay}>
        <Modal className={`${s.modal} ${s.modalWidth[520]}`}>
          <Dialog className={s.dialog}>
            <Heading slot="title">Changes saved</Heading>
            {proof &&
              Object.entries(proof)
                .flatMap(([doc, ops]) => (ops ? [[doc, ops] as const] : []))
                .map(([doc, ops]) => (
                  <section key={doc} aria-label={`Saved keys of ${title(doc)}`}>
                    <Box as="p" margin="none" marginTop="sm" marginBottom="xs">
                      <strong>{title(doc)}</strong> — {ops.length} operation{ops.length === 1 ? '' : 's'}:
                    </Box>
                    <Box as="ul" margin="none" fontFamily="mono" fontSize="small">
                      {editedKeys(ops).map((k) => (
                        <li key={k}>{k}</li>
                      ))}
                    </Box>
                  </section>
                ))}
            <div className={s.dialogFooter}>
              <Button variant="primary" ref={okRef} onPress={() => setProof(null)}>
                OK
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
      {showHistory && <HistoryList />}
    </div>
  );
}

/**
 * The Undo or Redo button: `step` is the label of the command it would undo or redo (its
 * accessible name says it), none disables it; `blocked` (a conflict waits for a choice) too.
 */
function StepButton(p: { verb: 'Undo' | 'Redo'; glyph: string; step: string | null | undefined; blocked: boolean; keys: string; onPress: () => void }) {
  return (
    <Button
      size="sm"
      onPress={p.onPress}
      isDisabled={!p.step || p.blocked}
      disabledReason={p.blocked ? 'Choose what to keep below first' : `Nothing to ${p.verb.toLowerCase()}`}
      aria-label={p.step ? `${p.verb} ${p.step}` : p.verb}
      aria-keyshortcuts={p.keys}
    >
      {`${p.glyph} ${p.verb}`}
    </Button>
  );
}

/** The history list: the newest entries of both stacks ({@link historyLabels}' window), O(window) per change. */
function HistoryList() {
  const h = useEditorStore(historyLabels);
  return (
    <ol id="history-list" aria-label="History" className={css.history}>
      {h.past.length === 0 && h.future.length === 0 && (
        <Box as="li" listStyle="none" color="muted">
          No changes yet
        </Box>
      )}
      {h.earlier > 0 && (
        <Box as="li" listStyle="none" color="muted">
          … {h.earlier} earlier change{h.earlier === 1 ? '' : 's'}
        </Box>
      )}
      {h.past.map((label, i) => (
        <li key={`p${h.earlier + i}`}>{label}</li>
      ))}
      {h.future.map((label, i) => (
        <li key={`f${i}`} className={css.undone} aria-label={`${label} (undone)`}>
          {label}
        </li>
      ))}
      {h.later > 0 && (
        <Box as="li" listStyle="none" color="muted">
          … {h.later} more undone
        </Box>
      )}
    </ol>
  );
}
