import { wrap, type Remote } from 'comlink';
import type { FilesWorkerApi } from './filesWorkerApi.js';

let remote: Remote<FilesWorkerApi> | null = null;

/** The files worker, started on first use (its URL is in the page, written by the build). */
export function filesWorker(): Remote<FilesWorkerApi> {
  if (remote === null) {
    const url = document.querySelector<HTMLMetaElement>('meta[name="tagbook-files-worker"]')?.content;
    if (!url) throw new Error('The files worker is missing from this build');
    remote = wrap<FilesWorkerApi>(new Worker(url, { type: 'module', name: 'tagbook-files' }));
  }
  return remote;
}

/** The OPFS file store's names: a picked file by its queue id, a downloaded copy by its combined hash. */
export const storedName = {
  picked: (queueId: string) => `q-${queueId}`,
  copy: (combinedHash: string) => `c-${combinedHash}`,
};
