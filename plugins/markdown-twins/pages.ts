/**
 * What the docs plugin knows about each version, reduced to what the twins and the llms.txt files need: every page
 * that gets a twin (docs and generated category pages), and each sidebar's pages in sidebar order.
 */
import type {LoadedContent, LoadedVersion} from '@docusaurus/plugin-content-docs';

export interface TwinPage {
  /** Route of the HTML page, e.g. `/docs/2.0.1/docs/Introduction`; the twin is served at `${permalink}.md`. */
  permalink: string;
  title: string;
  description?: string;
  /** The MDX file of a doc (absolute path); generated category pages have none. */
  source?: string;
}

export interface Section {
  /** The label the navbar gives the sidebar, e.g. "Getting Started". */
  title: string;
  pages: TwinPage[];
}

export interface TwinVersion {
  /** The version's name in URLs and labels, e.g. `2.0.1`. */
  label: string;
  /** Base route of the version, e.g. `/docs/2.0.1`. */
  path: string;
  isCurrent: boolean;
  pages: TwinPage[];
  sections: Section[];
}

type SidebarItem = LoadedVersion['sidebars'][string][number];

/**
 * @param sidebarTitles the navbar label of each sidebar id, in navbar order (the order of the sections)
 */
export function twinVersions(
  content: LoadedContent,
  sidebarTitles: ReadonlyMap<string, string>,
  siteDir: string,
): TwinVersion[] {
  return content.loadedVersions.map((version) => {
    const docs = new Map<string, TwinPage>(
      version.docs.map((doc) => [
        doc.id,
        {
          permalink: doc.permalink,
          title: doc.title,
          description: doc.description || undefined,
          source: doc.source.replace(/^@site\//, `${siteDir}/`),
        },
      ]),
    );
    const categories: TwinPage[] = [];
    const inSidebar = (items: SidebarItem[]): TwinPage[] =>
      items.flatMap((item): TwinPage[] => {
        if (item.type === 'doc' || item.type === 'ref') return [docs.get(item.id)!];
        if (item.type !== 'category') return [];
        const own: TwinPage[] = [];
        if (item.link?.type === 'doc') own.push(docs.get(item.link.id)!);
        if (item.link?.type === 'generated-index') {
          const page = {
            permalink: item.link.permalink,
            title: item.link.title ?? item.label,
            description: item.link.description,
          };
          categories.push(page);
          own.push(page);
        }
        return [...own, ...inSidebar(item.items)];
      });

    for (const id of Object.keys(version.sidebars)) {
      if (!sidebarTitles.has(id)) {
        throw new Error(`sidebar "${id}" of docs version ${version.label} has no navbar item to name its section`);
      }
    }
    const sections: Section[] = [...sidebarTitles]
      .filter(([id]) => version.sidebars[id])
      .map(([id, title]) => ({title, pages: inSidebar(version.sidebars[id])}));
    // A doc no sidebar lists is still a page of the version.
    const listed = new Set(sections.flatMap((s) => s.pages));
    const unlisted = [...docs.values()].filter((page) => !listed.has(page));
    if (unlisted.length > 0) sections.push({title: 'Other pages', pages: unlisted});
    return {
      label: version.label,
      path: version.path,
      isCurrent: version.isLast,
      pages: [...docs.values(), ...categories],
      sections,
    };
  });
}
