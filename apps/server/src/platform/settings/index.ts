/**
 * The typed settings registry (decision 0016): modules declare their operator settings with
 * {@link defineSetting}; the server builds one {@link SettingsRegistry} from the module list and one
 * {@link SettingsStore} per node (AppContext `settings`), through which every read and change goes.
 */
export {
  defineSetting,
  isSettingDefinition,
  parseStored,
  settingJsonSchema,
  SettingsRegistry,
  type Parsed,
  type Setting,
  type SettingValue,
} from './registry.js';
export { SettingsStore, seedSetting, type SettingChange, type SettingsStoreOptions } from './store.js';

/** The realtime bus channel on which a node tells the others which settings changed (no client hears it). */
export const SETTINGS_CHANGED_CHANNEL = 'internal.settings';
