export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareTarget {
  url: string;
  title: string;
  text?: string;
}

/**
 * Desktop browsers that implement navigator.share (Windows, ChromeOS) show a clumsy system dialog;
 * voters on phones expect the native share sheet (WhatsApp first). A coarse pointer tells them apart.
 */
function prefersNativeShare(): boolean {
  return typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** For pages served over plain http (no Clipboard API): the old selection-based copy. */
function copyWithSelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.appendChild(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission denied or document not focused: try the fallback below.
    }
  }
  return copyWithSelection(text);
}

/** Opens the phone's share sheet when there is one, otherwise copies the link. */
export async function shareLink(target: ShareTarget): Promise<ShareOutcome> {
  if (prefersNativeShare()) {
    try {
      await navigator.share({ url: target.url, title: target.title, text: target.text });
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
      // The sheet can refuse (e.g. no user gesture left); copying still gets the link out.
    }
  }
  return (await copyText(target.url)) ? 'copied' : 'failed';
}
