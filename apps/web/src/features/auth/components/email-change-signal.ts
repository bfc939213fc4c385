/**
 * A change of email is confirmed in the tab its link opens, while the profile that asked for it
 * may be open in another: the landing writes this key, and every other tab of the shop hears the
 * storage event and asks for its session again.
 */
const EMAIL_CHANGED_KEY = 'emailChangedAt';

/** Tells the shop's other tabs that the signed-in account's email changed. */
export function announceEmailChange(): void {
  try {
    localStorage.setItem(EMAIL_CHANGED_KEY, String(Date.now()));
  } catch {
    // Without storage, other tabs see the new address on their next load.
  }
}

/** Calls `onChange` whenever another tab announces a change of email; answers the unsubscribe. */
export function onEmailChangeElsewhere(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === EMAIL_CHANGED_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
