import type { SnackbarMessage } from '../../ui/snackbar/queue.js';

// Copy URL and its long-press share, with the browser's clipboard and share sheet passed in so every outcome is
// testable. The texts are the product's own, word for word.

export const SHARE_MESSAGES = {
  copied: 'URL copied to clipboard',
  shared: 'Shared successfully',
  shareFailed: 'Failed to share',
  shareUnsupported: 'Share API not supported, URL copied instead',
  copyFailed: 'Error copying to clipboard',
} as const;

export type ShareMessages = { readonly [K in keyof typeof SHARE_MESSAGES]: string };

/** The full-screen QR view says it shorter: 'Copied to clipboard'. */
export const QR_SHARE_MESSAGES: ShareMessages = { ...SHARE_MESSAGES, copied: 'Copied to clipboard' };

export interface ShareEnv {
  writeText(text: string): Promise<void>;
  /** navigator.share when the browser has it. */
  share?: ((data: { url: string; title?: string }) => Promise<void>) | undefined;
}

export function browserShareEnv(): ShareEnv {
  return {
    writeText: (text) => navigator.clipboard.writeText(text),
    share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
  };
}

/** Short press: copy the address. */
export async function copyUrl(url: string, env: ShareEnv, messages: ShareMessages = SHARE_MESSAGES): Promise<SnackbarMessage> {
  try {
    await env.writeText(url);
    return { severity: 'success', message: messages.copied };
  } catch {
    return { severity: 'error', message: messages.copyFailed };
  }
}

/**
 * Long press: the share sheet, or a copy where there is none. The user closing the sheet (AbortError) is not a
 * failure and says nothing (null).
 */
export async function shareUrl(
  url: string,
  title: string,
  env: ShareEnv,
  messages: ShareMessages = SHARE_MESSAGES,
): Promise<SnackbarMessage | null> {
  if (!env.share) {
    const copied = await copyUrl(url, env, messages);
    return copied.severity === 'success' ? { severity: 'info', message: messages.shareUnsupported } : copied;
  }
  try {
    await env.share({ url, title });
    return { severity: 'success', message: messages.shared };
  } catch (error) {
    if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError') return null;
    return { severity: 'error', message: messages.shareFailed };
  }
}
