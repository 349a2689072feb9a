/**
 * The spec's company industries (catalog.ts COMPANY_INDUSTRIES) as Wikidata items, the values a
 * company's "industry" statement (P452) holds. Several items per industry where Wikidata uses more
 * than one for the same trade (software industry / software development). Kept in one file, like the
 * OpenStreetMap tags of place types (osmPlaceTags.ts).
 */
export const WIKIDATA_INDUSTRIES: Readonly<Record<string, readonly string[]>> = {
  Software: ['Q880371', 'Q638608'], // software industry, software development
  'Marketing & Advertising': ['Q39809', 'Q37038'], // marketing, advertising
  'Financial Services': ['Q837171', 'Q57774188'], // financial services, financial sector
  Healthcare: ['Q31207', 'Q15067276'], // health care, health care industry
  Retail: ['Q126793', 'Q484847'], // retail, e-commerce
  Manufacturing: ['Q187939'], // manufacturing
  'Real Estate': ['Q1660132'], // real estate industry
  Education: ['Q8434', 'Q136822'], // education, higher education
  Construction: ['Q385378', 'Q13405640'], // construction, construction industry
  Hospitality: ['Q1495452', 'Q49389'], // hospitality industry, tourism
  Logistics: ['Q177777', 'Q7590'], // logistics, transport
  'Legal Services': ['Q7748'], // law
  Consulting: ['Q23699878', 'Q23700345'], // management consulting industry, professional services industry
  Telecommunications: ['Q418', 'Q2401742'], // telecommunications, telecommunications industry
  Energy: ['Q2151621', 'Q1304795', 'Q862571'], // energy industry, energy sector, petroleum industry
  Media: ['Q11033', 'Q56611639', 'Q3972943'], // mass media, media industry, publishing
};

/** What a company is when no industry narrows the search: instance of business, enterprise, company or public company. */
export const WIKIDATA_COMPANY_KINDS = ['Q4830453', 'Q6881511', 'Q783794', 'Q891723'] as const;
