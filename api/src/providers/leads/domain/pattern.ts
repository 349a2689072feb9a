/**
 * The company's email pattern, learnt from addresses that belong to named people ("Jane Doe" wrote
 * as jane.doe@…), and the "potential" address it gives for a person whose own address is unknown.
 */

export const EMAIL_PATTERNS = [
  '{first}.{last}',
  '{first}{last}',
  '{f}{last}',
  '{f}.{last}',
  '{first}_{last}',
  '{first}-{last}',
  '{first}',
  '{last}',
  '{last}.{first}',
  '{first}{l}',
  '{last}{f}',
] as const;
export type EmailPattern = (typeof EMAIL_PATTERNS)[number];

/** A name's parts as mailbox names use them: lower case, accents and punctuation dropped. */
export function nameParts(name: string): { first: string; last: string } | null {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\b(dr|prof|mr|mrs|ms|mme|sr|sra|herr|frau)\.?\s+/g, '')
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z]/g, ''))
    .filter(Boolean);
  if (words.length < 2) return null;
  return { first: words[0]!, last: words[words.length - 1]! };
}

export function applyPattern(pattern: EmailPattern, parts: { first: string; last: string }): string {
  return pattern
    .replace('{first}', parts.first)
    .replace('{last}', parts.last)
    .replace('{f}', parts.first[0]!)
    .replace('{l}', parts.last[0]!);
}

/**
 * The pattern most of the known person → address pairs follow (ties go to the earlier, more common
 * pattern), or null when no pair fits one.
 */
export function inferPattern(pairs: readonly { name: string; address: string }[]): EmailPattern | null {
  const votes = new Map<EmailPattern, number>();
  for (const { name, address } of pairs) {
    const parts = nameParts(name);
    const local = address.split('@')[0]?.toLowerCase();
    if (!parts || !local) continue;
    for (const pattern of EMAIL_PATTERNS)
      if (applyPattern(pattern, parts) === local) votes.set(pattern, (votes.get(pattern) ?? 0) + 1);
  }
  let best: EmailPattern | null = null;
  for (const pattern of EMAIL_PATTERNS)
    if ((votes.get(pattern) ?? 0) > (best ? (votes.get(best) ?? 0) : 0)) best = pattern;
  return best;
}

/** True when an address is a person's under some pattern (jane.doe@ is Jane Doe's). */
export function addressFitsName(address: string, name: string): boolean {
  const parts = nameParts(name);
  const local = address.split('@')[0]?.toLowerCase();
  if (!parts || !local) return false;
  return EMAIL_PATTERNS.some((p) => p !== '{first}' && p !== '{last}' && applyPattern(p, parts) === local);
}
