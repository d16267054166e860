/**
 * The guard dashboard's way to Inside now (docs/operations.md#reports-exports-and-inside-now), the
 * printable evacuation roll call.
 */
import { ClipboardList } from 'lucide-react';

import { ButtonLink } from '../../components/Button';
import { i18n, useMessages } from '../../lib/i18n';

const messages = i18n('InsideNowLink', {
  insideNow: 'Inside now',
});

/** A large link to /guard/inside. */
export function InsideNowLink() {
  const t = useMessages(messages);
  return (
    <ButtonLink href="/guard/inside" size="lg" variant="secondary" icon={<ClipboardList aria-hidden="true" className="size-5" />}>
      {t.insideNow}
    </ButtonLink>
  );
}
