import type { EntityNoun } from '../lib/admin-api';

/**
 * One catalogue resource of the admin API, as its tab and its dialog speak of it. The texts follow
 * from `label` and `noun`: 'Add Package', 'Edit Package', 'Create Package', 'Update Package',
 * 'Delete Package', toasts 'Package created' / 'updated' / 'deleted' (the noun), 'Failed to create package: …'
 * and 'Are you sure you want to delete the package "…"? This action cannot be undone.'
 */
export interface Entity<T extends { id: number }> {
  /** The list: GET and POST here, PUT (or PATCH) and DELETE `${path}/${id}`. */
  path: string;
  /** Title case, for buttons and titles: 'Package', 'API Key', 'Staff User'. */
  label: string;
  /** Lower case, for failure toasts: 'Failed to delete public holiday: …'. */
  noun: EntityNoun;
  /** The row's name, in its action buttons ('Edit …', 'Delete …') and in the delete question. */
  name: (item: T) => string;
  /** The delete confirmation's question (default `deleteQuestion(noun, name)`). */
  confirm?: (name: string) => string;
  /** How an edit is sent (default 'put'). */
  update?: 'put' | 'patch';
}

/** 'Are you sure you want to delete the {what} "{name}"? This action cannot be undone.' */
export function deleteQuestion(what: string, name: string): string {
  return `Are you sure you want to delete the ${what} "${name}"? This action cannot be undone.`;
}

/** The success toast's title, the noun in sentence case: 'Package created', 'API key deleted', 'User updated'. */
export function doneToast(entity: { noun: string }, done: 'created' | 'updated' | 'deleted'): string {
  return `${entity.noun.charAt(0).toUpperCase()}${entity.noun.slice(1)} ${done}`;
}
