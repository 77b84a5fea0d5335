/** Data attributes ./theme/Tabs puts on each tab, so that an adopted article's tabs know their value and group. */
export const TAB_VALUE = 'data-tab-value';
export const TAB_GROUP = 'data-tab-group';
