import CircleQuestionMark from 'lucide-react/icons/circle-question-mark';
import { usePageTitle } from '../../app/pageTitle.js';
import { Card } from '../../ui/Card.js';
import { PageHeader } from '../../ui/PageHeader.js';

const QUESTIONS: ReadonlyArray<{ q: string; a: string }> = [
  {
    q: 'What happens when I scan a tag?',
    a: 'Tagbook opens the vehicle linked to that tag. If the tag is not linked to a vehicle yet, you are taken to a page where it can be registered.',
  },
  {
    q: 'Does it work without a connection?',
    a: 'Yes. Tagbook keeps a copy of your data on this device, so tags you can see open even offline. Changes you make offline are sent as soon as you are back online; the bar at the bottom of the screen shows the sync status.',
  },
  {
    q: 'How do I add my vehicle to my account?',
    a: 'Sign in, then scan the QR tag on your vehicle. Your vehicles are listed under My Vehicles.',
  },
  {
    q: 'Who can see my vehicle?',
    a: 'A public vehicle shows in the latest vehicles list and to anyone who scans its tag. A private vehicle is visible only to you and to administrators.',
  },
  {
    q: 'Can I install Tagbook?',
    a: 'Yes. Use your browser\'s "Install" or "Add to Home screen" option; the installed app opens where you left off.',
  },
  {
    q: 'I forgot my password.',
    a: 'Open Sign in, enter your email and choose the recover-password action. We email you a link to choose a new password.',
  },
];

export function FaqPage() {
  usePageTitle('FAQ', { icon: CircleQuestionMark });
  return (
    <section className="page" data-page="help-faq">
      <PageHeader icon={CircleQuestionMark} title="Frequently asked questions" />
      <Card>
        <dl className="faq">
          {QUESTIONS.map(({ q, a }) => (
            <div key={q}>
              <dt>{q}</dt>
              <dd>{a}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </section>
  );
}
