import { DEFAULT_BRANDING, brandingQueryOptions } from '@leadsmith/shared/core';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { screen } from '@testing-library/react';
import { applyDocumentBranding } from '../../app/documentBranding';
import { AuthCard } from '../AuthCard';

const description = 'Leads for <b>dentists</b>\nin Lisbon and Porto';

describe("the domain's description (business settings content)", () => {
  it('shows under the logo on the sign-in pages, as text with its line breaks', () => {
    const view = renderWithProviders(<AuthCard title="Sign in">form</AuthCard>);
    expect(screen.queryByTestId('brand-description')).not.toBeInTheDocument();

    view.queryClient.setQueryData(brandingQueryOptions(window.location.hostname).queryKey, {
      ...DEFAULT_BRANDING,
      name: 'Northwind',
      content: description,
    });
    view.rerender(<AuthCard title="Sign in">form</AuthCard>);
    const shown = screen.getByTestId('brand-description');
    expect(shown.textContent).toBe(description);
    expect(shown.querySelector('b')).toBeNull();
    expect(getComputedStyle(shown).whiteSpace).toBe('pre-line');
  });

  it("becomes the page's meta description, which goes again when the domain has none", () => {
    applyDocumentBranding({ ...DEFAULT_BRANDING, content: description });
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(description);
    applyDocumentBranding({ ...DEFAULT_BRANDING, content: 'Second words' });
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('Second words');
    applyDocumentBranding(DEFAULT_BRANDING);
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
  });
});
