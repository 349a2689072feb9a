import { ResourceFormPage } from '@leadsmith/shared/resource';
import { PARTNERS } from './partnerResource';

/** partners/create and partners/{id}/edit. */
export function PartnerFormPage({ mode }: { mode: 'create' | 'edit' }) {
  return <ResourceFormPage def={PARTNERS} mode={mode} />;
}
