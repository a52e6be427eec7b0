import preview from '../../.storybook/preview';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { StoryContext } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { HomeRoute, RequireScreen } from '../../src/app/access';
import type { RoleName, ScreenPattern, SessionUser } from '../../src/model';

const USERS: Record<RoleName, SessionUser> = {
  admin: { user_id: 1, email: 'admin@example.com', name: 'Ada Admin', role: 'admin' },
  operator: { user_id: 2, email: 'operator@example.com', name: 'Oscar Operator', role: 'operator' },
  sticky: { user_id: 3, email: 'sticky@example.com', name: 'Sticky Uploader', role: 'sticky' },
};
/** The signed-in user as `GET /api/v1/me` answers it. */
const signedInAs = (role: RoleName) => ({ msw: { handlers: [http.get('/api/v1/me', () => HttpResponse.json(USERS[role]))] } });

/** A route guarded as the router guards it; `/sticky` stands for the Sticky page. */
function Guarded({ screen }: { screen: ScreenPattern }) {
  return (
    <Routes>
      <Route path="/sticky" element={<h1>Sticky page</h1>} />
      <Route
        path="*"
        element={
          screen === '' ? (
            <HomeRoute>
              <h1>Dashboard</h1>
            </HomeRoute>
          ) : (
            <RequireScreen screen={screen}>
              <h1>The {screen} screen</h1>
            </RequireScreen>
          )
        }
      />
    </Routes>
  );
}

const meta = preview.meta({ title: 'App/Access', component: Guarded, args: { screen: 'users' as const } });

/**
 * A role opening `screen` by URL: the no-access page with a link to the role's home (`home`: its
 * name and address), and the screen itself not shown.
 */
const noAccessStory = (role: RoleName, screen: ScreenPattern, home: [name: string, href: string]) => ({
  args: { screen },
  parameters: signedInAs(role),
  play: async ({ canvas, step }: Pick<StoryContext, 'canvas' | 'step'>) => {
    await step(`The no-access page with a link to ${home[0]}`, async () => {
      await expect(await canvas.findByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
      await expect(canvas.getByRole('link', { name: `Go to ${home[0]}` })).toHaveAttribute('href', home[1]);
    });
    await step(`The ${screen} screen is not shown`, async () => {
      await expect(canvas.queryByText(`The ${screen} screen`)).toBeNull();
    });
  },
});

/** A role opening / lands on its home, the heading `home`, and not on `not` (when given). */
const homeStory = (role: RoleName, home: string, not?: string) => ({
  args: { screen: '' as const },
  parameters: signedInAs(role),
  play: async ({ canvas, step }: Pick<StoryContext, 'canvas' | 'step'>) => {
    await step(`The user's home, ${home}, opens`, async () => {
      await expect(await canvas.findByRole('heading', { name: home })).toBeVisible();
    });
    if (not)
      await step(`Not the ${not}`, async () => {
        await expect(canvas.queryByRole('heading', { name: not })).toBeNull();
      });
  },
});

/** The operator opens /users by URL: the plain no-access screen with a link to its first page, the dashboard. */
export const OperatorOpensUsers = meta.story(noAccessStory('operator', 'users', ['Dashboard', '/']));

/** The admin may open /users. */
export const AdminOpensUsers = meta.story({
  parameters: signedInAs('admin'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'The users screen' })).toBeVisible();
  },
});

/** The sticky account opens the funnel list by URL: no access, and the way back is the Sticky page. */
export const StickyOpensFunnels = meta.story(noAccessStory('sticky', 'funnels', ['Sticky', '/sticky']));

/** The sticky account opening / lands on /sticky (after sign-in too). */
export const StickyLandsOnSticky = meta.story(homeStory('sticky', 'Sticky page', 'Dashboard'));

/** Staff opening / see the dashboard. */
export const OperatorHome = meta.story(homeStory('operator', 'Dashboard'));
