import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing';
import { Tooltip } from '../Tooltip';

describe('Tooltip (spec §9 defaults)', () => {
  it('opens on keyboard focus and on click, describes its trigger, and closes with Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Tooltip content="Bold">
        <button type="button">B</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'B' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    expect(trigger).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Bold');
    expect(trigger).toHaveAccessibleDescription('Bold');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.click(trigger);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Bold');
  });
});
