import { Badge, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Where a result's email came from, as the API stores it (the domain engine's object, or a vendor's id in `social`). */
export interface EmailSourceInfo {
  provider: string;
  url: string | null;
  via: string | null;
  role: boolean;
  disposable: boolean;
  noMx: boolean;
  /** The mail server's answer to the optional RCPT check: accepted, rejected, catch_all, unknown; null when not asked. */
  smtp: string | null;
}

const KNOWN_PROVIDERS = [
  'site',
  'hunter',
  'apollo',
  'youtube',
  'modash',
  'listing',
  'osm',
  'google_places',
  'ipinfo',
  'reverse_dns',
];
const KNOWN_VIA = ['mailto', 'text', 'obfuscated', 'cloudflare', 'schema', 'pattern'];

export function emailSourceOf(data: Readonly<Record<string, unknown>>): EmailSourceInfo | null {
  const own = data.email_source;
  if (own && typeof own === 'object') {
    const s = own as Record<string, unknown>;
    return {
      provider: String(s.provider ?? ''),
      url: typeof s.url === 'string' ? s.url : null,
      via: typeof s.via === 'string' ? s.via : null,
      role: s.role === true,
      disposable: s.disposable === true,
      noMx: s.mx === false,
      smtp: typeof s.smtp === 'string' ? s.smtp : null,
    };
  }
  const social = data.social && typeof data.social === 'object' ? (data.social as Record<string, unknown>) : null;
  if (social && typeof social.email_source === 'string') {
    return {
      provider: social.email_source,
      url: typeof social.email_source_url === 'string' ? social.email_source_url : null,
      via: null,
      role: false,
      disposable: false,
      noMx: false,
      smtp: null,
    };
  }
  return null;
}

/** A page address shown short: its path on the site ("/contact"), the whole URL as the link. */
function shortPage(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url;
  }
}

/** The source of a result's email (spec: the result page shows where each email was found). */
export function EmailSourceNote({ data }: { data: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation('leadSearch');
  const source = emailSourceOf(data);
  if (!source) return null;
  const provider = KNOWN_PROVIDERS.includes(source.provider)
    ? t(`emailSource.providers.${source.provider}`)
    : source.provider;
  const via = source.via && KNOWN_VIA.includes(source.via) ? t(`emailSource.via.${source.via}`) : null;
  return (
    <HStack gap={1} wrap="wrap" fontSize="xs" color="fg.muted" data-testid="email-source">
      <Text as="span">{t('emailSource.label', { provider })}</Text>
      {via ? <Text as="span">· {via}</Text> : null}
      {source.url && /^https?:\/\//.test(source.url) ? (
        <ChakraLink
          href={source.url}
          target="_blank"
          rel="noopener noreferrer"
          textDecoration="underline"
          aria-label={t('emailSource.page', { page: source.url })}
        >
          {shortPage(source.url)}
        </ChakraLink>
      ) : null}
      {source.role ? (
        <Badge size="xs" variant="outline">
          {t('emailSource.role')}
        </Badge>
      ) : null}
      {source.disposable ? (
        <Badge size="xs" variant="outline" colorPalette="red">
          {t('emailSource.disposable')}
        </Badge>
      ) : null}
      {source.smtp === 'accepted' ? (
        <Badge size="xs" variant="outline" colorPalette="green">
          {t('emailSource.smtpAccepted')}
        </Badge>
      ) : null}
      {source.smtp === 'rejected' ? (
        <Badge size="xs" variant="outline" colorPalette="red">
          {t('emailSource.smtpRejected')}
        </Badge>
      ) : null}
      {source.noMx ? (
        <Badge size="xs" variant="outline" colorPalette="red">
          {t('emailSource.noMx')}
        </Badge>
      ) : null}
    </HStack>
  );
}
