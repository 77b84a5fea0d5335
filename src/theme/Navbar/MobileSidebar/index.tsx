/**
 * Why this wrapper exists: the theme's mobile drawer (widths up to 996 px) covers the page but leaves keyboard focus
 * behind it. While the drawer is open this wrapper moves focus into it, keeps Tab and Shift+Tab cycling inside it and
 * closes it on Escape; closing it with Escape, its close button or the backdrop puts focus back on the toggle button.
 * A link followed from the drawer keeps the theme's own focus handling for the new page.
 */
import {useEffect, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import type MobileSidebarType from '@theme/Navbar/MobileSidebar';
import type {WrapperProps} from '@docusaurus/types';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof MobileSidebarType>;

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]';

/** The controls Tab can reach in the drawer, in order (the inactive menu panel is inert). */
function tabbables(drawer: HTMLElement): HTMLElement[] {
  return Array.from(drawer.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.checkVisibility({visibilityProperty: true}),
  );
}

export default function MobileSidebarWrapper(props: Props): ReactNode {
  const {shown, toggle} = useNavbarMobileSidebar();

  useEffect(() => {
    const drawer = document.querySelector<HTMLElement>('.navbar-sidebar');
    const toggleButton = document.querySelector<HTMLElement>('.navbar__toggle');
    if (!shown || !drawer) return undefined;

    // The drawer fades in: its controls can take focus from the first frame of that transition on.
    let frame = 0;
    const focusFirst = (framesLeft: number) => {
      const first = tabbables(drawer)[0];
      if (first) first.focus();
      else if (framesLeft > 0) frame = requestAnimationFrame(() => focusFirst(framesLeft - 1));
    };
    focusFirst(30);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        toggle();
        toggleButton?.focus();
      } else if (event.key === 'Tab') {
        const items = tabbables(drawer);
        const first = items[0];
        const last = items[items.length - 1];
        const active = document.activeElement;
        if (!first) return;
        if (!drawer.contains(active)) {
          event.preventDefault();
          (event.shiftKey ? last : first).focus();
        } else if (event.shiftKey && active === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    // The close button and the backdrop close the drawer themselves; focus goes back to the toggle button. Listen in
    // the capture phase: once the theme's click handler closes the drawer, this effect is already cleaned up.
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element).closest('.navbar-sidebar__close, .navbar-sidebar__backdrop')) {
        toggleButton?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick, true);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick, true);
    };
  }, [shown, toggle]);

  return <MobileSidebar {...props} />;
}
