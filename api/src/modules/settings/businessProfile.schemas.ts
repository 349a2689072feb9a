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

const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const requiredText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/**
 * The profile a user saves: the fields a completed profile needs (the service's REQUIRED_PROFILE_FIELDS) are
 * required and not blank, the others may be left out (stored empty).
 */
export const ProfileBody = Type.Object(
  {
    business_name: requiredText(200),
    website: text(2000),
    industry: requiredText(200),
    description: requiredText(5000),
    target_audience: requiredText(2000),
    products_services: requiredText(5000),
    unique_selling_points: text(5000),
    location: text(300),
  },
  { additionalProperties: false },
);
export type ProfileBody = Static<typeof ProfileBody>;
