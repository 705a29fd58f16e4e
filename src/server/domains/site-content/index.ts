// What the rest of the server may use of the site-content domain: the business's details (every
// e-mail's footer) and the settings other domains keep.
export { getBusinessDetails } from './business';
export { readSetting, SETTING_KEYS, writeSetting } from './settings';
