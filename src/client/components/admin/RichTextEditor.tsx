import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Undo2,
  Unlink,
} from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import * as styles from './RichTextEditor.css';

/**
 * The post editor: headings, bold, italic, links, lists, quotes and uploaded images, producing HTML,
 * so nobody has to type tags. The server sanitises whatever it produces before storing it.
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  onUploadImage,
  imageAccept,
  labelledBy,
  readOnly = false,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  /** Uploads an image and resolves with its address, or null when nothing was uploaded. */
  onUploadImage: (file: File) => Promise<string | null>;
  /** The image types the file chooser offers. */
  imageAccept: string;
  labelledBy: string;
  /** Takes no typing (its toolbar, native buttons, follows a disabled fieldset around it). */
  readOnly?: boolean;
}) {
  const imageInput = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto', 'tel'],
          defaultProtocol: 'https',
        },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        class: styles.content,
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? '' : e.getHTML()),
  });

  // When the form loads another post (or is cleared), show that content.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            link: e.isActive('link'),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
          }
        : null,
  });

  // The tool the Tab key reaches, by its label (see the toolbar below).
  const toolbar = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState('Heading');

  if (!editor) return null;
  const chain = () => editor.chain().focus();

  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt('Link address (https://...)', previous);
    if (href === null) return;
    if (href.trim() === '' || href.trim() === 'https://') {
      chain().extendMarkRange('link').unsetLink().run();
      return;
    }
    chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  const insertImage = async (file: File | undefined) => {
    if (imageInput.current) imageInput.current.value = '';
    if (!file) return;
    const src = await onUploadImage(file);
    if (src) chain().setImage({ src, alt: '' }).run();
  };

  // The toolbar is one stop of the Tab key, as a toolbar is (WAI-ARIA's pattern): Tab reaches the
  // last tool used (the first at the start) and then the text; the arrow keys, Home and End move
  // between the tools, so the text is two Tabs from the title, not twelve.
  // Remove link is there only inside a link: once it has gone, the first tool takes the stop.
  const reachable = current === 'Remove link' && !state?.link ? 'Heading' : current;
  const tool = (label: string, icon: ReactNode, action: () => void, pressed?: boolean) => (
    <button
      type="button"
      className={styles.tool}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      tabIndex={label === reachable ? 0 : -1}
      onFocus={() => setCurrent(label)}
      onClick={action}
    >
      {icon}
    </button>
  );
  const moveAlongToolbar = (event: KeyboardEvent<HTMLDivElement>) => {
    const tools = Array.from(toolbar.current?.querySelectorAll('button') ?? []);
    const at = tools.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tools.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    tools[(to + tools.length) % tools.length]?.focus();
  };

  return (
    <div className={styles.frame}>
      <div
        ref={toolbar}
        role="toolbar"
        aria-label="Formatting"
        aria-orientation="horizontal"
        className={styles.toolbar}
        onKeyDown={moveAlongToolbar}
      >
        {tool(
          'Heading',
          <Heading2 size={18} aria-hidden="true" />,
          () => chain().toggleHeading({ level: 2 }).run(),
          state?.h2,
        )}
        {tool(
          'Subheading',
          <Heading3 size={18} aria-hidden="true" />,
          () => chain().toggleHeading({ level: 3 }).run(),
          state?.h3,
        )}
        {tool('Bold', <Bold size={18} aria-hidden="true" />, () => chain().toggleBold().run(), state?.bold)}
        {tool(
          'Italic',
          <Italic size={18} aria-hidden="true" />,
          () => chain().toggleItalic().run(),
          state?.italic,
        )}
        {tool('Link', <Link2 size={18} aria-hidden="true" />, setLink, state?.link)}
        {state?.link
          ? tool('Remove link', <Unlink size={18} aria-hidden="true" />, () =>
              chain().extendMarkRange('link').unsetLink().run(),
            )
          : null}
        {tool(
          'Bulleted list',
          <List size={18} aria-hidden="true" />,
          () => chain().toggleBulletList().run(),
          state?.bullet,
        )}
        {tool(
          'Numbered list',
          <ListOrdered size={18} aria-hidden="true" />,
          () => chain().toggleOrderedList().run(),
          state?.ordered,
        )}
        {tool(
          'Quote',
          <Quote size={18} aria-hidden="true" />,
          () => chain().toggleBlockquote().run(),
          state?.quote,
        )}
        {tool('Insert image', <ImagePlus size={18} aria-hidden="true" />, () => imageInput.current?.click())}
        {tool('Undo', <Undo2 size={18} aria-hidden="true" />, () => chain().undo().run())}
        {tool('Redo', <Redo2 size={18} aria-hidden="true" />, () => chain().redo().run())}
      </div>
      {/* The chooser of Insert image: an input in the document, which every browser opens from a
          click (Firefox does not for an input that was never attached). */}
      <input
        ref={imageInput}
        type="file"
        accept={imageAccept}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="editor-image-input"
        onChange={(e) => void insertImage(e.target.files?.[0])}
      />
      <EditorContent editor={editor} />
    </div>
  );
}
