import { toaster } from '../../components/ui/toaster';

/** Copies an API key; the spec's toasts either way. */
export async function copyApiKey(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toaster.create({ title: 'API key copied', type: 'success' });
    return true;
  } catch {
    toaster.create({
      title: 'Failed to copy',
      description: 'Could not copy API key to clipboard',
      type: 'error',
    });
    return false;
  }
}
