import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

/**
 * The DNS server every API test file resolves through by default (api/test/globalDns.ts starts one per
 * jest run and points DOMAIN_DNS_SERVERS at it): a dns2 server on loopback answering from the rules
 * below, so the email grader's mail-exchanger look-ups and the domain engine's names never leave the
 * machine and give the same answers on every machine. Suites with a site of their own (fakeDomainSite.ts)
 * use that site's DNS server instead.
 *
 * - MX: a domain under the test names (RFC 2606: `.example`, `.test`) takes mail at `mx.<domain>`, except
 *   a domain whose first label is `no-mail` (it exists, without mail exchangers: ENODATA).
 * - Anything under `.invalid` (RFC 6761) and every other name: no such domain (NXDOMAIN), as an offline
 *   machine answers — a free webmail domain is graded without a look-up anyway.
 * - No addresses (A, AAAA): tests reach their fakes by IP on loopback, never through this server.
 * - PTR: the host names of FIXTURE_PTR (the intent engine's reverse DNS); other addresses have none (NXDOMAIN).
 */
export const FIXTURE_MAIL_SUFFIXES = ['.example', '.test'] as const;
export const NO_MAIL_LABEL = 'no-mail';

/** Reverse DNS of the addresses the IPinfo fixture knows, with the same host names (fixtures/leadVendors/ipinfo.ts). */
export const FIXTURE_PTR: Readonly<Record<string, string>> = {
  '8.8.4.4': 'gw.acme.test',
  '9.9.9.9': 'a9-9-9-9.dsl.isp.test',
};

type Answer =
  { type: 'mx'; exchange: string } | { type: 'ptr'; host: string } | { type: 'none' } | { type: 'nxdomain' };

/** The answer to one question, by the rules above. */
export function fixtureAnswer(name: string, question: 'A' | 'AAAA' | 'MX' | 'PTR' | 'other'): Answer {
  const domain = name.toLowerCase().replace(/\.$/, '');
  if (domain.endsWith('.in-addr.arpa')) {
    const host =
      question === 'PTR'
        ? FIXTURE_PTR[domain.slice(0, -'.in-addr.arpa'.length).split('.').reverse().join('.')]
        : undefined;
    return host ? { type: 'ptr', host } : { type: 'nxdomain' };
  }
  const testName = FIXTURE_MAIL_SUFFIXES.some((suffix) => domain.endsWith(suffix) && domain.length > suffix.length);
  if (!testName) return { type: 'nxdomain' };
  if (question === 'MX' && domain.split('.')[0] !== NO_MAIL_LABEL) return { type: 'mx', exchange: `mx.${domain}` };
  return { type: 'none' };
}

export interface FixtureDns {
  /** `127.0.0.1:<port>`, as DOMAIN_DNS_SERVERS takes it. */
  server: string;
  /** Questions asked so far (name and type), for a test that checks a look-up happened here. */
  asked: { name: string; type: number }[];
  close(): Promise<void>;
}

export async function startFixtureDns(port = 0): Promise<FixtureDns> {
  const { Packet } = dns2;
  const asked: FixtureDns['asked'] = [];
  const dns = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (question) {
        asked.push({ name: question.name, type: question.type });
        const kind =
          question.type === Packet.TYPE.MX
            ? 'MX'
            : question.type === Packet.TYPE.A
              ? 'A'
              : question.type === Packet.TYPE.AAAA
                ? 'AAAA'
                : question.type === Packet.TYPE.PTR
                  ? 'PTR'
                  : 'other';
        const answer = fixtureAnswer(question.name, kind);
        if (answer.type === 'nxdomain') response.header.rcode = Packet.RCODE.NXDOMAIN;
        // Plain records, as dns2's README writes them: the packet encoder serialises them by type.
        type Record = (typeof response.answers)[number];
        if (answer.type === 'mx')
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.MX,
            class: Packet.CLASS.IN,
            ttl: 60,
            exchange: answer.exchange,
            priority: 10,
          } as unknown as Record);
        if (answer.type === 'ptr')
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.PTR,
            class: Packet.CLASS.IN,
            ttl: 60,
            domain: answer.host,
          } as unknown as Record);
      }
      send(response);
    },
  });
  const listening = await dns.listen({ udp: { port, address: '127.0.0.1' } });
  return { server: `127.0.0.1:${(listening as { udp: AddressInfo }).udp.port}`, asked, close: () => dns.close() };
}
