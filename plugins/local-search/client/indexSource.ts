/** Where this build's search index lives, from the plugin's global data. */
import globalData from '@generated/globalData';
import siteConfig from '@generated/docusaurus.config';
import {PLUGIN_NAME, type LocalSearchGlobalData} from '../types';
import type {IndexSource} from './searchClient';

const pluginData = () => globalData[PLUGIN_NAME]?.default as LocalSearchGlobalData | undefined;

/** Whether search answers from the embedded index: the plugin sets its global data in embedded mode only. */
export function isEmbedded(): boolean {
  return pluginData() !== undefined;
}

export function indexSource(): IndexSource {
  const data = pluginData();
  if (!data?.indexPath) {
    return {url: null, missingReason: data?.missingReason ?? 'This build has no search index.'};
  }
  return {url: `${siteConfig.baseUrl}${data.indexPath}`};
}
