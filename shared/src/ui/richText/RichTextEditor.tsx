import { Box, Button, Flex, Input } from '@chakra-ui/react';
import { EDITOR_CHANGE_THROTTLE_MS } from '@leadsmith/shared/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { throttle } from 'es-toolkit';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../Tooltip';

export interface RichTextEditorProps {
  /** HTML to start from (the form's value). */
  value: string;
  /** The HTML, at most once per EDITOR_CHANGE_THROTTLE_MS while typing, and at once on blur and unmount. */
  onChange: (html: string) => void;
  /** The id of the field's label: the editing area is named by it. */
  labelId: string;
  describedBy?: string;
}

type Command = { key: string; glyph: string; active?: (e: Editor) => boolean; run: (e: Editor) => void };

/** What a rich-text body may hold (the server's sanitiser keeps exactly these, api/src/modules/whitelabel/sanitizeHtml.ts). */
const COMMANDS: Command[] = [
  { key: 'bold', glyph: 'B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  {
    key: 'italic',
    glyph: 'I',
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    key: 'underline',
    glyph: 'U',
    active: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    key: 'strike',
    glyph: 'S',
    active: (e) => e.isActive('strike'),
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  {
    key: 'heading2',
    glyph: 'H2',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    key: 'heading3',
    glyph: 'H3',
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: 'bulletList',
    glyph: '•',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    key: 'orderedList',
    glyph: '1.',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    key: 'blockquote',
    glyph: '❝',
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    key: 'codeBlock',
    glyph: '</>',
    active: (e) => e.isActive('codeBlock'),
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
  { key: 'undo', glyph: '↶', run: (e) => e.chain().focus().undo().run() },
  { key: 'redo', glyph: '↷', run: (e) => e.chain().focus().redo().run() },
];

const htmlOf = (editor: Editor): string => (editor.isEmpty ? '' : editor.getHTML());

/**
 * The rich-text editor (Tiptap, on ProseMirror): email templates, lessons, sales pages, the admin's onboarding pages. Loaded on demand (RichTextField), so
 * its code is a chunk of its own that only the pages with a rich-text field fetch. Every toolbar button
 * has its name as a tooltip (the shared Tooltip, with the spec's defaults).
 */
export default function RichTextEditor({ value, onChange, labelId, describedBy }: RichTextEditorProps) {
  const { t } = useTranslation('common');
  const changed = useRef(onChange);
  changed.current = onChange;
  // Spec §9: the editor's changes reach the form (and the preview) at most every 300 ms while typing.
  const emit = useMemo(() => throttle((html: string) => changed.current(html), EDITOR_CHANGE_THROTTLE_MS), []);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'ls-rich-text',
      },
    },
    onUpdate: ({ editor: e }) => emit(htmlOf(e)),
    onBlur: () => emit.flush(),
  });
  // Leaving the editor (switching to the HTML source, leaving the page) hands over the last change.
  useEffect(() => () => emit.flush(), [emit]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(COMMANDS.map((c) => [c.key, Boolean(e && c.active?.(e))])),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const linkFieldId = useId();

  const applyLink = () => {
    const url = href.trim();
    if (url === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    // An address built from an email variable (`{app_url}/settings`) is kept as typed: the email fills it in.
    else
      editor
        .chain()
        .focus()
        .extendMarkRange('link')
        .setLink({ href: /^(https?:|mailto:|\{[a-z_]+\})/i.test(url) ? url : `https://${url}` })
        .run();
    setLinkOpen(false);
    setHref('');
  };

  return (
    <Box borderWidth="1px" borderRadius="md" bg="white">
      <Flex role="toolbar" aria-label={t('editor.toolbar')} gap={1} wrap="wrap" p={1} borderBottomWidth="1px">
        {COMMANDS.map((c) => (
          <Tooltip key={c.key} content={t(`editor.${c.key}`)}>
            <Button
              type="button"
              size="xs"
              variant={active?.[c.key] ? 'solid' : 'ghost'}
              aria-label={t(`editor.${c.key}`)}
              aria-pressed={c.active ? Boolean(active?.[c.key]) : undefined}
              onClick={() => c.run(editor)}
              fontWeight={c.key === 'bold' ? 'bold' : 'medium'}
            >
              {c.glyph}
            </Button>
          </Tooltip>
        ))}
        <Tooltip content={t('editor.link')}>
          <Button
            type="button"
            size="xs"
            variant={linkOpen ? 'solid' : 'ghost'}
            aria-label={t('editor.link')}
            aria-expanded={linkOpen}
            onClick={() => {
              setHref((editor.getAttributes('link').href as string | undefined) ?? '');
              setLinkOpen(!linkOpen);
            }}
          >
            🔗
          </Button>
        </Tooltip>
      </Flex>
      {linkOpen ? (
        <Flex gap={2} p={2} align="center" borderBottomWidth="1px">
          <label htmlFor={linkFieldId}>{t('editor.linkAddress')}</label>
          <Input
            id={linkFieldId}
            size="sm"
            flex="1"
            value={href}
            placeholder="https://"
            onChange={(e) => setHref(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
            }}
          />
          <Button type="button" size="sm" onClick={applyLink}>
            {t('editor.applyLink')}
          </Button>
        </Flex>
      ) : null}
      <Box
        px={3}
        py={2}
        minH="12rem"
        css={{
          '& .ls-rich-text': { outline: 'none', minHeight: '11rem' },
          '& .ls-rich-text:focus-visible': {
            outline: '2px solid var(--chakra-colors-brand-solid, #573BFF)',
            outlineOffset: '4px',
          },
          '& h2': { fontSize: 'xl', fontWeight: 'bold', my: 2 },
          '& h3': { fontSize: 'lg', fontWeight: 'bold', my: 2 },
          '& h4': { fontWeight: 'bold', my: 2 },
          '& p': { my: 1 },
          '& ul': { pl: 6, listStyleType: 'disc' },
          '& ol': { pl: 6, listStyleType: 'decimal' },
          '& blockquote': { borderLeftWidth: '3px', pl: 3, color: 'text.muted' },
          '& pre': { fontFamily: 'mono', bg: 'gray.100', p: 2, borderRadius: 'sm' },
          '& a': { color: 'brand.fg', textDecoration: 'underline' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
