import type { PLACE_TYPES } from './catalog';

/** An OpenStreetMap tag (`key=value`) a place of a category carries. */
export type OsmTag = readonly [key: string, value: string];

/**
 * The spec's local place types (catalog `PLACE_TYPES`) as OpenStreetMap tags, after the OSM wiki's
 * Map Features pages (https://wiki.openstreetmap.org/wiki/Map_features). A type matches a place
 * carrying any of its tags. Kept in one file so an operator can adjust the mapping in one place.
 */
export const OSM_TAGS_BY_PLACE_TYPE: Readonly<Record<(typeof PLACE_TYPES)[number], readonly OsmTag[]>> = {
  Accounting: [
    ['office', 'accountant'],
    ['office', 'tax_advisor'],
  ],
  Airport: [['aeroway', 'aerodrome']],
  'Amusement Park': [['tourism', 'theme_park']],
  Aquarium: [['tourism', 'aquarium']],
  'Art Gallery': [
    ['tourism', 'gallery'],
    ['shop', 'art'],
  ],
  ATM: [['amenity', 'atm']],
  Bakery: [['shop', 'bakery']],
  Bank: [['amenity', 'bank']],
  Bar: [
    ['amenity', 'bar'],
    ['amenity', 'pub'],
  ],
  'Beauty Salon': [['shop', 'beauty']],
  'Bicycle Store': [['shop', 'bicycle']],
  'Book Store': [['shop', 'books']],
  'Bowling Alley': [['leisure', 'bowling_alley']],
  'Bus Station': [['amenity', 'bus_station']],
  Cafe: [['amenity', 'cafe']],
  Campground: [['tourism', 'camp_site']],
  'Car Dealer': [['shop', 'car']],
  'Car Rental': [['amenity', 'car_rental']],
  'Car Repair': [['shop', 'car_repair']],
  'Car Wash': [['amenity', 'car_wash']],
  Casino: [['amenity', 'casino']],
  Cemetery: [
    ['landuse', 'cemetery'],
    ['amenity', 'grave_yard'],
  ],
  Chiropractor: [['healthcare', 'chiropractor']],
  Church: [['amenity', 'place_of_worship']],
  'City Hall': [['amenity', 'townhall']],
  'Clothing Store': [['shop', 'clothes']],
  'Convenience Store': [['shop', 'convenience']],
  Courthouse: [['amenity', 'courthouse']],
  Dentist: [
    ['amenity', 'dentist'],
    ['healthcare', 'dentist'],
  ],
  'Department Store': [['shop', 'department_store']],
  Dermatologist: [['healthcare:speciality', 'dermatology']],
  Doctor: [
    ['amenity', 'doctors'],
    ['healthcare', 'doctor'],
  ],
  Drugstore: [['shop', 'chemist']],
  'Dry Cleaner': [['shop', 'dry_cleaning']],
  Electrician: [['craft', 'electrician']],
  'Electronics Store': [['shop', 'electronics']],
  Embassy: [
    ['office', 'diplomatic'],
    ['amenity', 'embassy'],
  ],
  'Event Venue': [
    ['amenity', 'events_venue'],
    ['amenity', 'conference_centre'],
  ],
  'Fire Station': [['amenity', 'fire_station']],
  'Fitness Center': [['leisure', 'fitness_centre']],
  Florist: [['shop', 'florist']],
  'Funeral Home': [['shop', 'funeral_directors']],
  'Furniture Store': [['shop', 'furniture']],
  'Gas Station': [['amenity', 'fuel']],
  Gym: [
    ['leisure', 'fitness_centre'],
    ['leisure', 'sports_centre'],
  ],
  'Hair Salon': [['shop', 'hairdresser']],
  'Hardware Store': [
    ['shop', 'hardware'],
    ['shop', 'doityourself'],
  ],
  'Home Goods Store': [
    ['shop', 'houseware'],
    ['shop', 'interior_decoration'],
  ],
  Hospital: [['amenity', 'hospital']],
  Hotel: [['tourism', 'hotel']],
  'HVAC Contractor': [['craft', 'hvac']],
  'Insurance Agency': [['office', 'insurance']],
  'Interior Designer': [
    ['craft', 'interior_work'],
    ['shop', 'interior_decoration'],
  ],
  'Jewelry Store': [['shop', 'jewelry']],
  Landscaper: [['craft', 'gardener']],
  Laundry: [['shop', 'laundry']],
  'Law Firm': [['office', 'lawyer']],
  Library: [['amenity', 'library']],
  'Liquor Store': [['shop', 'alcohol']],
  Locksmith: [
    ['shop', 'locksmith'],
    ['craft', 'locksmith'],
  ],
  Lodging: [
    ['tourism', 'guest_house'],
    ['tourism', 'hostel'],
    ['tourism', 'motel'],
  ],
  'Marketing Agency': [['office', 'advertising_agency']],
  'Meal Delivery': [
    ['amenity', 'fast_food'],
    ['delivery', 'yes'],
  ],
  'Meal Takeaway': [
    ['amenity', 'fast_food'],
    ['takeaway', 'only'],
  ],
  'Medical Clinic': [
    ['amenity', 'clinic'],
    ['healthcare', 'clinic'],
  ],
  'Mortgage Broker': [
    ['office', 'financial_advisor'],
    ['office', 'mortgage'],
  ],
  'Movie Theater': [['amenity', 'cinema']],
  'Moving Company': [['office', 'moving_company']],
  Museum: [['tourism', 'museum']],
  'Nail Salon': [
    ['shop', 'beauty'],
    ['beauty', 'nails'],
  ],
  'Night Club': [['amenity', 'nightclub']],
  Optician: [['shop', 'optician']],
  Painter: [['craft', 'painter']],
  Park: [['leisure', 'park']],
  Parking: [['amenity', 'parking']],
  'Pet Store': [['shop', 'pet']],
  Pharmacy: [['amenity', 'pharmacy']],
  Physiotherapist: [['healthcare', 'physiotherapist']],
  'Pizza Restaurant': [['cuisine', 'pizza']],
  Plumber: [['craft', 'plumber']],
  Police: [['amenity', 'police']],
  'Post Office': [['amenity', 'post_office']],
  'Real Estate Agency': [['office', 'estate_agent']],
  Restaurant: [['amenity', 'restaurant']],
  'Roofing Contractor': [['craft', 'roofer']],
  'RV Park': [['tourism', 'caravan_site']],
  School: [['amenity', 'school']],
  'Shoe Store': [['shop', 'shoes']],
  'Shopping Mall': [['shop', 'mall']],
  Spa: [
    ['leisure', 'spa'],
    ['amenity', 'spa'],
  ],
  'Sports Club': [
    ['club', 'sport'],
    ['leisure', 'sports_centre'],
  ],
  Stadium: [['leisure', 'stadium']],
  Storage: [['shop', 'storage_rental']],
  Supermarket: [['shop', 'supermarket']],
  'Tattoo Studio': [['shop', 'tattoo']],
  'Taxi Stand': [['amenity', 'taxi']],
  'Tourist Attraction': [['tourism', 'attraction']],
  'Travel Agency': [['shop', 'travel_agency']],
  University: [['amenity', 'university']],
  'Veterinary Care': [['amenity', 'veterinary']],
  'Web Designer': [
    ['office', 'it'],
    ['craft', 'web_designer'],
  ],
  'Wedding Planner': [
    ['office', 'wedding_planner'],
    ['shop', 'wedding'],
  ],
  'Yoga Studio': [['sport', 'yoga']],
  Zoo: [['tourism', 'zoo']],
};

/** The OSM tags of the chosen categories, without repeats (all businesses with a name when none is chosen). */
export function osmTagsFor(categories: readonly string[]): OsmTag[] {
  const out = new Map<string, OsmTag>();
  for (const category of categories) {
    for (const tag of OSM_TAGS_BY_PLACE_TYPE[category as keyof typeof OSM_TAGS_BY_PLACE_TYPE] ?? [])
      out.set(tag.join('='), tag);
  }
  return [...out.values()];
}

/** The category a place's tags match first (for the result's "category" column). */
export function placeTypeOf(tags: Readonly<Record<string, string>>, among: readonly string[]): string | null {
  for (const category of among) {
    if ((OSM_TAGS_BY_PLACE_TYPE[category as keyof typeof OSM_TAGS_BY_PLACE_TYPE] ?? []).some(([k, v]) => tags[k] === v))
      return category;
  }
  return null;
}
