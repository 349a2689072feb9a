import { act, fireEvent, screen } from '@testing-library/react';
import { EDITOR_CHANGE_THROTTLE_MS, registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import type { Editor } from '@tiptap/react';
import { useForm, useWatch } from 'react-hook-form';
import { NAMESPACE, translations } from '../../locales';
import { RichTextField } from '../RichTextField';

registerAreaTranslations(NAMESPACE, translations);

const changes: string[] = [];
function Form() {
  const form = useForm({ defaultValues: { body: '<p>Hello</p>' } });
  return (
    <RichTextField
      label="Body"
      htmlLabel="Body (HTML)"
      value={useWatch({ control: form.control, name: 'body' })}
      onChange={(html) => {
        changes.push(html);
        form.setValue('body', html);
      }}
      registration={form.register('body')}
    />
  );
}

describe('RichTextField', () => {
  beforeEach(() => void (changes.length = 0));

  it('loads the editor on demand, named by its label, with a toolbar of named buttons', async () => {
    renderWithProviders(<Form />);
    const editor = await screen.findByRole('textbox', { name: 'Body' });
    expect(editor).toHaveTextContent('Hello');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of ['Bold', 'Italic', 'Heading', 'Bulleted list', 'Numbered list', 'Quote', 'Link', 'Undo']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(toolbar).toContainElement(screen.getByRole('button', { name: 'Bold' }));
  });

  it('hands its changes to the form at most every 300 ms while typing, the last one always; the HTML source shows them', async () => {
    renderWithProviders(<Form />);
    const box = await screen.findByRole('textbox', { name: 'Body' });
    const editor = (box as HTMLElement & { editor: Editor }).editor;
    jest.useFakeTimers();
    try {
      act(() => void editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' w'));
      act(() => void editor.commands.insertContentAt(editor.state.doc.content.size - 1, 'o'));
      act(() => void editor.commands.insertContentAt(editor.state.doc.content.size - 1, 'rld'));
      // The first change goes at once; the others wait for the throttle.
      expect(changes).toEqual(['<p>Hello w</p>']);
      act(() => void jest.advanceTimersByTime(EDITOR_CHANGE_THROTTLE_MS - 1));
      expect(changes).toHaveLength(1);
      act(() => void jest.advanceTimersByTime(1));
      expect(changes).toEqual(['<p>Hello w</p>', '<p>Hello world</p>']);
      act(() => void editor.commands.toggleBold());
      act(() => void editor.commands.insertContentAt(editor.state.doc.content.size - 1, '!'));
    } finally {
      jest.useRealTimers();
    }
    // Switching to the HTML source hands over the pending change at once.
    fireEvent.click(screen.getByRole('button', { name: 'HTML' }));
    expect(screen.getByLabelText('Body (HTML)')).toHaveValue(changes.at(-1));
    expect(changes.at(-1)).toMatch(/^<p>Hello world.*!.*<\/p>$/);
  });
});
