/**
 * Add template (001 §5 "Templates": `POST /api/v1/templates`). Apart from the other template
 * routes (templates.ts) because its body is the Add template form, whose meta is checked as
 * page meta: the library loads this, and the page model with it, only when the form opens.
 */
import { z } from 'zod';
import { contract } from '../contract';
import { MSG } from '../messages';
import { TemplateSchema } from '../template';
import { TemplateFormSchema } from '../template-write';

/** A preview address as a write may send it: stored as a path once the preview host is stripped. */
export const TemplateHostUrlSchema = z.string({ error: MSG.pagePath }).max(2048, MSG.pagePath);

/** `POST /api/v1/templates`: the Add template form; its preview address may be a full URL on the preview host. */
export const NewTemplateBodySchema = TemplateFormSchema.extend({ template_host_url: TemplateHostUrlSchema }).meta({ id: 'NewTemplate' });

/** Adds a template (a retried Add with the same Idempotency-Key does not add twice). */
export const TEMPLATE_CREATE = contract({ method: 'post', path: '/api/v1/templates', body: NewTemplateBodySchema, answer: TemplateSchema, status: 201 });
