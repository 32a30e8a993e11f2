import { useEffect, useState } from 'react';
import { firstAnswer } from '../data/firstAnswer.js';
import { UploadService } from '../gen/tagbook/v1/upload_pb.js';
import { rpcClient } from '../rpc/transport.js';
import { filesWorker, storedName } from './filesWorker.js';

/**
 * Object URLs for attached files: the bytes picked on this device, else a copy kept from an earlier download, else
 * a download (UploadService.GetDownloadSignedUrl) whose bytes are kept in the file store, so a gallery seen once
 * shows offline afterwards. One URL per file per page.
 */
const urls = new Map<string, Promise<string | null>>();

async function load(combinedHash: string, type: string, localName: string | null): Promise<string | null> {
  const worker = filesWorker();
  const local = (localName !== null ? await worker.read(localName, type) : null) ?? (await worker.read(storedName.copy(combinedHash), type));
  if (local !== null) return URL.createObjectURL(local);
  if (!navigator.onLine) return null;
  const { downloadUrl } = await rpcClient(UploadService).getDownloadSignedUrl({ combinedHash });
  const res = await fetch(new URL(downloadUrl, location.origin));
  if (!res.ok) throw new Error(`Download failed: ${res.status}`);
  const blob = new Blob([await res.arrayBuffer()], { type });
  await worker.save(storedName.copy(combinedHash), blob);
  return URL.createObjectURL(blob);
}

export function fileObjectUrl(combinedHash: string, type: string, localName: string | null): Promise<string | null> {
  const key = `${combinedHash}|${localName ?? ''}`;
  let url = urls.get(key);
  if (url === undefined) {
    url = load(combinedHash, type, localName);
    // A failure (offline, not yet uploaded) is not remembered: the next render tries again.
    url.then((u) => u === null && urls.delete(key), () => urls.delete(key));
    urls.set(key, url);
  }
  return url;
}

export type FileImage = { status: 'loading' | 'ready' | 'missing'; url: string | null };

/**
 * The address the page's first answer gave a file at (src/data/firstAnswer.ts): the image the page showed before the
 * app started, shown on until the device holds the bytes itself, so nothing flashes in between.
 */
function firstAnswerImage(combinedHash: string): FileImage | null {
  const url = combinedHash === '' ? undefined : firstAnswer()?.files[combinedHash];
  return url === undefined ? null : { status: 'ready', url };
}

export function useFileImage(combinedHash: string, type: string, localName: string | null, retryKey: unknown = null): FileImage {
  const [state, setState] = useState<FileImage>(() => firstAnswerImage(combinedHash) ?? { status: 'loading', url: null });
  useEffect(() => {
    let live = true;
    if (combinedHash === '') {
      setState({ status: 'missing', url: null });
      return;
    }
    const missing = firstAnswerImage(combinedHash) ?? { status: 'missing', url: null };
    fileObjectUrl(combinedHash, type, localName).then(
      (url) => live && setState(url === null ? missing : { status: 'ready', url }),
      () => live && setState(missing),
    );
    const again = () => {
      fileObjectUrl(combinedHash, type, localName).then((url) => live && url !== null && setState({ status: 'ready', url }), () => undefined);
    };
    window.addEventListener('online', again);
    return () => {
      live = false;
      window.removeEventListener('online', again);
    };
  }, [combinedHash, type, localName, retryKey]);
  return state;
}
