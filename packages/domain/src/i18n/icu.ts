// The ICU engine of formatMessage: importing this module registers intl-messageformat (see format-message.ts).
import { IntlMessageFormat } from 'intl-messageformat';
import { registerIcuEngine } from './format-message.js';

registerIcuEngine(IntlMessageFormat);
