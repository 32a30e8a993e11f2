import Printer from 'lucide-react/icons/printer';
import Tags from 'lucide-react/icons/tags';
import { printSearch, printSettings } from '../../app/print/printSettings.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { useLocation } from '../../app/router.js';
import { LABELS_PER_PAGE, TAG_LABEL_LAYOUT } from '../../domain/tagLabels.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { Card } from '../../ui/Card.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { TagLabelSheet } from './TagLabelSheet.js';

/** Printable labels for the listed tags: in print mode only the label pages, so what prints is exactly them. */
export function TagLabelsPage({ hashes }: { hashes: string[] }) {
  usePageTitle('Tag labels', { icon: Tags });
  const { pathname, search } = useLocation();
  if (printSettings(search).enabled) {
    return (
      <div data-page="tag-labels" data-print-labels="">
        <h1 className="visually-hidden">Tag labels</h1>
        <TagLabelSheet hashes={hashes} origin={location.origin} />
      </div>
    );
  }
  const pages = Math.ceil(hashes.length / LABELS_PER_PAGE);
  return (
    <section className="page register-page" data-page="tag-labels">
      <PageHeader icon={Tags} title="Tag labels" />
      <Card aria-labelledby="tag-labels-title">
        <h2 id="tag-labels-title">
          {hashes.length} {hashes.length === 1 ? 'label' : 'labels'} on {pages} {pages === 1 ? 'page' : 'pages'}
        </h2>
        <p className="ui-muted">
          {TAG_LABEL_LAYOUT.labelInches} × {TAG_LABEL_LAYOUT.labelInches} in square labels, {TAG_LABEL_LAYOUT.columns} ×{' '}
          {TAG_LABEL_LAYOUT.rows} on each US Letter page. Print at 100 % (no fit to page) so every code keeps its size.
        </p>
        <ul className="tag-batch">
          {hashes.map((hash) => (
            <li key={hash}>
              <code>{hash}</code>
            </li>
          ))}
        </ul>
        <div className="ui-button-row">
          <ButtonLink to={pathname + printSearch(search, 'portrait')} icon={Printer} data-action="print-labels">
            Print labels
          </ButtonLink>
        </div>
      </Card>
    </section>
  );
}
