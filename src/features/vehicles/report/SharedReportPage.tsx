import FileText from 'lucide-react/icons/file-text';
import Link2Off from 'lucide-react/icons/link-2-off';
import Printer from 'lucide-react/icons/printer';
import WifiOff from 'lucide-react/icons/wifi-off';
import { usePageTitle } from '../../../app/pageTitle.js';
import { printSearch, printSettings } from '../../../app/print/printSettings.js';
import { useLocation } from '../../../app/router.js';
import { useServerAnswer } from '../../../rpc/useServerAnswer.js';
import { ButtonLink } from '../../../ui/ButtonLink.js';
import { Card } from '../../../ui/Card.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { Loading } from '../../../ui/Loading.js';
import { getSharedReport } from '../data/handover.js';
import { HistoryReportView } from './HistoryReportView.js';

/**
 * /report/{token}: a vehicle's history report opened through the link its owner shared, signed in or not. Only the
 * report: nothing of the owner, nor a way into the rest of the vehicle. A revoked link says so, and nothing more.
 */
export function SharedReportPage({ token }: { token: string }) {
  usePageTitle('History report', { icon: FileText });
  const { pathname, search } = useLocation();
  const printing = printSettings(search).enabled;
  const state = useServerAnswer(getSharedReport, token);

  if (state.kind === 'loading') return <Loading label="Opening the report…" />;
  if (state.kind !== 'ready') {
    const says = {
      unknown: { icon: Link2Off, title: 'This report link does not work', text: 'The owner revoked it, or the vehicle has changed hands. Ask the owner for a new link.' },
      offline: { icon: WifiOff, title: "You're offline", text: 'The report opens once you are back online.' },
      failed: { icon: FileText, title: "Couldn't open the report", text: 'Something went wrong on our side. Try again in a moment.' },
    }[state.kind];
    return (
      <section className="page" data-page="shared-report" data-report-state={state.kind}>
        <EmptyState icon={says.icon} title={says.title} headingLevel={1}>
          <p>{says.text}</p>
        </EmptyState>
      </section>
    );
  }
  const shared = state.value;
  const view = (
    <HistoryReportView
      report={shared.report}
      generatedAt={shared.generatedAt}
      titleLevel={1}
      photo={(p) => <img className="history-report__photo" src={shared.photoUrls.get(p.id)} alt="" />}
    />
  );
  if (printing) return view;
  return (
    <section className="page" data-page="shared-report" data-report-state="ready">
      <Card>{view}</Card>
      <div className="ui-button-row" data-screen-only="">
        <ButtonLink to={pathname + printSearch(search, 'portrait')} icon={Printer} variant="secondary" data-action="print-report">
          Print or save as PDF
        </ButtonLink>
      </div>
    </section>
  );
}
