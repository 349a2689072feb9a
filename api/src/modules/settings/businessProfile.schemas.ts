import { Nullable, Timestamp, Type, type Static } from '../../http/contract';

/** The business profile (spec §3 "business details data"): what AI tools and sales pages are built from. */
export const BusinessProfileSchema = Type.Object({
  id: Type.Integer(),
  business_name: Type.String(),
  website: Type.String(),
  industry: Type.String(),
  description: Type.String(),
  target_audience: Type.String(),
  products_services: Type.String(),
  unique_selling_points: Type.String(),
  location: Type.String(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export type BusinessProfile = Static<typeof BusinessProfileSchema>;
/** The profile (null before one is saved) and whether it is complete enough for the AI tools (spec §5). */
export const ProfileAnswer = Type.Object({ data: Nullable(BusinessProfileSchema), profile_completed: Type.Boolean() });

export type ProfileInput = Omit<BusinessProfile, 'id' | 'created_at' | 'updated_at'>;
