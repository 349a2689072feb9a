import { Nullable, StringEnum, Timestamp, Type, type Static } from '../../http/contract';
import { CRM_IDS, type CrmId } from '../core/siteSettings.schemas';

/** The reseller's branding: its own row of the core business_settings table (what site-settings serves for the domain). */
const Text = Nullable(Type.String());
export const BusinessAccountSchema = Type.Object({
  domain: Type.String(),
  name: Type.String(),
  content: Text,
  logo: Text,
  favicon: Text,
  script: Text,
  login_page_bg_color: Text,
  sidebar_background_color: Text,
  button_color: Text,
  secondary_color: Text,
  text_color: Text,
  heading_color: Text,
  support_url: Text,
  /** Reply-to of its customers' emails when it has no SMTP settings of its own. */
  support_email: Text,
  show_training_center: Type.Boolean(),
  crms: Type.Array(StringEnum(CRM_IDS)),
  updated_at: Timestamp(),
});
export type BusinessAccount = Static<typeof BusinessAccountSchema> & { crms: CrmId[] };

export type BusinessAccountInput = Omit<BusinessAccount, 'updated_at'>;
