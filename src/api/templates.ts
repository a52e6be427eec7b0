/**
 * The template list (001 §7 `GET /api/v1/templates`), read by the template library, the funnel
 * page, the wizards and the template editor. Apart from ./queries.ts so the funnel list, which
 * loads that module first, does not load the template model with it.
 */
import { useQuery } from '@tanstack/react-query';
import { TEMPLATE_ROUTES } from '../model';
import { call } from './call';
import { keys } from './keys';

/**
 * The read as a plain call (the API tests call it on the real server).
 * @throws ApiError on a non-2xx status; AnswerShapeError when the answer does not match the model.
 */
export const templateReads = {
  /** `GET /api/v1/templates` (001 §7). */
  templates: () => call(TEMPLATE_ROUTES.list, {}),
};

/** Every template (stashed ones included; the library filters). */
export const useTemplates = () => useQuery({ queryKey: keys.templates, queryFn: templateReads.templates });
