import Link2 from 'lucide-react/icons/link-2';
import { splitTextLinks } from '../../domain/textLinks.js';
import { ExternalLink } from './ExternalLink.js';

/** User text with its URLs shown as domain chips (numbered when a domain repeats) that open through the confirmation. */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className} data-linkified="">
      {splitTextLinks(text).map((part, i) =>
        part.kind === 'text' ? (
          <span key={i}>{part.text}</span>
        ) : (
          <ExternalLink key={i} href={part.url} className="ui-chip" data-url-chip={part.label} title={part.url}>
            <Link2 className="ui-chip__icon" aria-hidden="true" />
            {part.label}
          </ExternalLink>
        ),
      )}
    </p>
  );
}
