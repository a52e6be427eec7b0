/**
 * The quick funnel wizard (001 §2 "Quick funnel wizard": steps Offer, Funnel, Domain,
 * Campaigns, Pages, General, Build, Faq, Manual, Design; controls Next, Previous, Done; a
 * closable error box titled ERROR on failures; §4 "Wizard finish: saves the funnel, goes to
 * /funnels/{id}/domains and says Processing complete!"; §8 'Missing Page ID'). Each step is
 * checked with the seeds' rules before Next. Build runs the build sequence of 000 §4 (the
 * same as the build wizard's, resumable); Faq and Manual edit the new funnel's document in
 * the command log; Design opens each created page in the template editor. The draft is
 * controlled by the caller (the screen keeps it in IndexedDB, so a reload resumes it).
 */
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFunnel } from '../../../api';
import { useEditor, useLoadDoc } from '../../../editor';
import { CURRENCIES, FUNNEL_COUNTRIES, LANGUAGES, MSG, type Domain, type Offer, type Store, type Template } from '../../../model';
import { Box, Button, HeadingRow, Inline, SelectField, Stack, TextField, styles as s, Skeleton } from '../../../ui';
import { FaqEditor, ManualEditor } from '../components/FunnelContentEditors';
import { BuildProgressList } from './BuildProgress';
import {
  domainErrors,
  funnelErrors,
  GENERAL_DETAIL_FIELDS,
  generalErrors,
  newGeneral,
  offerErrors,
  pagesErrors,
  planOf,
  type FunnelDraft,
  type GeneralDraft,
  type StepErrors,
  type WizardDraft,
} from './draft';
import { ErrorBox } from './ErrorBox';
import { buildComplete, runBuild, type BuildApi } from './sequence';
import { CampaignsStep, DomainStep, HeadRow, OfferStep, PagesStep, StepList } from './WizardSteps';

/** The quick wizard's steps, in order (001 §2). */
export const QUICK_STEPS = ['Offer', 'Funnel', 'Domain', 'Campaigns', 'Pages', 'General', 'Build', 'Faq', 'Manual', 'Design'] as const;
const BUILD_STEP = QUICK_STEPS.indexOf('Build');

/** Said when Next is pressed on the Build step before the build finished. */
export const BUILD_FIRST = 'Build the funnel first: press Build and wait until every step is done';

/** Props of {@link QuickWizard}. */
export interface QuickWizardProps {
  offers: readonly Offer[];
  stores: readonly Store[];
  domains: readonly Domain[];
  templates: readonly Pick<Template, 'ID' | 'name' | 'page_type' | 'archived'>[];
  api: BuildApi;
  draft: WizardDraft;
  /** Applies a change to the draft (functional: the build reports while it runs). */
  update: (fn: (d: WizardDraft) => WizardDraft) => void;
  /** After Done saved the funnel: the caller forgets the draft and moves on (001 §4). */
  onDone: (funnelId: number) => void;
  /** "Discard draft": the caller forgets the draft and starts a new one. */
  onDiscard: () => void;
}

/** The errors of quick wizard step `i` for `d` (empty: Next may move on). */
export function quickStepErrors(i: number, d: WizardDraft, offers: readonly Offer[], domains: readonly Domain[]): StepErrors {
  switch (QUICK_STEPS[i]) {
    // Once created, the offer is in the offer list itself: it is not checked again.
    case 'Offer':
      return d.build.offerId != null || d.build.funnelId != null ? {} : offerErrors(d.offer, offers);
    case 'Funnel':
      return funnelErrors(d.funnel);
    case 'Domain':
      return d.build.domainId != null ? {} : domainErrors(d.domain, domains);
    case 'Pages':
      return pagesErrors(d.pages);
    case 'General':
      return generalErrors(d.general ?? newGeneral());
    case 'Build': {
      if (d.build.funnelId == null) return { build: BUILD_FIRST };
      return buildComplete(planOf(d, true), d.build) ? {} : { build: BUILD_FIRST };
    }
    default:
      return {};
  }
}

/** The Funnel step: name, currency, language and countries (000 §5, §9). */
function FunnelStep({ value: f, onChange, errors }: { value: FunnelDraft; onChange: (f: FunnelDraft) => void; errors: StepErrors }) {
  const set = (patch: Partial<FunnelDraft>) => onChange({ ...f, ...patch });
  /** A select of one of the funnel's fixed choices (`options` are its only values). */
  const choice = <K extends 'currency' | 'language'>(label: string, key: K, options: readonly FunnelDraft[K][]) => (
    <SelectField label={label} options={options} value={f[key]} error={errors[key]} onChange={(e) => set({ [key]: e.target.value as FunnelDraft[K] })} />
  );
  return (
    <div className={s.grid2}>
      <TextField label="Funnel name" value={f.name} error={errors.name} onChange={(e) => set({ name: e.target.value })} />
      {choice('Currency', 'currency', CURRENCIES)}
      {choice('Language', 'language', LANGUAGES)}
      <fieldset aria-describedby={errors.countries ? 'quick-countries-error' : undefined}>
        <legend className={s.label}>Countries</legend>
        <div className={s.row}>
          {FUNNEL_COUNTRIES.map((c) => (
            <label key={c}>
              <input
                type="checkbox"
                checked={f.countries.includes(c)}
                onChange={(e) => set({ countries: e.target.checked ? [...f.countries, c] : f.countries.filter((x) => x !== c) })}
              />{' '}
              {c}
            </label>
          ))}
        </div>
        {errors.countries && (
          <span id="quick-countries-error" role="alert" className={s.errorText}>
            {errors.countries}
          </span>
        )}
      </fieldset>
    </div>
  );
}

/** The General step: support number and email and the details' general fields (000 §5). */
function GeneralStep({ value: g, onChange, errors }: { value: GeneralDraft; onChange: (g: GeneralDraft) => void; errors: StepErrors }) {
  return (
    <div className={s.grid2}>
      <TextField label="Support number" value={g.cs_number} error={errors.cs_number} onChange={(e) => onChange({ ...g, cs_number: e.target.value })} />
      <TextField label="Support email" type="email" value={g.cs_email} error={errors.cs_email} onChange={(e) => onChange({ ...g, cs_email: e.target.value })} />
      {GENERAL_DETAIL_FIELDS.map(([k, label]) => (
        <TextField
          key={k}
          label={label}
          value={g.details[k]}
          error={errors[`details.${k}`]}
          type={k === 'cf_secret_key' ? 'password' : 'text'}
          autoComplete={k === 'cf_secret_key' ? 'new-password' : undefined}
          onChange={(e) => onChange({ ...g, details: { ...g.details, [k]: e.target.value } })}
        />
      ))}
    </div>
  );
}

/** Loads the new funnel's document into the command log, then shows `children` (the Faq and Manual editors). */
function FunnelDoc({ funnelId, children }: { funnelId: number; children: ReactNode }) {
  const funnel = useFunnel(funnelId);
  const ready = useLoadDoc(`funnel:${funnelId}`, funnel.data);
  if (funnel.isError) throw funnel.error;
  return ready ? <>{children}</> : <Skeleton label="Loading the funnel…" variant="lines" />;
}

/**
 * Done (001 §4 "Wizard finish: saves the funnel"): saves the funnel's document with the
 * editor store (its Faq and Manual edits; nothing to send is a success), then `onSaved`.
 * Rendered only once the funnel is built: the route edits its document then.
 */
function DoneButton({ onErrors, onSaved }: { onErrors: (m: string[]) => void; onSaved: () => void }) {
  const editor = useEditor();
  const [saving, setSaving] = useState(false);
  const done = async () => {
    setSaving(true);
    try {
      const r = await editor.save();
      if (!r.ok) {
        onErrors(
          Object.values(r.errors)
            .filter((m): m is string => !!m)
            .concat(r.conflicts.length ? ['The funnel was changed by someone else: open it and save again'] : []),
        );
        return;
      }
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Button variant="primary" isDisabled={saving} onPress={() => void done()}>
      Done
    </Button>
  );
}

/** See the module comment and {@link QuickWizardProps}. */
export function QuickWizard({ offers, stores, domains, templates, api, draft, update, onDone, onDiscard }: QuickWizardProps) {
  const [box, setBox] = useState<string[]>([]);
  const [tried, setTried] = useState<ReadonlySet<number>>(new Set());
  const [running, setRunning] = useState(false);
  const navigate = useNavigate();
  const step = draft.step;
  const b = draft.build;
  const built = b.funnelId != null;
  const errors = tried.has(step) ? quickStepErrors(step, draft, offers, domains) : {};
  const set = (patch: Partial<WizardDraft>) => update((d) => ({ ...d, ...patch }));
  const go = (to: number) => {
    setBox([]);
    set({ step: to });
  };

  /** Shows the step's errors in the ERROR box; true when there are none. */
  const check = (i: number): boolean => {
    const errs = quickStepErrors(i, draft, offers, domains);
    setTried((t) => new Set(t).add(i));
    const messages = [...new Set(Object.values(errs))];
    setBox(messages);
    return messages.length === 0;
  };

  const build = async () => {
    for (let i = 0; i < BUILD_STEP; i++) {
      if (!check(i)) {
        set({ step: i });
        return;
      }
    }
    setBox([]);
    setRunning(true);
    const plan = planOf(draft, true);
    const final = await runBuild(plan, draft.build, api, (st) => update((d) => ({ ...d, build: st })));
    setRunning(false);
    if (final.failed) setBox([`${final.failed.message}`]);
  };

  const designer = (id: number | undefined) => {
    if (id == null) {
      setBox([MSG.missingPageId]);
      return;
    }
    void navigate(`/template-editor/${id}`);
  };

  const locked = (content: ReactNode) => (
    <fieldset disabled={built} className={s.card}>
      {built && <p className={s.helpText}>The funnel is built: this step is kept as it was built.</p>}
      {content}
    </fieldset>
  );
  const plan = built || running ? planOf(draft, true) : null;
  return (
    <section aria-labelledby="quick-wizard-title">
      <HeadingRow id="quick-wizard-title" title="Quick funnel wizard">
        <Button variant="ghost" isDisabled={running} onPress={onDiscard}>
          Discard draft
        </Button>
      </HeadingRow>
      <StepList steps={QUICK_STEPS} current={step} />
      <ErrorBox messages={box} onClose={() => setBox([])} />
      <Box as="h2" id="quick-step-title">
        {QUICK_STEPS[step]}
      </Box>
      <div role="group" aria-labelledby="quick-step-title">
        {step === 0 && locked(<OfferStep value={draft.offer} onChange={(offer) => set({ offer })} offers={offers} stores={stores} errors={errors} />)}
        {step === 1 && locked(<FunnelStep value={draft.funnel} onChange={(funnel) => set({ funnel })} errors={errors} />)}
        {step === 2 && locked(<DomainStep value={draft.domain} onChange={(domain) => set({ domain })} domains={domains} errors={errors} />)}
        {step === 3 && <CampaignsStep value={draft.campaigns} onChange={(campaigns) => set({ campaigns })} created={b.campaigns} onErrors={setBox} />}
        {step === 4 && (
          <PagesStep value={draft.pages} onChange={(pages) => set({ pages })} templates={templates} errors={errors} created={b.pages} onErrors={setBox} />
        )}
        {step === 5 && locked(<GeneralStep value={draft.general ?? newGeneral()} onChange={(general) => set({ general })} errors={errors} />)}
        {step === BUILD_STEP && (
          <Stack>
            <p>
              Build creates the offer, the funnel, its domain, campaigns and pages, then sets the first page as index page. If a step fails, fix it and press
              Resume: nothing is created twice.
            </p>
            {plan && <BuildProgressList plan={plan} state={b} />}
            <Inline>
              <Button variant="primary" isDisabled={running || (plan != null && buildComplete(plan, b))} onPress={() => void build()}>
                {b.failed || (built && plan && !buildComplete(plan, b)) ? 'Resume' : 'Build'}
              </Button>
            </Inline>
          </Stack>
        )}
        {step === 7 && b.funnelId != null && (
          <FunnelDoc funnelId={b.funnelId}>
            <FaqEditor funnelId={b.funnelId} />
          </FunnelDoc>
        )}
        {step === 8 && b.funnelId != null && (
          <FunnelDoc funnelId={b.funnelId}>
            <ManualEditor funnelId={b.funnelId} />
          </FunnelDoc>
        )}
        {step === 9 && (
          <table className={s.table} aria-label="Pages to design">
            <HeadRow cols={['Name', 'Type', 'Path', 'Designer']} />
            <tbody>
              {draft.pages.map((p) => (
                <tr key={p.key}>
                  <td className={s.td}>{p.name}</td>
                  <td className={s.td}>{p.page_type}</td>
                  <td className={s.td}>{p.page_path}</td>
                  <td className={s.td}>
                    <Button size="sm" variant="ghost" aria-label={`Designer for ${p.name}`} onPress={() => designer(b.pages[p.key])}>
                      Designer
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <Inline marginTop="md">
        <span className={s.spacer} />
        <Button isDisabled={step === 0 || running} onPress={() => go(step - 1)}>
          Previous
        </Button>
        {step < QUICK_STEPS.length - 1 ? (
          <Button
            variant="primary"
            isDisabled={running}
            onPress={() => {
              if (check(step)) go(step + 1);
            }}
          >
            Next
          </Button>
        ) : b.funnelId != null && plan && buildComplete(plan, b) ? (
          <DoneButton onErrors={setBox} onSaved={() => onDone(b.funnelId as number)} />
        ) : (
          <Button
            variant="primary"
            onPress={() => {
              go(BUILD_STEP);
              setBox([BUILD_FIRST]);
            }}
          >
            Done
          </Button>
        )}
      </Inline>
    </section>
  );
}
