/**
 * "Reset App": drops the service worker and its caches (the shell is fetched fresh), then reloads. Data on this
 * device, the session and unsent changes are kept: a reset must never lose anything a person wrote.
 */
export async function resetApp(): Promise<void> {
  try {
    const sw = await import('../serviceWorker.js');
    await sw.resetServiceWorker();
  } catch (error) {
    // No worker or no support: a reload is still the best next step.
    console.warn('reset: service worker not reset', error);
  }
  window.location.reload();
}
