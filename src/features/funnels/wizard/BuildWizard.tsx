/**
 * The funnel build wizard (000 §2 "Funnel build wizard with the steps offer, campaigns, pages,
 * domain"; §4 build sequence; §5, §8 rules and messages): four steps with Previous and Next,
 * each checked before moving on; Finish runs the sequence (create offer, funnel, domain,
 * campaigns, pages, index page) in a progress modal that resumes a failed step without
 * creating anything twice. What the build created is kept in the draft: once created, the
 * offer and the funnel name, the domain and every created campaign or page stay as they are.
 */
import { useMemo, useState } from 'react';
import type { Domain, Offer, Store, Template } from '../../../model';
import { Box, Button, Inline, TextField, styles as s } from '../../../ui';
import { BuildProgressModal } from './BuildProgress';
import { domainErrors, funnelNameErrors, newDraft, offerErrors, pagesErrors, planOf, type StepErrors, type WizardDraft } from './draft';
import { buildComplete, runBuild, type BuildApi, type BuildPlan } from './sequence';
import { CampaignsStep, DomainStep, OfferStep, PagesStep, StepList } from './WizardSteps';

/** The build wizard's steps, in order (000 §2). */
export const BUILD_WIZARD_STEPS = ['Offer', 'Campaigns', 'Pages', 'Domain'] as const;

/** Props of {@link BuildWizard}. */
export interface BuildWizardProps {
  offers: readonly Offer[];
  stores: readonly Store[];
  domains: readonly Domain[];
  templates: readonly Pick<Template, 'ID' | 'name' | 'page_type' | 'archived'>[];
  /** The calls of the sequence (`buildApi` in the app). */
  api: BuildApi;
  /** Called once the whole sequence succeeded, with the new funnel's ID and name. */
  onDone: (funnelId: number, name: string) => void;
  onCancel: () => void;
  /** A draft to start from (stories); a fresh one by default. */
  initialDraft?: WizardDraft;
}

/** The errors of build wizard step `i` for `d` (empty: the step may be left). */
export function buildStepErrors(i: number, d: WizardDraft, offers: readonly Offer[], domains: readonly Domain[]): StepErrors {
  switch (BUILD_WIZARD_STEPS[i]) {
    case 'Offer': {
      const name = funnelNameErrors(d.funnel).name;
      // Once created, the offer is in the offer list itself: it is not checked again.
      const offer = d.build.offerId != null || d.build.funnelId != null ? {} : offerErrors(d.offer, offers);
      return { ...offer, ...(name ? { funnel_name: name } : {}) };
    }
    case 'Pages':
      return pagesErrors(d.pages);
    case 'Domain':
      return d.build.domainId != null ? {} : domainErrors(d.domain, domains);
    default:
      return {};
  }
}

/** See the module comment and {@link BuildWizardProps}. */
export function BuildWizard({ offers, stores, domains, templates, api, onDone, onCancel, initialDraft }: BuildWizardProps) {
  const [draft, setDraft] = useState<WizardDraft>(() => initialDraft ?? newDraft());
  const [tried, setTried] = useState<ReadonlySet<number>>(new Set());
  const [plan, setPlan] = useState<BuildPlan | null>(null);
  const [running, setRunning] = useState(false);
  const step = draft.step;
  const errors = useMemo(() => (tried.has(step) ? buildStepErrors(step, draft, offers, domains) : {}), [tried, step, draft, offers, domains]);
  const b = draft.build;
  const update = (patch: Partial<WizardDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const go = (to: number) => update({ step: to });
  const next = () => {
    setTried((t) => new Set(t).add(step));
    if (Object.keys(buildStepErrors(step, draft, offers, domains)).length) return;
    go(step + 1);
  };

  const finish = async () => {
    // Every step is checked again: the first one with an error is shown.
    for (let i = 0; i < BUILD_WIZARD_STEPS.length; i++) {
      if (Object.keys(buildStepErrors(i, draft, offers, domains)).length) {
        setTried((t) => new Set(t).add(i));
        go(i);
        return;
      }
    }
    const p = planOf(draft, false);
    setPlan(p);
    setRunning(true);
    const final = await runBuild(p, draft.build, api, (build) => setDraft((d) => ({ ...d, build })));
    if (!final.failed && final.funnelId != null && buildComplete(p, final)) {
      setRunning(false);
      onDone(final.funnelId, p.funnel.name);
    }
  };

  const created = (what: string) => <p className={s.helpText}>{what} was already created by this wizard and is kept as it is.</p>;
  return (
    <section aria-labelledby="build-wizard-title">
      <Box as="h1" id="build-wizard-title">
        Funnel build wizard
      </Box>
      <StepList steps={BUILD_WIZARD_STEPS} current={step} />
      <Box as="h2" id="wizard-step-title">
        {BUILD_WIZARD_STEPS[step]}
      </Box>
      <div role="group" aria-labelledby="wizard-step-title">
        {step === 0 && (
          <fieldset disabled={b.funnelId != null} className={s.card}>
            {b.funnelId != null && created('The funnel and its offer')}
            <TextField
              label="Funnel name"
              value={draft.funnel.name}
              error={errors.funnel_name}
              onChange={(e) => update({ funnel: { ...draft.funnel, name: e.target.value } })}
            />
            <OfferStep value={draft.offer} onChange={(offer) => update({ offer })} offers={offers} stores={stores} errors={errors} />
          </fieldset>
        )}
        {step === 1 && <CampaignsStep value={draft.campaigns} onChange={(campaigns) => update({ campaigns })} created={b.campaigns} />}
        {step === 2 && <PagesStep value={draft.pages} onChange={(pages) => update({ pages })} templates={templates} errors={errors} created={b.pages} />}
        {step === 3 && (
          <fieldset disabled={b.domainId != null} className={s.card}>
            {b.domainId != null && created('The domain')}
            <DomainStep value={draft.domain} onChange={(domain) => update({ domain })} domains={domains} errors={errors} />
          </fieldset>
        )}
      </div>
      <Inline marginTop="md">
        <Button onPress={onCancel}>Cancel</Button>
        <span className={s.spacer} />
        <Button isDisabled={step === 0} onPress={() => go(step - 1)}>
          Previous
        </Button>
        {step < BUILD_WIZARD_STEPS.length - 1 ? (
          <Button variant="primary" onPress={next}>
            Next
          </Button>
        ) : (
          <Button variant="primary" isDisabled={running} onPress={() => void finish()}>
            Finish
          </Button>
        )}
      </Inline>
      {plan && <BuildProgressModal isOpen={running} plan={plan} state={b} onResume={() => void finish()} onClose={() => setRunning(false)} />}
    </section>
  );
}
