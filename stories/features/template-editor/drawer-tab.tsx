/**
 * What the stories of one template editor drawer tab on its own share: the meta that holds the
 * tab's page in the story's editor store and renders the tab at the drawer's width, and the
 * story of a page the store does not hold yet.
 */
import type { ComponentType } from 'react';
import type { StoryContext } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import type { Page } from '../../../src/model';

/**
 * The meta fields of a drawer tab's stories: `page` in the editor store (its document
 * `page:<ID>`) and `Tab` with the story's args in a box as wide as the drawer (640 px at most).
 */
export function drawerTabMeta<P extends object>(Tab: ComponentType<P>, page: Page) {
  return {
    parameters: { editorDocs: { [`page:${page.ID}`]: page } },
    render: (args: P) => (
      <div style={{ maxWidth: 640 }}>
        <Tab {...args} />
      </div>
    ),
  };
}

/** A page not in the editor store yet (ID 999): 'Loading page…' instead of the editor, no Apply. */
export const notLoadedTab = {
  args: { pageId: 999 },
  play: async ({ canvas, step }: Pick<StoryContext, 'canvas' | 'step'>) => {
    await step('Loading page… instead of the editor', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('Loading page…');
      await expect(canvas.queryByRole('button', { name: 'Apply' })).toBeNull();
    });
  },
};
