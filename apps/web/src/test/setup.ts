import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait up to 3 s (1 s by default): on a busy 2-core runner a render can take longer.
configure({ asyncUtilTimeout: 3_000 });

// jsdom has <dialog> without its modal methods; enough of them for the app's confirmations.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom lays nothing out, so every element has no boxes and focus libraries (tabbable, focus-trap)
// would count it as hidden; an element in the document that is not hidden gets one box here.
if (typeof Element !== 'undefined') {
  const noBoxes = Element.prototype.getClientRects;
  Element.prototype.getClientRects = function getClientRects(this: Element) {
    const shown = this.isConnected && !this.closest('[hidden]');
    return shown ? ([new DOMRect(0, 0, 1, 1)] as unknown as DOMRectList) : noBoxes.call(this);
  };
}

// Files share one jsdom (vitest.config.ts): each test leaves it as it found it.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
