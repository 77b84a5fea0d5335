/**
 * Why this wrapper exists: the classic theme's Tabs draw no trace of a tab's value or `groupId` in the HTML, and an
 * adopted article (../../client/behaviours.ts) needs both to keep a group's choice. Each tab gets them as data
 * attributes, through TabItem's `attributes`, which the theme puts on the tab. Wraps the classic theme's component
 * (`@theme-init`: `@theme-original` would name this very module).
 */
import {Children, cloneElement, isValidElement, type ReactElement, type ReactNode} from 'react';
import Tabs from '@theme-init/Tabs';
import type TabsType from '@theme/Tabs';
import type {Props as TabItemProps} from '@theme/TabItem';
import type {WrapperProps} from '@docusaurus/types';
import {TAB_GROUP, TAB_VALUE} from '../../tabAttributes';

type Props = WrapperProps<typeof TabsType>;

export default function TabsWrapper({children, ...props}: Props): ReactNode {
  const marked = Children.map(children, (child) => {
    if (!isValidElement<TabItemProps>(child) || typeof child.props.value !== 'string') return child;
    const attributes = {
      ...child.props.attributes,
      [TAB_VALUE]: child.props.value,
      ...(props.groupId ? {[TAB_GROUP]: props.groupId} : {}),
    };
    return cloneElement(child as ReactElement<TabItemProps>, {attributes});
  });
  return <Tabs {...props}>{marked}</Tabs>;
}
