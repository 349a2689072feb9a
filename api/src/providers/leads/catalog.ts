/**
 * Option lists of the search filters (spec §3). The API is their source of truth: the new-search
 * screen reads them from `GET /api/search-options`, the validators and the demo provider use them here.
 */
import { SEARCH_TYPES, type SearchType } from '@leadsmith/shared/constants';

export { SEARCH_TYPES, type SearchType };

/** Campaign search_type of spec §3 per list type (same pairs as the core list_types table). */
export const CAMPAIGN_SEARCH_TYPE: Readonly<Record<SearchType, string>> = {
  people: 'people',
  local: 'industry',
  company: 'company',
  domain: 'single',
  influencer: 'influencer',
  intent: 'intent',
  group: 'group',
};

export const SENIORITIES = [
  'Founder/Owner',
  'C-Level',
  'Vice President',
  'Director',
  'Manager',
  'Individual Contributor',
  'Head',
  'Senior',
  'Entry',
  'Intern',
  'Volunteer',
] as const;

export const DEPARTMENTS = [
  'Engineering',
  'Sales',
  'Marketing',
  'Finance',
  'Human Resources',
  'Operations',
  'Customer Success',
  'Product',
  'Legal',
  'Information Technology',
  'Design',
  'Executive',
] as const;

export const MANAGEMENT_LEVELS = ['Owner', 'Partner', 'C-Suite', 'VP', 'Director', 'Manager', 'Non-manager'] as const;

export const WEBSITE_TECHNOLOGIES = ['wordpress', 'joomla', 'wix', 'shopify', 'typo3', 'google my business'] as const;

export const SOCIAL_PLATFORMS = ['youtube', 'instagram', 'tiktok'] as const;
export const ACCOUNT_TYPES = ['regular', 'business', 'creator'] as const;
export const GENDERS = ['male', 'female', 'known', 'unknown'] as const;
export const GROWTH_INTERVALS = ['i1month', 'i2months', 'i3months', 'i6months'] as const;
export const COMPARISON_OPERATORS = ['gte', 'gt', 'lte', 'lt'] as const;
/** Filters of the influencer search given as { interval, operator, value } (spec §3). */
export const RATE_FILTERS = ['engagementRate', 'followersGrowthRate', 'likesGrowthRate', 'viewsGrowthRate'] as const;
/** Influencer min/max pairs (spec §3). */
export const RANGE_FILTERS = ['followers', 'age', 'engagements', 'reelsPlays', 'saves', 'shares', 'views'] as const;

/** Local business categories: about 100 place types (spec §3). */
export const PLACE_TYPES = [
  'Accounting',
  'Airport',
  'Amusement Park',
  'Aquarium',
  'Art Gallery',
  'ATM',
  'Bakery',
  'Bank',
  'Bar',
  'Beauty Salon',
  'Bicycle Store',
  'Book Store',
  'Bowling Alley',
  'Bus Station',
  'Cafe',
  'Campground',
  'Car Dealer',
  'Car Rental',
  'Car Repair',
  'Car Wash',
  'Casino',
  'Cemetery',
  'Chiropractor',
  'Church',
  'City Hall',
  'Clothing Store',
  'Convenience Store',
  'Courthouse',
  'Dentist',
  'Department Store',
  'Dermatologist',
  'Doctor',
  'Drugstore',
  'Dry Cleaner',
  'Electrician',
  'Electronics Store',
  'Embassy',
  'Event Venue',
  'Fire Station',
  'Fitness Center',
  'Florist',
  'Funeral Home',
  'Furniture Store',
  'Gas Station',
  'Gym',
  'Hair Salon',
  'Hardware Store',
  'Home Goods Store',
  'Hospital',
  'Hotel',
  'HVAC Contractor',
  'Insurance Agency',
  'Interior Designer',
  'Jewelry Store',
  'Landscaper',
  'Laundry',
  'Law Firm',
  'Library',
  'Liquor Store',
  'Locksmith',
  'Lodging',
  'Marketing Agency',
  'Meal Delivery',
  'Meal Takeaway',
  'Medical Clinic',
  'Mortgage Broker',
  'Movie Theater',
  'Moving Company',
  'Museum',
  'Nail Salon',
  'Night Club',
  'Optician',
  'Painter',
  'Park',
  'Parking',
  'Pet Store',
  'Pharmacy',
  'Physiotherapist',
  'Pizza Restaurant',
  'Plumber',
  'Police',
  'Post Office',
  'Real Estate Agency',
  'Restaurant',
  'Roofing Contractor',
  'RV Park',
  'School',
  'Shoe Store',
  'Shopping Mall',
  'Spa',
  'Sports Club',
  'Stadium',
  'Storage',
  'Supermarket',
  'Tattoo Studio',
  'Taxi Stand',
  'Tourist Attraction',
  'Travel Agency',
  'University',
  'Veterinary Care',
  'Web Designer',
  'Wedding Planner',
  'Yoga Studio',
  'Zoo',
] as const;

export const COMPANY_INDUSTRIES = [
  'Software',
  'Marketing & Advertising',
  'Financial Services',
  'Healthcare',
  'Retail',
  'Manufacturing',
  'Real Estate',
  'Education',
  'Construction',
  'Hospitality',
  'Logistics',
  'Legal Services',
  'Consulting',
  'Telecommunications',
  'Energy',
  'Media',
] as const;
