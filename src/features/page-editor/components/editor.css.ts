/** The page editor's two columns: the side panels (scrolling on their own) and the preview. */
import { style } from '@vanilla-extract/css';

export const layout = style({ display: 'grid', gridTemplateColumns: 'minmax(360px, 480px) 1fr', gap: 20, alignItems: 'start' });
/** The panels' column: scrolls within the window's height, below the screen's header. */
export const panels = style({ maxHeight: 'calc(100vh - 180px)', overflow: 'auto', paddingRight: 4 });
