/**
 * A small typed React wrapper around CodeMirror 6: YAML highlighting, line numbers, history, schema completion and
 * diagnostics. Colours come from the site's CSS variables, so the editor follows the light or dark mode.
 */
import {useEffect, useImperativeHandle, useRef, type Ref} from 'react';
import {autocompletion, closeBrackets, completionKeymap} from '@codemirror/autocomplete';
import {defaultKeymap, history, historyKeymap} from '@codemirror/commands';
import {yaml} from '@codemirror/lang-yaml';
import {HighlightStyle, bracketMatching, indentOnInput, syntaxHighlighting} from '@codemirror/language';
import {lintGutter, lintKeymap, setDiagnostics, type Diagnostic as CmDiagnostic} from '@codemirror/lint';
import {Compartment, EditorState} from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import {tags} from '@lezer/highlight';

import type {Diagnostic} from '@sphere-docs/lib/pricing2yaml/analyze';
import {schemaCompletion} from './completion';
import type {JsonSchema} from './schemas';

export interface EditorHandle {
  /** Replaces the whole document (keeps undo history). */
  setText(text: string): void;
  /** Selects a range, scrolls to it and focuses the editor. */
  select(from: number, to: number): void;
}

interface Props {
  initialText: string;
  onChange(text: string): void;
  diagnostics: readonly Diagnostic[];
  dark: boolean;
  /** Schema used for completion (that of the document's version). */
  schema: JsonSchema | undefined;
  labelledBy: string;
  describedBy?: string;
  ref?: Ref<EditorHandle>;
}

const highlight = HighlightStyle.define([
  {tag: [tags.propertyName, tags.definition(tags.propertyName)], color: 'var(--p2y-key)'},
  {tag: [tags.string, tags.special(tags.string)], color: 'var(--p2y-string)'},
  {tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--p2y-number)'},
  {tag: [tags.comment, tags.lineComment], color: 'var(--p2y-comment)', fontStyle: 'italic'},
  {tag: [tags.keyword, tags.meta, tags.labelName, tags.typeName], color: 'var(--p2y-keyword)'},
]);

function baseTheme(dark: boolean) {
  return EditorView.theme(
    {
      '&': {
        color: 'var(--ifm-font-color-base)',
        backgroundColor: 'var(--ifm-background-surface-color)',
        border: '1px solid var(--ifm-color-emphasis-400)',
        borderRadius: 'var(--ifm-global-radius)',
        fontSize: '0.9rem',
        height: '100%',
      },
      '&.cm-focused': {outline: '2px solid var(--ifm-color-primary)', outlineOffset: '1px'},
      '.cm-scroller': {fontFamily: 'var(--ifm-font-family-monospace)', lineHeight: '1.5'},
      '.cm-content': {caretColor: 'var(--ifm-font-color-base)'},
      '.cm-cursor, .cm-dropCursor': {borderLeftColor: 'var(--ifm-font-color-base)'},
      '.cm-gutters': {
        backgroundColor: 'var(--ifm-background-surface-color)',
        color: 'var(--ifm-color-emphasis-700)',
        borderRight: '1px solid var(--ifm-color-emphasis-300)',
      },
      '.cm-activeLine': {backgroundColor: 'var(--p2y-active-line)'},
      '.cm-activeLineGutter': {backgroundColor: 'var(--p2y-active-line)', color: 'var(--ifm-font-color-base)'},
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': {
        backgroundColor: 'var(--p2y-selection)',
      },
      '.cm-tooltip': {
        backgroundColor: 'var(--ifm-background-surface-color)',
        color: 'var(--ifm-font-color-base)',
        border: '1px solid var(--ifm-color-emphasis-400)',
      },
      '.cm-tooltip-autocomplete ul li[aria-selected]': {
        backgroundColor: 'var(--ifm-color-primary)',
        color: 'var(--ifm-background-color)',
      },
      '.cm-completionDetail': {color: 'inherit', opacity: 1},
      '.cm-diagnostic-error': {borderLeftColor: 'var(--p2y-error)'},
      '.cm-lintRange-error': {
        backgroundImage: 'none',
        textDecoration: 'underline wavy var(--p2y-error)',
        textUnderlineOffset: '3px',
      },
    },
    {dark},
  );
}

function toCm(diagnostics: readonly Diagnostic[], length: number): CmDiagnostic[] {
  return diagnostics.map((d) => {
    const from = Math.min(d.from, length);
    const to = Math.min(Math.max(d.to, from), length);
    return {from, to, severity: d.severity, message: d.path ? `${d.path}: ${d.message}` : d.message, source: d.source};
  });
}

export default function Editor({
  initialText,
  onChange,
  diagnostics,
  dark,
  schema,
  labelledBy,
  describedBy,
  ref,
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const themeSlot = useRef(new Compartment());
  const onChangeRef = useRef(onChange);
  const schemaRef = useRef(schema);
  onChangeRef.current = onChange;
  schemaRef.current = schema;

  useEffect(() => {
    // The editable area is in the tab order as it is (contenteditable); the explicit tabindex says so to checkers that
    // look for a focusable element inside the scrolling editor.
    const attrs: Record<string, string> = {'aria-labelledby': labelledBy, tabindex: '0'};
    if (describedBy) attrs['aria-describedby'] = describedBy;
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initialText,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          yaml(),
          syntaxHighlighting(highlight),
          lintGutter(),
          autocompletion({override: [schemaCompletion(() => schemaRef.current)]}),
          keymap.of([...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
          EditorState.tabSize.of(2),
          EditorView.contentAttributes.of(attrs),
          themeSlot.current.of(baseTheme(dark)),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is created once; later prop changes are dispatched below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({effects: themeSlot.current.reconfigure(baseTheme(dark))});
  }, [dark]);

  useEffect(() => {
    const v = view.current;
    if (v) v.dispatch(setDiagnostics(v.state, toCm(diagnostics, v.state.doc.length)));
  }, [diagnostics]);

  useImperativeHandle(ref, () => ({
    setText(text: string) {
      const v = view.current;
      if (v) v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: text}});
    },
    select(from: number, to: number) {
      const v = view.current;
      if (!v) return;
      const len = v.state.doc.length;
      v.dispatch({selection: {anchor: Math.min(from, len), head: Math.min(to, len)}, scrollIntoView: true});
      v.focus();
    },
  }));

  return <div ref={host} className="p2y-editor" data-testid="editor" />;
}
