import { expect, type Locator, type Page } from '@playwright/test';

/** Page object for the shell: sidebar, header, content outlet. */
export class ShellPage {
  constructor(readonly page: Page) {}

  get sidebar(): Locator {
    return this.page.getByRole('navigation', {
      name: /main navigation|navegación principal|navigation principale|hauptnavigation/i,
    });
  }

  /** Titles of the sidebar groups, in order. */
  async groupTitles(): Promise<string[]> {
    return this.sidebar.getByRole('heading', { level: 2 }).allInnerTexts();
  }

  link(name: string): Locator {
    return this.sidebar.getByRole('link', { name, exact: true });
  }

  get content(): Locator {
    return this.page.getByTestId('area-outlet');
  }

  heading(name: string | RegExp): Locator {
    return this.content.getByRole('heading', { level: 1, name });
  }

  async expectActive(name: string): Promise<void> {
    await expect(this.link(name)).toHaveAttribute('aria-current', 'page');
  }

  async login(email: string, password: string): Promise<void> {
    await this.page.goto('/login');
    await this.page.getByLabel(/email/i).fill(email);
    await this.page.getByLabel(/password/i).fill(password);
    await this.page.getByRole('button', { name: /sign in/i }).click();
  }

  /** Client-side navigation through the shell's router (like a link click), no reload. */
  async navigateInApp(path: string): Promise<void> {
    await this.page.evaluate((p) => {
      window.history.pushState({}, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
}
