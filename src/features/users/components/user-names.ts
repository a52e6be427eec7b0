/**
 * The users screen's small helpers, apart from the forms so the list uses them without loading
 * the form library (the forms load with a dialog).
 */
import { ApiError } from '../../../api';

/** A role's label (the server's names are lower-case: admin, operator, sticky). */
export const roleLabel = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** True for the server's refusal of a taken e-mail (409 'User {email} already exists'), which belongs at the e-mail field. */
export const isEmailTaken = (e: unknown): boolean => e instanceof ApiError && e.status === 409 && /^User .+ already exists$/.test(e.message);
