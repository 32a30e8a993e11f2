import { useId, useState, type FormEvent } from 'react';
import ArrowRight from 'lucide-react/icons/arrow-right';
import QrCode from 'lucide-react/icons/qr-code';
import { navigate } from '../../ui/navigation.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { labelHashes, registerPath } from '../../app/routes.js';
import { useLocation } from '../../app/router.js';
import { isTagHash, typedTagCode } from '../../domain/ids.js';
import { useCurrentUser } from '../../rpc/session.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { Field } from '../../ui/Field.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SiteDomain } from '../../ui/SiteDomain.js';
import { AdminTagTools } from './AdminTagTools.js';
import { TagLabelsPage } from './TagLabelsPage.js';
import { TagAssignment } from './TagAssignment.js';
import './register.css';
import { Input } from '../../ui/Input.js';

/** /register/{hash}: claim one tag. /register: type a tag's code, and for admins, make new tags. */
export function RegisterPage({ hash }: { hash: string | null }) {
  const labels = labelHashes(useLocation().search);
  if (hash === null && labels.length > 0) return <TagLabelsPage hashes={labels} />;
  return <RegisterTagPage hash={hash} />;
}

function RegisterTagPage({ hash }: { hash: string | null }) {
  const title = hash === null ? 'Register' : 'Register tag';
  usePageTitle(title, { icon: QrCode });
  const user = useCurrentUser();
  return (
    <section className="page register-page" data-page="register" data-hash={hash ?? undefined}>
      <PageHeader icon={QrCode} title={hash === null ? 'Register a tag' : `Tag #${hash}`} />
      <SiteDomain />
      {hash !== null ? <TagAssignment hash={hash} /> : <TagCodeForm />}
      {hash === null && user?.isAdmin === true && <AdminTagTools />}
    </section>
  );
}

/** For a tag whose code cannot be scanned (a worn sticker): the code printed under the QR image opens the same page. */
function TagCodeForm() {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    // Spaces and dashes a person adds to read the code in groups are not part of it; its case and look-alikes are
    // sorted out by the tag's page, which finds the one tag that reads this way.
    const hash = typedTagCode(code);
    if (!isTagHash(hash)) return setError('A tag code is 8 to 16 letters or digits.');
    navigate(registerPath(hash));
  }
  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Tag code</h2>
      <p className="ui-muted">Scan the tag with the scanner in the bottom bar, or type the code printed under its QR image.</p>
      <form className="inline-form" data-form="tag-code" onSubmit={submit} noValidate>
        <Field id={id} name="tag-code" label="Code" errors={error ? [error] : []}>
          {(a11y) => (
            <Input
              {...a11y}
              value={code}
              autoCapitalize="off"
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <Button type="submit" icon={ArrowRight}>
          Open
        </Button>
      </form>
    </Card>
  );
}
