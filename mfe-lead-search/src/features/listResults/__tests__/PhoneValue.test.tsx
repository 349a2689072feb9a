import { screen } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { PhoneValue } from '../components/PhoneValue';

registerAreaTranslations(NAMESPACE, translations);

describe("a result's phone", () => {
  it('says the phone is on its way while a requested number has not arrived', () => {
    renderWithProviders(<PhoneValue phone={null} data={{ phone_reveal: 'pending' }} />);
    expect(screen.getByTestId('phone-pending')).toHaveTextContent('Phone on its way');
  });

  it('shows the number once it arrived, and nothing (or the placeholder) without one', () => {
    const { unmount } = renderWithProviders(<PhoneValue phone="+351912345600" data={{}} />);
    expect(screen.getByText('+351912345600')).toBeInTheDocument();
    expect(screen.queryByTestId('phone-pending')).not.toBeInTheDocument();
    unmount();
    const { container } = renderWithProviders(<PhoneValue phone={null} data={{}} empty="—" />);
    expect(container).toHaveTextContent('—');
  });
});
