import { act, fireEvent, screen } from '@testing-library/react';
import { EDITOR_CHANGE_THROTTLE_MS } from '@leadsmith/shared/core';
import { renderWithProviders } from '../../../testing';
import type { Editor } from '@tiptap/react';
import { useForm, useWatch } from 'react-hook-form';
import { RichTextField } from '../RichTextField';

const changes: string[] = [];
function Form({ body = '<p>Hello</p>', page = false }: { body?: string; page?: boolean }) {
  const form = useForm({ defaultValues: { body } });
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
      {...(page ? { initialMode: 'html' as const, warnWhenLossy: true } : {})}
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
    for (const name of ['Bold', 'Italic', 'Heading', 'Bulleted list', 'Numbered list', 'Quote', 'Link', 'Undo'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
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

  it('a link to an address built from an email variable keeps it as typed; a bare host gets https://', async () => {
    renderWithProviders(<Form />);
    const box = await screen.findByRole('textbox', { name: 'Body' });
    const editor = (box as HTMLElement & { editor: Editor }).editor;
    const link = async (address: string) => {
      act(() => void editor.commands.selectAll());
      fireEvent.click(screen.getByRole('button', { name: 'Link' }));
      fireEvent.change(screen.getByLabelText('Link address'), { target: { value: address } });
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
      fireEvent.click(screen.getByRole('button', { name: 'HTML' }));
      const html = (screen.getByLabelText('Body (HTML)') as HTMLTextAreaElement).value;
      fireEvent.click(screen.getByRole('button', { name: 'Editor' }));
      return html;
    };
    expect(await link('{app_url}/settings/wallet')).toContain('href="{app_url}/settings/wallet"');
    expect(await link('example.com/help')).toContain('href="https://example.com/help"');
  });

  it("a page's own markup opens in the HTML view, and the editor warns before it would drop it; nothing changes until one types there", async () => {
    const page = '<style>h2{color:red}</style><div class="hero"><h2>Offer</h2><script>track()</script></div>';
    renderWithProviders(<Form body={page} page />);
    expect(screen.getByLabelText('Body (HTML)')).toHaveValue(page);
    fireEvent.click(screen.getByRole('button', { name: 'Editor' }));
    expect(await screen.findByRole('textbox', { name: 'Body' })).toHaveTextContent('Offer');
    expect(screen.getByRole('status')).toHaveTextContent('markup the editor does not keep');
    fireEvent.click(screen.getByRole('button', { name: 'HTML' }));
    expect(screen.getByLabelText('Body (HTML)')).toHaveValue(page);
    expect(changes).toEqual([]);
  });

  it('no warning when the editor keeps the HTML whole', async () => {
    renderWithProviders(
      <Form
        body={'<h2>Offer</h2><p>Plain <strong>text</strong> and <a href="https://example.com">a link</a></p>'}
        page
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Editor' }));
    expect(await screen.findByRole('textbox', { name: 'Body' })).toHaveTextContent('Plain text');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
