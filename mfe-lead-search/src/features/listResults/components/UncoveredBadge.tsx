import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Why an enrichment left a row as it was: no configured source covers it (`data.uncovered`, written by the API). */
interface Uncovered {
  kind: string;
  platform: string;
}

function uncoveredOf(data: Record<string, unknown>): Uncovered | null {
  const u = data.uncovered;
  if (!u || typeof u !== 'object') return null;
  const { kind, platform } = u as Record<string, unknown>;
  return typeof kind === 'string' ? { kind, platform: typeof platform === 'string' ? platform : '' } : null;
}

/** "Not enriched: no source for Instagram" beside a row an enrichment could not ask about (influencer enrich on a platform no configured source covers). */
export function UncoveredBadge({ data }: { data: Record<string, unknown> }) {
  const { t } = useTranslation('leadSearch');
  const uncovered = uncoveredOf(data);
  if (!uncovered) return null;
  const platform = uncovered.platform
    ? t(`enrichment.platform.${uncovered.platform}`, { defaultValue: uncovered.platform })
    : '';
  return (
    <Badge
      colorPalette="orange"
      variant="outline"
      data-testid="uncovered-badge"
      title={t(platform ? 'enrichment.uncoveredRow.why' : 'enrichment.uncoveredRow.whyUnknown', { platform })}
    >
      {t(platform ? 'enrichment.uncoveredRow.mark' : 'enrichment.uncoveredRow.markUnknown', { platform })}
    </Badge>
  );
}
