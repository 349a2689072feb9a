export type SampleValues = Record<'name' | 'brand' | 'email' | 'url', string>;

/** The placeholders the API fills when it sends the email ({name} {brand} {email} {url}); anything else stays as typed. */
export function fillSample(text: string, values: SampleValues): string {
  return text.replace(/\{(name|brand|email|url)\}/g, (_, key: keyof SampleValues) => values[key]);
}
