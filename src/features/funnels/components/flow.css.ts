/** Styles of the pages flow diagram: 150 × 50 page nodes (001 §9), the canvas and its side list. */
import { style, styleVariants } from '@vanilla-extract/css';
import { FLOW_NODE_HEIGHT, FLOW_NODE_WIDTH } from '../../../model/layout';
import { vars } from '../../../ui/theme.css';

/** The diagram and the check list side by side; the list drops below on narrow screens. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 300px',
  gap: vars.space.md,
  '@media': { 'screen and (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const canvas = style({
  height: 560,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  position: 'relative',
});

export const side = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

/** A page node: exactly 150 × 50 (001 §9 "Flow nodes measure 150 x 50"). */
export const node = style({
  width: FLOW_NODE_WIDTH,
  height: FLOW_NODE_HEIGHT,
  boxSizing: 'border-box',
  padding: '5px 8px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.size.small,
  lineHeight: 1.3,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  position: 'relative',
  selectors: {
    '.selected > &': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 1 },
    '.react-flow__node:focus-visible > &': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

/** The index page's node: a primary left rule (and the 'Index' tag). */
export const indexNode = style({ borderLeft: `4px solid ${vars.color.primary}` });

/** A node with a check problem: its border says how bad. */
export const problem = styleVariants({
  error: { borderColor: vars.color.danger, background: vars.color.dangerBg },
  warning: { borderColor: vars.color.warning, background: vars.color.warningBg },
});

export const nodeName = style({ fontWeight: 600, fontSize: 13, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
export const nodeMeta = style({ color: vars.color.muted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });

export const indexTag = style({
  position: 'absolute',
  top: -9,
  right: 6,
  padding: '0 5px',
  borderRadius: vars.radius.sm,
  fontSize: 10,
  fontWeight: 700,
  background: vars.color.primary,
  color: vars.color.primaryText,
  lineHeight: '16px',
});

/** The handles: the main (next) one at the bottom, the second (skip) one on the right, dashed like its edges. */
export const handle = style({ width: 10, height: 10, background: vars.color.primary, border: `2px solid ${vars.color.surface}` });
export const skipHandle = style({ background: vars.color.orange });

/**
 * A page's body as a drop target: covers the node, invisible; React Flow gives it
 * pointer events only while a link is dragged. Dashed around the page when a drop there connects.
 * Two classes, so it wins over React Flow's `.react-flow__handle-top` whatever the CSS order.
 */
export const bodyHandle = style({
  selectors: {
    '&.react-flow__handle': {
      top: 0,
      left: 0,
      width: '100%',
      height: '100%',
      transform: 'none',
      borderRadius: vars.radius.md,
      background: 'transparent',
      border: 'none',
      minWidth: 0,
      minHeight: 0,
    },
    '&.react-flow__handle.connectingto.valid': { outline: `2px dashed ${vars.color.primary}`, outlineOffset: 3 },
  },
});

/**
 * The selected page's actions, placed in the canvas by the diagram (a translate from its top
 * left corner), above the page or below it when there is no room above.
 */
export const toolbar = style({
  position: 'absolute',
  top: 0,
  left: 0,
  zIndex: 6,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 2,
  alignItems: 'center',
  maxWidth: 560,
  width: 'max-content',
  boxSizing: 'border-box',
  padding: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});

export const toolbarSelect = style({ fontSize: vars.size.small, maxWidth: 220 });

export const legend = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', color: vars.color.muted, fontSize: vars.size.small, margin: 0 });
export const legendNext = style({ display: 'inline-block', width: 22, borderTop: `2px solid ${vars.color.primary}`, verticalAlign: 'middle', marginRight: 4 });
export const legendSkip = style({ display: 'inline-block', width: 22, borderTop: `2px dashed ${vars.color.orange}`, verticalAlign: 'middle', marginRight: 4 });
