import { fireEvent, screen } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { TOOLBAR } from '../../listResults/listToolbar';
import { aiTextsOf } from '../api/types';
import { AiTextsCell, AiTextsSection } from '../components/AiTexts';

registerAreaTranslations(NAMESPACE, translations);

const text = (prompt_id: number, prompt_type: string, body: string) => ({
  prompt_id,
  prompt_type,
  title: `Prompt ${prompt_id}`,
  text: body,
  provider: 'embedded',
  generated_at: '2026-03-01T10:00:00.000Z',
});

describe('AI texts on results', () => {
  it("has the 'ai' toolbar action exactly on the list types of spec §2 (people, local, company, influencer as local, intent; group holds people)", () => {
    const withAi = Object.entries(TOOLBAR)
      .filter(([, actions]) => actions.includes('ai'))
      .map(([type]) => type)
      .sort();
    expect(withAi).toEqual(['company', 'group', 'influencer', 'intent', 'local', 'people']);
  });

  it('reads the texts stored on a result in prompt order and ignores anything else', () => {
    expect(aiTextsOf({})).toEqual([]);
    expect(aiTextsOf({ ai: 'broken' })).toEqual([]);
    const data = { ai: { '9': text(9, 'subject', 'Later'), '3': text(3, 'summary', 'First') } };
    expect(aiTextsOf(data).map((x) => x.text)).toEqual(['First', 'Later']);
  });

  it('shows the first text in the list row, all of them on demand, and every text on the details page', () => {
    const data = { ai: { '3': text(3, 'summary', 'A short summary'), '4': text(4, 'first_line', 'Hi Dana') } };
    renderWithProviders(<AiTextsCell data={data} name="Dana Smith" />);
    expect(screen.getByText('A short summary')).toBeInTheDocument();
    expect(screen.queryByText('Hi Dana')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all AI texts of Dana Smith' }));
    expect(screen.getByText('Hi Dana')).toBeInTheDocument();

    renderWithProviders(<AiTextsSection data={data} />);
    expect(screen.getByRole('heading', { name: 'AI texts' })).toBeInTheDocument();
    expect(screen.getAllByTestId('ai-text')).toHaveLength(2);
    expect(screen.getAllByTestId('ai-text')[1]).toHaveTextContent('Prompt 4 · First line');
  });

  it('says so when a result has no AI text yet', () => {
    renderWithProviders(<AiTextsSection data={{}} />);
    expect(screen.getByText(/No AI texts yet/)).toBeInTheDocument();
  });
});
