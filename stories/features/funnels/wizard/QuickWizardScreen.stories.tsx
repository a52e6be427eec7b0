/**
 * /funnels/quick (001 §2 "Add Funnel Beta (opens the quick wizard)"), the connected screen with
 * its reads mocked (msw: the session, offers, stores, domains, templates) and its draft kept in
 * the signed-in user's IndexedDB: loading, a fresh draft whose every step is kept as it is made,
 * a kept draft resumed where it was (a reload), "Discard draft" starting anew, Done on a built
 * funnel forgetting the draft, saying 'Processing complete!' and opening its Domains tab, and
 * the wizard's choices that cannot be read.
 */
import preview from '../../../../.storybook/preview';

import { Component, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { PROCESSING_COMPLETE, QuickWizardScreen } from '../../../../src/features/funnels/wizard/QuickWizardScreen';
import { newGeneral, type WizardDraft } from '../../../../src/features/funnels/wizard/draft';
import { discardDraft, loadDraft, saveDraft } from '../../../../src/features/funnels/wizard/draft-store';
import { emptyBuildState } from '../../../../src/features/funnels/wizard/sequence';
import { neverAnswers, storyUser } from '../../../screens';
import { filledQuickDraft, wizardHandlers } from './fixtures';

/** Shows what the screen threw (the app's route error overlay does so in the app). */
class Caught extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">The wizard failed: {this.state.error.message}</p> : this.props.children;
  }
}

/** Where the screen navigated when it left its routes. */
function Left() {
  return <p role="status">Navigated to {useLocation().pathname}</p>;
}

const meta = preview.meta({
  title: 'Funnels/Wizard/QuickWizardScreen',
  component: QuickWizardScreen,
  render: () => (
    <Caught>
      <Routes>
        <Route path="/" element={<Navigate to="/funnels/quick" replace />} />
        <Route path="/funnels/quick" element={<QuickWizardScreen />} />
        <Route path="/funnels/quick/:id" element={<QuickWizardScreen />} />
        <Route path="*" element={<Left />} />
      </Routes>
    </Caught>
  ),
  parameters: { msw: { handlers: wizardHandlers() } },
  // Every story starts without a kept draft of the story user.
  beforeEach: async () => {
    await discardDraft(storyUser.user_id);
  },
});

/** A story that starts with `draft` kept for the signed-in user (as after a reload). */
const keptDraft = (draft: Parameters<typeof saveDraft>[1]) => ({
  beforeEach: async () => {
    await saveDraft(storyUser.user_id, draft);
  },
});

/** A draft filled up to `step`: offer 10234, funnel 'Quick Glow', a subdomain, a campaign, two pages. */
const filled = (step: number): WizardDraft => filledQuickDraft('screen-story', step, { ...newGeneral(), cs_email: 'help@glow.example' });

type Finder = { findByRole: (role: string, o: object, w?: object) => Promise<HTMLElement> };
const stepHeading = (canvas: Finder, name: string) => canvas.findByRole('heading', { level: 2, name }, { timeout: 8000 });

/** While the session and the choices load: the screen says so. */
export const Loading = meta.story({
  parameters: { msw: { handlers: [neverAnswers('get', '/api/v1/me'), ...wizardHandlers()] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading the quick funnel wizard…');
  },
});

/** A fresh draft: the Offer step with nothing chosen; each step made is kept in IndexedDB at once. */
export const FreshDraftIsKept = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    await step('Choose an existing offer and go on', async () => {
      await stepHeading(canvas, 'Offer');
      await expect(canvas.getByLabelText('Existing offer')).toHaveValue('');
      await userEvent.selectOptions(canvas.getByLabelText('Existing offer'), '10234');
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    });
    await step('Name the funnel: the draft is kept', async () => {
      await stepHeading(canvas, 'Funnel');
      await userEvent.type(canvas.getByLabelText('Funnel name'), 'Kept');
      await waitFor(async () => {
        const kept = await loadDraft<WizardDraft>(storyUser.user_id);
        await expect(kept?.step).toBe(1);
        await expect(kept?.offer.existing).toBe(10234);
        await expect(kept?.funnel.name).toBe('Kept');
      });
    });
  },
});

/** A kept draft (the page was reloaded): the wizard resumes at its step with its values. */
export const ResumesKeptDraft = meta.story({
  ...keptDraft(filled(2)),
  play: async ({ canvas, userEvent, step }) => {
    await step('The kept draft opens at Domain', async () => {
      await stepHeading(canvas, 'Domain');
      await expect(canvas.getByLabelText('Subdomain')).toHaveValue('quick');
      await expect(canvas.getByText('quick.flexfit-bands.com')).toBeVisible();
    });
    await step('Previous shows the kept funnel name', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
      await stepHeading(canvas, 'Funnel');
      await expect(canvas.getByLabelText('Funnel name')).toHaveValue('Quick Glow');
    });
  },
});

/** "Discard draft": back to a fresh Offer step, and the kept draft is forgotten. */
export const DiscardDraft = meta.story({
  ...keptDraft(filled(4)),
  play: async ({ canvas, userEvent, step }) => {
    await step('Discard the draft at Pages', async () => {
      await stepHeading(canvas, 'Pages');
      await userEvent.click(canvas.getByRole('button', { name: 'Discard draft' }));
    });
    await step('The wizard starts again, the draft gone', async () => {
      await stepHeading(canvas, 'Offer');
      await expect(canvas.getByLabelText('Existing offer')).toHaveValue('');
      await waitFor(async () => {
        await expect(await loadDraft(storyUser.user_id)).toBeUndefined();
      });
    });
  },
});

/** A built funnel's draft: the address carries its id; Done forgets the draft, says 'Processing complete!' and opens the funnel's Domains tab. */
export const DoneOpensTheFunnel = meta.story({
  ...keptDraft({
    ...filled(9),
    build: { ...emptyBuildState(), funnelId: 1, domainId: 2, campaigns: { c1: 3 }, pages: { p1: 11, p2: 12 }, indexSet: true },
  }),
  play: async ({ canvas, userEvent, step }) => {
    await step('Done at Design opens the funnel, processing complete', async () => {
      await stepHeading(canvas, 'Design');
      await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
      await expect(await canvas.findByText('Navigated to /funnels/1/domains', {}, { timeout: 8000 })).toBeVisible();
      await expect(await within(screen.getByRole('region', { name: 'Notifications' })).findByText(PROCESSING_COMPLETE)).toBeVisible();
    });
    await step('The draft is gone', async () => {
      await waitFor(async () => {
        await expect(await loadDraft(storyUser.user_id)).toBeUndefined();
      });
    });
  },
});

/** The offers cannot be read: the screen fails with the server's reason (the app's error overlay shows it). */
export const ChoicesUnreadable = meta.story({
  parameters: {
    msw: { handlers: [http.get('/api/v1/offers', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })), ...wizardHandlers()] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^The wizard failed: /, {}, { timeout: 8000 })).toHaveTextContent('Database unavailable');
  },
});
