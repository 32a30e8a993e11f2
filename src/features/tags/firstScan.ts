import { decodeFirstAnswer } from '../../data/firstAnswerCodec.js';
import { setFirstAnswer, type PageElements } from '../../data/firstAnswer.js';
import { FIRST_ANSWER_ELEMENT_ID } from '../../domain/firstAnswer.js';
import { recordScan } from '../../data/scanHistory.js';
import { firstRemoteTag } from '../../data/tags.js';
import { whenSessionLoaded } from '../../rpc/session.js';
import { navigate } from '../../ui/navigation.js';
import { outcomeOf } from './resolveTag.js';

/**
 * A stranger's first scan: the page the server sent for a tag's address came with the tag's first answer
 * (src/data/firstAnswer.ts), already on screen. Before the app's first render, this takes the answer out of the page
 * and, when the tag leads elsewhere (a vehicle's page, the claim page), puts that page's address in place of the
 * tag's, as the tag page would, so the app's first render is that page, built from the same answer. The answer is an
 * anonymous caller's: a signed-in person's device sets it aside and resolves the tag itself. Loaded only for a page
 * that has an answer (main.tsx), with the shell (the server preloads it).
 */
export async function openFirstAnswer(page: PageElements): Promise<void> {
  const element = page.getElementById(FIRST_ANSWER_ELEMENT_ID);
  const answer = element?.textContent ? decodeFirstAnswer(element.textContent) : null;
  element?.remove();
  if (answer === null || (await whenSessionLoaded()) !== null) return;
  setFirstAnswer(answer);
  const remote = firstRemoteTag(answer.hash);
  const outcome = remote === null ? null : outcomeOf(answer.hash, remote);
  if (outcome?.kind !== 'redirect') return;
  navigate(outcome.path, { replace: true });
  // Every tag opened is a scan, as on the tag page (which this skips).
  recordScan(`${location.origin}/${answer.hash}`).catch((error: unknown) => console.error('Could not save the scan', error));
}
