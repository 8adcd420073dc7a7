import { toaster } from '../../components/ui/toaster';

export interface CopyToasts {
  /** Success toast title. */
  copied: string;
  /** Optional success toast description. */
  detail?: string;
  /** Failure toast description (its title is always 'Failed to copy'). */
  failed: string;
}

/** Copies text and toasts the outcome either way. */
export async function copyToClipboard(text: string, toasts: CopyToasts): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toaster.create({ title: toasts.copied, description: toasts.detail, type: 'success' });
    return true;
  } catch {
    toaster.create({ title: 'Failed to copy', description: toasts.failed, type: 'error' });
    return false;
  }
}

/** Copies a full API key (only the one-time dialog has one); the spec's toasts either way. */
export function copyApiKey(key: string): Promise<boolean> {
  return copyToClipboard(key, { copied: 'API key copied', failed: 'Could not copy API key to clipboard' });
}

/**
 * Copies the 10 stored characters the key list shows. Keys are stored hashed, so the list has no
 * full key to copy: the toast says what was copied and that the key itself was shown once.
 */
export function copyKeyPrefix(prefix: string): Promise<boolean> {
  return copyToClipboard(prefix, {
    copied: 'Key prefix copied',
    detail:
      'Only the first 10 characters, to tell keys apart. The full key was shown once, when it was generated.',
    failed: 'Could not copy the key prefix to clipboard',
  });
}
