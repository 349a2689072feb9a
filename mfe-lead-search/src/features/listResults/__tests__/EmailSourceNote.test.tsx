import { screen } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { EmailSourceNote, emailSourceOf } from '../components/EmailSourceNote';

registerAreaTranslations(NAMESPACE, translations);

describe('the email source shown with a result', () => {
  it('names the website, how the address was found, links the page and flags a role address', () => {
    renderWithProviders(
      <EmailSourceNote
        data={{
          email_source: {
            provider: 'site',
            url: 'https://acme.test/contact',
            via: 'obfuscated',
            mx: true,
            disposable: false,
            role: true,
          },
        }}
      />,
    );
    const note = screen.getByTestId('email-source');
    expect(note).toHaveTextContent('Found by: company website');
    expect(note).toHaveTextContent('disguised address');
    expect(
      screen.getByRole('link', { name: 'Page where the email was found: https://acme.test/contact' }),
    ).toHaveAttribute('href', 'https://acme.test/contact');
    expect(screen.getByText('Role address')).toBeInTheDocument();
    expect(screen.queryByText('No mail server')).not.toBeInTheDocument();
    expect(screen.queryByText('Mailbox confirmed')).not.toBeInTheDocument();
  });

  it('shows the mail server answer when the RCPT check ran', () => {
    renderWithProviders(
      <EmailSourceNote
        data={{
          email_source: {
            provider: 'site',
            url: null,
            via: 'pattern',
            mx: true,
            disposable: false,
            role: false,
            smtp: 'accepted',
          },
        }}
      />,
    );
    expect(screen.getByTestId('email-source')).toHaveTextContent('company email pattern');
    expect(screen.getByText('Mailbox confirmed')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("reads a vendor's source from the profile figures, and shows nothing without one", () => {
    expect(emailSourceOf({ social: { email_source: 'hunter', email_source_url: 'https://acme.test/team' } })).toEqual({
      provider: 'hunter',
      url: 'https://acme.test/team',
      via: null,
      role: false,
      disposable: false,
      noMx: false,
      smtp: null,
    });
    const { container } = renderWithProviders(<EmailSourceNote data={{ category: 'Bakery' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
