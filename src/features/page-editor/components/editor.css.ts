/** The page editor's two columns: the side panels (scrolling on their own) and the preview. */
import { style } from '@vanilla-extract/css';

/** Both columns take the window's height below the screen's header. */
export const layout = style({ display: 'grid', gridTemplateColumns: 'minmax(360px, 480px) 1fr', gap: 20, height: 'calc(100vh - 180px)', minHeight: 560 });
/** The panels' column: scrolls on its own. */
export const panels = style({ overflow: 'auto', paddingRight: 4, minHeight: 0 });
/** The preview's column: its toggles, then the preview filling the rest of the height. */
export const previewColumn = style({ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0, minHeight: 0, flex: 1 });
