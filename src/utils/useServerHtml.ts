import {useState} from 'react';

/**
 * Shared by code blocks (plugins/code-on-demand/theme/CodeBlock/Content) and tables (src/components/ScrollableTable).
 *
 * The server-rendered HTML inside the element with this id, read once when the component first renders in the
 * browser, or null when there is none: in the browser that is while the page is being hydrated, since an element
 * mounted later (a client-side navigation) has a client `useId` that no server element carries.
 *
 * Rendering that HTML back with `dangerouslySetInnerHTML` keeps the server's nodes as they are, and React makes no
 * fibers for them: hydrating, committing and later walking the tree (a context change at the root visits every fiber)
 * skip what never changes in the browser. The element keeps its own props and events; only its content is adopted.
 */
export function useServerHtml(id: string): string | null {
  const [html] = useState(() => {
    if (typeof document === 'undefined') return null;
    return document.getElementById(id)?.innerHTML ?? null;
  });
  return html;
}
