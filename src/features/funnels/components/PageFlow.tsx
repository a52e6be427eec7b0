/**
 * The Pages tab's flow diagram (001 §2 "a flow diagram with draggable connections", §4 "Page
 * flow", §9 "Flow nodes measure 150 x 50"), built with React Flow 12 and loaded only
 * when the operator switches to it (see LazyPageFlow).
 *
 * Every change is a command of the editor's log (Ctrl+Z undoes it, Save sends it, the Logs tab
 * shows it): links are `page_id` / `page_alt_id` on the page's `page:<id>` document (rules in
 * src/features/funnels/flow-graph.ts), the index page is the funnel's `page_id`, and node
 * positions live in the funnel's `layout:<funnelId>` document (a drag is one step, kept
 * without an audit entry). Pages without a kept position are laid out by dagre.
 */
import '@xyflow/react/dist/style.css';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import {
  Background,
  Controls,
  Handle,
  MarkerType,
  MiniMap,
  Position,
  ReactFlow,
  ReactFlowProvider,
  applyNodeChanges,
  useReactFlow,
  useStore,
  type Connection,
  type Edge,
  type EdgeChange,
  type FinalConnectionState,
  type Node,
  type NodeChange,
  type NodeProps,
  type OnBeforeDelete,
} from '@xyflow/react';
import { useDoc, useEditor, useEditorStore, useEditorStoreApi, useLoadDoc, type DocId } from '../../../editor';
import { FLOW_NODE_HEIGHT, FLOW_NODE_WIDTH, MSG, validateIndexPage, type FlowPosition, type FlowProblem, type FunnelLayout, type Page } from '../../../model';
import { Button, styles as s } from '../../../ui';
import {
  connectChanges,
  describeChanges,
  disconnectChanges,
  flowLinks,
  hasSkipHandle,
  reconnectChanges,
  SLOT_FIELD,
  type FlowLink,
  type LinkChange,
  type LinkSlot,
} from '../flow-graph';
import { autoLayout, TOOLBAR_EDGE, toolbarPlacement } from './flow-layout';
import { FlowProblems } from './FlowProblems';
import * as c from './flow.css';

/** Props of {@link PageFlow}. */
export interface PageFlowProps {
  funnelId: number;
  /** The funnel's pages as last fetched; shown as the editor holds them (unsaved edits included), and loaded into it on their first edit. */
  pages: readonly Page[];
  indexPageId: number | null;
  /** The layout as fetched (`GET /funnels/{id}/layout`); loaded into the editor as `layout:<funnelId>`. */
  layout: FunnelLayout | undefined;
  locked?: boolean;
  /** The pre-publish check's problems (shown beside the diagram and on their nodes). */
  problems?: readonly FlowProblem[];
  onClone: (page: Page) => void;
  onRedirect: (page: Page) => void;
  onSettings: (page: Page) => void;
  onDelete: (page: Page) => void;
}

/** What a page node carries. */
interface PageNodeData extends Record<string, unknown> {
  page: Page;
  isIndex: boolean;
  problem?: FlowProblem['level'];
  locked: boolean;
  pages: readonly Page[];
  actions: NodeActions;
}

interface NodeActions {
  clone: (p: Page) => void;
  redirect: (p: Page) => void;
  settings: (p: Page) => void;
  remove: (p: Page) => void;
  makeIndex: (p: Page) => void;
  link: (p: Page, slot: LinkSlot, target: number | null) => void;
  funnelId: number;
}

type PageNode = Node<PageNodeData, 'page'>;

const typeName = (t: string) => t.replace(/(\d)$/, ' $1');

/** The selected page's actions: memo'd so a drag (new positionAbsoluteX/Y every move) does not rebuild its selects. */
const PageActions = memo(function PageActions({
  p,
  isIndex,
  locked,
  pages,
  actions,
}: Pick<PageNodeData, 'isIndex' | 'locked' | 'pages' | 'actions'> & { p: Page }) {
  const skip = hasSkipHandle(p);
  const indexBlocked = validateIndexPage(p.page_type);
  const others = pages.filter((x) => x.ID !== p.ID);
  const linkSelect = (slot: LinkSlot, label: string) => (
    <select
      className={`${s.input} ${c.toolbarSelect}`}
      aria-label={`${label} of ${p.name}`}
      disabled={locked}
      value={p[SLOT_FIELD[slot]] ?? ''}
      onChange={(e) => actions.link(p, slot, e.target.value ? Number(e.target.value) : null)}
    >
      <option value="">{label}: none</option>
      {others.map((o) => (
        <option key={o.ID} value={o.ID}>
          {label}: {o.name}
        </option>
      ))}
    </select>
  );
  return (
    <>
      <Button size="sm" variant="ghost" isDisabled={locked} disabledReason={MSG.locked} onPress={() => actions.clone(p)}>
        Clone
      </Button>
      <Button size="sm" variant="ghost" onPress={() => actions.redirect(p)}>
        Redirect
      </Button>
      <Button
        size="sm"
        variant="ghost"
        isDisabled={locked || isIndex || !!indexBlocked}
        onPress={() => actions.makeIndex(p)}
        disabledReason={locked ? MSG.locked : isIndex ? 'This is the index page' : (indexBlocked ?? undefined)}
      >
        Make index page
      </Button>
      <Button size="sm" variant="ghost" onPress={() => actions.settings(p)}>
        Settings
      </Button>
      <Link className={s.button({ variant: 'ghost', size: 'sm' })} to={`/funnels/${actions.funnelId}/pages/${p.ID}`}>
        Edit
      </Link>
      <Link className={s.button({ variant: 'ghost', size: 'sm' })} to={`/template-editor/${p.ID}`}>
        Designer
      </Link>
      <Button size="sm" variant="ghost" isDisabled={locked} disabledReason={MSG.locked} onPress={() => actions.remove(p)}>
        Delete
      </Button>
      {linkSelect('next', 'Next page')}
      {skip && linkSelect('skip', 'Skip page')}
    </>
  );
});

/**
 * One page: name, type and path in 150 × 50; the index page tagged. Its body is a drop target
 * too: a target handle over the whole node that takes pointer events only while a
 * link or an arrow's end is being dragged (React Flow's `connectionindicator`; it never starts a
 * connection), so a drop anywhere on the page connects, as the help text says, and clicks and
 * drags of the page are untouched. It comes after the body and before the small handles, which
 * stay on top of it.
 */
const PageNodeView = memo(function PageNodeView({ data }: NodeProps<PageNode>) {
  const { page: p, isIndex, problem, locked } = data;
  const skip = hasSkipHandle(p);
  return (
    <>
      <div className={[c.node, isIndex ? c.indexNode : '', problem ? c.problem[problem] : ''].join(' ')}>
        {isIndex && <span className={c.indexTag}>Index</span>}
        <span className={c.nodeName} title={p.name}>
          {p.name || 'Unnamed page'}
        </span>
        <span className={c.nodeMeta} title={`${p.page_type} ${p.page_path}`}>
          {typeName(p.page_type)} · {p.page_path}
        </span>
      </div>
      <Handle type="target" id="body" position={Position.Top} className={c.bodyHandle} isConnectable={!locked} isConnectableStart={false} />
      <Handle type="target" id="in" position={Position.Top} className={c.handle} isConnectable={!locked} />
      <Handle type="source" id="next" position={Position.Bottom} className={c.handle} isConnectable={!locked} />
      {skip && <Handle type="source" id="skip" position={Position.Right} className={`${c.handle} ${c.skipHandle}`} isConnectable={!locked} />}
    </>
  );
});

/**
 * The selected page's actions, placed by {@link toolbarPlacement} in the canvas (not in the
 * diagram's coordinates, so nothing cuts it off); follows the page as the view pans, zooms or
 * the page is dragged. Rendered as a child of ReactFlow: beside the diagram, not inside the
 * pane, so its clicks and wheel turns stay its own.
 */
function PageToolbar({ node }: { node: PageNode }) {
  const { page: p, isIndex, locked, pages, actions } = node.data;
  const [tx, ty, zoom] = useStore((st) => st.transform);
  const width = useStore((st) => st.width);
  const height = useStore((st) => st.height);
  const ref = useRef<HTMLDivElement>(null);
  const { x, y } = node.position;
  const w = node.width ?? FLOW_NODE_WIDTH;
  const h = node.height ?? FLOW_NODE_HEIGHT;
  // Placed after layout, from its own measured size (its buttons wrap to the canvas's width).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !width || !height) return;
    const at = toolbarPlacement(
      { x: x * zoom + tx, y: y * zoom + ty, width: w * zoom, height: h * zoom },
      { width: el.offsetWidth, height: el.offsetHeight },
      { width, height },
    );
    el.style.transform = `translate(${Math.round(at.x)}px, ${Math.round(at.y)}px)`;
    el.dataset.side = at.side;
  });
  return (
    <div
      ref={ref}
      role="group"
      className={`${c.toolbar} nodrag nopan nowheel`}
      aria-label={`Actions of ${p.name}`}
      style={{ maxWidth: width ? Math.min(560, width - 2 * TOOLBAR_EDGE) : 560 }}
    >
      <PageActions p={p} isIndex={isIndex} locked={locked} pages={pages} actions={actions} />
    </div>
  );
}

// Module level: React Flow re-mounts every node when nodeTypes changes identity.
const nodeTypes = { page: PageNodeView };

const NEXT_STYLE = { stroke: '#2446c7', strokeWidth: 2 };
const SKIP_STYLE = { stroke: '#c2570c', strokeWidth: 2, strokeDasharray: '6 4' };

const NO_POSITIONS: FunnelLayout['positions'] = {};
const NO_PROBLEMS: readonly FlowProblem[] = [];
/** The minimap shows problem pages and the index page at a glance. */
const miniMapColor = (n: PageNode) =>
  n.data.problem === 'error' ? '#b42318' : n.data.problem === 'warning' ? '#d9a400' : n.data.isIndex ? '#2446c7' : '#b8c0cc';
const slotOf = (handle: string | null | undefined): LinkSlot => (handle === 'skip' ? 'skip' : 'next');
const round = (p: FlowPosition): FlowPosition => ({ x: Math.round(p.x), y: Math.round(p.y) });
// Module level, like nodeTypes: a new object or function on each render makes React Flow copy it into its store again on every drag frame.
const FIT_VIEW_OPTIONS = { padding: 0.15, maxZoom: 1 };
const PRO_OPTIONS = { hideAttribution: true };
// The mini map on a compositor layer of its own: it changes on every pan frame, and on the
// diagram's layer that repainted the canvas under it too (flow bench, pan at 100 pages: 0.88× →
// 0.93–0.98× the 10-page fps). The diagram's viewport gets no layer: with 100 positioned pages
// over it Chromium layered each one, and pan fell to 16 fps.
const MINIMAP_STYLE = { willChange: 'transform' };
const DELETE_KEYS = ['Delete', 'Backspace'];
const notSelf = (conn: Connection | Edge) => conn.source !== conn.target;

/** The diagram; see the module comment. */
export function PageFlow(props: PageFlowProps) {
  return (
    <ReactFlowProvider>
      <Diagram {...props} />
    </ReactFlowProvider>
  );
}

function Diagram({
  funnelId,
  pages: listed,
  indexPageId,
  layout,
  locked = false,
  problems = NO_PROBLEMS,
  onClone,
  onRedirect,
  onSettings,
  onDelete,
}: PageFlowProps) {
  const editor = useEditor();
  const store = useEditorStoreApi();
  const rf = useReactFlow<PageNode, Edge>();
  // Only the pages' own documents: a layout edit (a node moved) must not rebuild every node and edge.
  const pageDocs = useEditorStore(useShallow((st) => listed.map((p) => st.docs[`page:${p.ID}`]?.value as Page | undefined)));
  const pages = useMemo(() => listed.map((p, i) => pageDocs[i] ?? p), [listed, pageDocs]);
  const layoutDoc: DocId = `layout:${funnelId}`;
  useLoadDoc(layoutDoc, layout);
  const positions = useDoc(layoutDoc)?.positions ?? layout?.positions ?? NO_POSITIONS;

  // The index page as the funnel's document holds it (Make index page shows at once, before Save).
  const indexId = useDoc(`funnel:${funnelId}`)?.page_id ?? indexPageId;
  const links = useMemo(() => flowLinks(pages), [pages]);
  const missing = useMemo(() => pages.filter((p) => !positions[p.ID]).map((p) => p.ID), [pages, positions]);
  const [auto, setAuto] = useState<{ key: string; at: Record<number, FlowPosition> } | null>(null);
  // Laid out once per set of unplaced pages: a new link never moves nodes under the operator's hand.
  const autoKey = missing.join(',');
  useEffect(() => {
    if (!missing.length || auto?.key === autoKey) return;
    let live = true;
    void autoLayout(
      pages.map((p) => p.ID),
      links,
    ).then((at) => {
      if (!live) return;
      // Next to kept nodes, new ones go below them so nothing overlaps.
      const keptYs = Object.values(positions).map((p) => p.y);
      const shift = keptYs.length ? Math.max(...keptYs) + 120 - Math.min(...missing.map((id) => at[id]?.y ?? 0)) : 0;
      setAuto({ key: autoKey, at: Object.fromEntries(missing.map((id) => [id, { x: at[id]?.x ?? 0, y: (at[id]?.y ?? 0) + shift }])) });
    });
    return () => {
      live = false;
    };
  }, [autoKey, missing, auto?.key, pages, links, positions]);
  // Once shown, the diagram stays mounted (a page added later appears when it is placed).
  const [ready, setReady] = useState(false);
  if (!ready && (!missing.length || auto?.key === autoKey)) setReady(true);

  /** Loads a page's document before its first edit (the table's rows need none). */
  const ensure = useCallback(
    (doc: DocId, entity: { version: number } | undefined) => {
      if (!store.getState().docs[doc] && entity) {
        editor.load(doc, entity, entity.version);
        void editor.hydrate(doc);
      }
      return !!store.getState().docs[doc];
    },
    [editor, store],
  );

  const apply = useCallback(
    (changes: readonly LinkChange[]) => {
      if (locked || !changes.length) return;
      const label = describeChanges(pages, changes);
      editor.transact(label, () => {
        for (const ch of changes) {
          const doc: DocId = `page:${ch.pageId}`;
          if (
            !ensure(
              doc,
              listed.find((p) => p.ID === ch.pageId),
            )
          )
            continue;
          editor.edit(doc, label, (d) => {
            d[SLOT_FIELD[ch.slot]] = ch.target;
          });
        }
      });
    },
    [editor, ensure, listed, locked, pages],
  );

  const actions = useMemo<NodeActions>(
    () => ({
      clone: onClone,
      redirect: onRedirect,
      settings: onSettings,
      remove: onDelete,
      funnelId,
      makeIndex: (p) => {
        if (!locked)
          editor.edit(`funnel:${funnelId}`, `Make ${p.name} the index page`, (d) => {
            d.page_id = p.ID;
          });
      },
      link: (p, slot, target) => apply(target == null ? disconnectChanges([{ source: p.ID, slot }]) : connectChanges(pages, p.ID, slot, target)),
    }),
    [apply, editor, funnelId, locked, onClone, onDelete, onRedirect, onSettings, pages],
  );

  const levelOf = useMemo(() => {
    const m = new Map<number, FlowProblem['level']>();
    for (const pr of problems) if (pr.pageId != null && m.get(pr.pageId) !== 'error') m.set(pr.pageId, pr.level);
    return m;
  }, [problems]);

  const derived = useMemo<PageNode[]>(
    () =>
      pages.map((p) => {
        const at = positions[p.ID] ?? auto?.at[p.ID] ?? { x: 0, y: 0 };
        const level = levelOf.get(p.ID);
        const label = `${p.name}, ${typeName(p.page_type)} page, ${p.page_path}${p.ID === indexId ? ', index page' : ''}${level ? `, has ${level === 'error' ? 'an error' : 'a warning'}` : ''}`;
        return {
          id: String(p.ID),
          type: 'page',
          position: at,
          width: 150,
          height: 50,
          ariaLabel: label,
          data: { page: p, isIndex: p.ID === indexId, locked, pages, actions, ...(level ? { problem: level } : {}) },
        };
      }),
    [pages, positions, auto, levelOf, indexId, locked, actions],
  );

  // React Flow moves nodes while dragging; the editor's copy is the truth whenever it changes.
  const [nodes, setNodes] = useState<PageNode[]>(derived);
  const [shownFrom, setShownFrom] = useState(derived);
  if (shownFrom !== derived) {
    // Adjusted while rendering (not in an effect): the new copy keeps React Flow's selection.
    setShownFrom(derived);
    // React Flow's measurements go along: without them it re-measures every node (a ResizeObserver pass over all of them).
    const shown = new Map(nodes.map((n) => [n.id, n]));
    setNodes(
      derived.map((n) => {
        const cur = shown.get(n.id);
        return cur?.measured || cur?.selected ? { ...n, ...(cur.measured ? { measured: cur.measured } : {}), ...(cur.selected ? { selected: true } : {}) } : n;
      }),
    );
  }

  // One selected page shows its actions (several selected: none, they would cover each other).
  const selectedNodes = nodes.filter((n) => n.selected);
  const selectedNode = selectedNodes.length === 1 ? selectedNodes[0] : undefined;

  // Edges are derived from the pages; only their selection is React Flow's (Enter or a click selects, Delete clears the link).
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(new Set());
  const onEdgesChange = useCallback((changes: EdgeChange<Edge>[]) => {
    const selects = changes.filter((ch) => ch.type === 'select');
    if (!selects.length) return;
    setSelectedEdges((prev) => {
      const next = new Set(prev);
      for (const ch of selects)
        if (ch.selected) next.add(ch.id);
        else next.delete(ch.id);
      return next.size === prev.size && [...next].every((id) => prev.has(id)) ? prev : next;
    });
  }, []);
  const edges = useMemo<Edge[]>(
    () =>
      links.map((l: FlowLink) => {
        const from = pages.find((p) => p.ID === l.source)?.name ?? '';
        const to = pages.find((p) => p.ID === l.target)?.name ?? '';
        return {
          id: l.id,
          source: String(l.source),
          target: String(l.target),
          sourceHandle: l.slot,
          targetHandle: 'in',
          type: 'smoothstep',
          label: l.label,
          style: l.slot === 'skip' ? SKIP_STYLE : NEXT_STYLE,
          markerEnd: { type: MarkerType.ArrowClosed, color: l.slot === 'skip' ? SKIP_STYLE.stroke : NEXT_STYLE.stroke },
          ariaLabel: `${l.slot === 'skip' ? 'Skip page' : 'Next page'} of ${from}: ${to}${l.label ? ` (${l.label})` : ''}`,
          data: { slot: l.slot },
          selected: selectedEdges.has(l.id),
        };
      }),
    [links, pages, selectedEdges],
  );

  /** Keeps moved nodes' positions as one command; the first move keeps every shown node's position. */
  const keepPositions = useCallback(
    (moved: readonly { id: string; position: FlowPosition }[], label: string, mergeKey?: string) => {
      if (locked || !moved.length || !ensure(layoutDoc, layout)) return;
      const shown = rf.getNodes();
      editor.edit(
        layoutDoc,
        label,
        (d) => {
          for (const n of shown) if (!d.positions[n.id]) d.positions[n.id] = round(n.position);
          for (const m of moved) {
            const next = round(m.position);
            const was = d.positions[m.id];
            if (!was || was.x !== next.x || was.y !== next.y) d.positions[m.id] = next;
          }
        },
        mergeKey ? { mergeKey } : undefined,
      );
    },
    [editor, ensure, layout, layoutDoc, locked, rf],
  );

  const dragging = useRef(false);
  const onNodeDragStart = useCallback(() => {
    dragging.current = true;
  }, []);
  const onNodeDragStop = useCallback(
    (_e: unknown, _n: unknown, moved: PageNode[]) => {
      dragging.current = false;
      keepPositions(
        moved.map((m) => ({ id: m.id, position: m.position })),
        moved.length === 1 ? `Move ${moved[0]?.data.page.name ?? 'a page'} in the flow` : `Move ${moved.length} pages in the flow`,
      );
    },
    [keepPositions],
  );
  const onNodesChange = useCallback(
    (changes: NodeChange<PageNode>[]) => {
      setNodes((ns) => applyNodeChanges(changes, ns));
      // Arrow keys move selected nodes without drag events (position changes with dragging:false);
      // a mouse drag's last change looks the same but arrives while `dragging` is still set.
      if (dragging.current) return;
      const keyed = changes.filter(
        (ch): ch is Extract<NodeChange<PageNode>, { type: 'position' }> => ch.type === 'position' && ch.dragging === false && !!ch.position,
      );
      if (keyed.length)
        keepPositions(
          keyed.map((ch) => ({ id: ch.id, position: ch.position! })),
          keyed.length === 1 ? 'Move a page in the flow' : `Move ${keyed.length} pages in the flow`,
          `flow-move:${keyed.map((k) => k.id).join(',')}`,
        );
    },
    [keepPositions],
  );

  const onConnect = useCallback(
    (conn: Connection) => {
      apply(connectChanges(pages, Number(conn.source), slotOf(conn.sourceHandle), Number(conn.target)));
    },
    [apply, pages],
  );

  const reconnected = useRef(false);
  const onReconnect = useCallback(
    (old: Edge, conn: Connection) => {
      reconnected.current = true;
      apply(
        reconnectChanges(
          pages,
          { source: Number(old.source), target: Number(old.target), slot: slotOf(old.sourceHandle) },
          { source: Number(conn.source), slot: slotOf(conn.sourceHandle), target: Number(conn.target) },
        ),
      );
    },
    [apply, pages],
  );
  const onReconnectEnd = useCallback(
    (_e: unknown, edge: Edge, _h: unknown, state: FinalConnectionState) => {
      // Dropped loose (not on a handle): the link is cleared (001 §4).
      if (!state.isValid && !reconnected.current) apply(disconnectChanges([{ source: Number(edge.source), slot: slotOf(edge.sourceHandle) }]));
      reconnected.current = false;
    },
    [apply],
  );

  const onBeforeDelete = useCallback<OnBeforeDelete<PageNode, Edge>>(
    ({ nodes: ns, edges: es }) => {
      if (locked) return Promise.resolve(false);
      const page = ns[0]?.data.page;
      // A page is deleted only after the confirmation (the Pages tab's dialog); edges are links to clear.
      if (page) onDelete(page);
      else if (es.length) apply(disconnectChanges(es.map((e) => ({ source: Number(e.source), slot: slotOf(e.sourceHandle) }))));
      return Promise.resolve(false);
    },
    [apply, locked, onDelete],
  );

  const tidy = useCallback(() => {
    void autoLayout(
      pages.map((p) => p.ID),
      links,
    ).then((at) => {
      keepPositions(
        pages.map((p) => ({ id: String(p.ID), position: at[p.ID] ?? { x: 0, y: 0 } })),
        'Lay out the flow automatically',
      );
      window.requestAnimationFrame(() => void rf.fitView({ padding: 0.15 }));
    });
  }, [keepPositions, links, pages, rf]);

  const focusPage = useCallback(
    (id: number) => {
      const n = rf.getNode(String(id));
      if (!n) return;
      setNodes((ns) => ns.map((x) => ({ ...x, selected: x.id === String(id) })));
      void rf.setCenter(n.position.x + 75, n.position.y + 25, { zoom: 1.2, duration: 200 });
      document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`)?.focus();
    },
    [rf],
  );

  return (
    <div className={c.layout}>
      <div>
        <div className={s.row}>
          <p className={c.legend}>
            <span>
              <span className={c.legendNext} aria-hidden />
              Next page (bottom handle)
            </span>
            <span>
              <span className={c.legendSkip} aria-hidden />
              Skip page (right handle, split and upsell pages)
            </span>
          </p>
          <span className={s.spacer} />
          <Button size="sm" isDisabled={locked || !pages.length} onPress={tidy} disabledReason={locked ? MSG.locked : 'There are no pages to lay out'}>
            Tidy up layout
          </Button>
        </div>
        <div className={c.canvas} role="group" aria-label="Page flow diagram" aria-describedby={`flow-help-${funnelId}`}>
          {ready ? (
            <ReactFlow<PageNode, Edge>
              nodes={nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onNodeDragStart={onNodeDragStart}
              onNodeDragStop={onNodeDragStop}
              onConnect={onConnect}
              onReconnect={onReconnect}
              onReconnectEnd={onReconnectEnd}
              onBeforeDelete={onBeforeDelete}
              isValidConnection={notSelf}
              nodesDraggable={!locked}
              nodesConnectable={!locked}
              edgesReconnectable={!locked}
              elementsSelectable
              nodesFocusable
              edgesFocusable
              autoPanOnNodeFocus
              deleteKeyCode={DELETE_KEYS}
              fitView
              fitViewOptions={FIT_VIEW_OPTIONS}
              minZoom={0.1}
              maxZoom={2}
              proOptions={PRO_OPTIONS}
            >
              <Background gap={20} />
              <MiniMap pannable zoomable ariaLabel="Mini map of the page flow" nodeColor={miniMapColor} style={MINIMAP_STYLE} />
              <Controls showInteractive={false} />
              {selectedNode && <PageToolbar key={selectedNode.id} node={selectedNode} />}
            </ReactFlow>
          ) : (
            <p role="status" className={s.helpText}>
              Laying out the pages…
            </p>
          )}
          {!pages.length && <p className={s.helpText}>No Pages added</p>}
        </div>
        <p id={`flow-help-${funnelId}`} className={s.helpText}>
          Drag from a page's bottom handle to another page to set its next page, from the right handle to set its skip page; drag an arrow's end to another page
          to move it, or drop it on the empty canvas to clear it. With the keyboard: Tab to a page, Enter selects it and shows its actions (including its next
          and skip page), arrow keys move it. Ctrl+Z undoes any change; Save in the editor bar sends it.
        </p>
      </div>
      <aside className={c.side} aria-label="Pre-publish check">
        <FlowProblems problems={[...problems]} funnelId={funnelId} onSelectPage={focusPage} />
      </aside>
    </div>
  );
}
