import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { AccountName } from './accounts';
import { ShellPage } from './ShellPage';
import { apiToken, openWithToken } from './session';

interface Fixtures {
  shell: ShellPage;
  /** Signs in through the API (fast) and opens `path`. */
  signIn: (account: AccountName, path?: string) => Promise<void>;
  /** Runs axe on the current page now; fails on serious or critical violations. */
  expectAccessible: () => Promise<void>;
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await analyzeSettled(page);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) on ${page.url()}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/**
 * A page that navigates while axe runs (e.g. /login revisited while signed in redirects home) is
 * audited again once the new page has settled, instead of failing on the destroyed context.
 */
async function analyzeSettled(page: Page, attemptsLeft = 2): ReturnType<AxeBuilder['analyze']> {
  try {
    return await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  } catch (error) {
    if (attemptsLeft === 0 || !/Execution context was destroyed/.test(String(error))) throw error;
    await settled(page);
    return analyzeSettled(page, attemptsLeft - 1);
  }
}

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  // A page is ready to audit once its spinner is gone,
  await expect(page.getByRole('status').filter({ has: page.locator('.chakra-spinner, .ls-spinner') })).toHaveCount(0);
  // and nothing is mid-transition: a dialog fading out, its text at part opacity, is not what the page shows (its
  // contrast would be measured half-faded). Endless animations (spinners, skeletons) and a toast's countdown bar
  // are not waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
      return (
        a.playState !== 'running' ||
        a.effect?.getComputedTiming().iterations === Infinity ||
        Boolean(target?.closest('.Toastify__progress-bar'))
      );
    }),
  );
}

/**
 * Whether this run has yet to revisit a screen for its audit, claiming it if so. Tests end on the same screens with
 * other data (a list's page, a result, a settings form): each screen is revisited and audited once per run, keyed by
 * its path with numbers and long ids as placeholders. The claim is a file created exclusively in the run's folder
 * (A11yAuditGlobalSetup.ts), so the run's workers share it. A test's own audits and the page it ends on are audited
 * every time.
 */
function firstRevisitOf(pathname: string): boolean {
  const folder = process.env.E2E_A11Y_REVISITED_DIR;
  if (!folder) return true;
  const screen = pathname.replace(/[0-9a-f]{16,}/gi, ':id').replace(/\d+/g, ':n');
  try {
    writeFileSync(path.join(folder, createHash('sha256').update(screen).digest('hex')), screen, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * A prompt's button, clicked by a locator handler. The prompt can be gone by the time the handler runs (the page
 * moved on, or drew the prompt again): then there is nothing left to answer, and the test's own steps go on and
 * check the page. A button still there that cannot be clicked fails as usual.
 */
async function clickIfStillShown(button: Locator): Promise<void> {
  try {
    await button.click({ timeout: 10_000 });
  } catch (error) {
    if ((await button.count()) > 0) throw error;
    console.warn(`[e2e] ${String(button)} was gone before the handler could click it`);
  }
}

export const test = base.extend<Fixtures>({
  /**
   * Every page a test visits is audited with axe: pages audited during the test are skipped, the page it ends on
   * is audited, and the rest are revisited and audited at the end unless the run has revisited that screen already.
   */
  page: async ({ page }, use) => {
    const visited = new Set<string>();
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.add(new URL(frame.url()).pathname);
    });
    (page as Page & { __audited?: Set<string> }).__audited = new Set<string>();
    // A new account is asked to accept the terms and is shown the credit pop-up once signed in
    // (signup-renewal.spec.ts drives both); other specs answer them as a user would, whenever they show.
    await page.addLocatorHandler(page.getByTestId('terms-dialog'), () =>
      clickIfStillShown(page.getByTestId('accept-terms')),
    );
    await page.addLocatorHandler(page.getByTestId('close-credit-popup'), () =>
      clickIfStillShown(page.getByTestId('close-credit-popup')),
    );
    await use(page);
    const audited = (page as Page & { __audited?: Set<string> }).__audited!;
    const problems: string[] = [];
    const current = new URL(page.url()).pathname;
    if (page.url().startsWith('http') && !audited.has(current)) {
      await settled(page);
      problems.push(...(await axeViolations(page)));
      audited.add(current);
    }
    // At most 10 revisits; a screen is claimed only when it is revisited here, so none is claimed and left unaudited.
    let revisits = 0;
    for (const visit of [...visited]) {
      if (revisits === 10) break;
      if (audited.has(visit) || !firstRevisitOf(visit)) continue;
      revisits += 1;
      await page.goto(visit);
      await settled(page);
      problems.push(...(await axeViolations(page)));
    }
    expect(problems, 'serious or critical accessibility violations').toEqual([]);
  },
  shell: async ({ page }, use) => use(new ShellPage(page)),
  signIn: async ({ page, request }, use) => {
    await use(async (account, path = '/') => {
      await openWithToken(page, await apiToken(request, account), path);
    });
  },
  expectAccessible: async ({ page }, use) => {
    await use(async () => {
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);
      (page as Page & { __audited?: Set<string> }).__audited!.add(new URL(page.url()).pathname);
    });
  },
});

export { expect };
