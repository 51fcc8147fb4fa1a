import type { consentEs } from './es';

// English texts of `consent`.
export const consentEn: Record<keyof typeof consentEs, string> = {
  'consent.title': 'Cookies on this site',
  'consent.intro':
    'We use strictly necessary storage to make the shop work (session, basket, security). With your permission we can also use other levels. You can accept them, reject them or choose, and change your mind at any time from “Cookie settings” at the foot of the page.',
  'consent.policyLink': 'Read the cookie policy',
  'consent.chooseLevels': 'Choose which cookies to accept',
  'consent.outcome.accepted': 'You have accepted all cookies.',
  'consent.outcome.rejected': 'You have rejected the cookies that are not necessary.',
  'consent.outcome.saved': 'Your cookie choice has been saved.',
  'consent.changeLater': 'You can change it at any time from “Cookie settings” at the foot of the page.',
  'consent.hide': 'Hide this message',
  'consent.rejectAll': 'Reject all',
  'consent.acceptAll': 'Accept all',
  'consent.levelsLegend': 'Or choose by level',
  'consent.save': 'Save my choice',
  'consent.level.strictly-necessary': 'Strictly necessary (always on)',
  'consent.level.functionality': 'Functionality',
  'consent.level.tracking': 'Tracking (analytics)',
  'consent.level.targeting': 'Targeted advertising',
  'consent.levelHint.strictly-necessary':
    'Session, CSRF protection, basket, unfinished orders and this choice itself. The shop cannot work without them.',
  'consent.levelHint.functionality': 'Remembering the details of your last simple note to offer them for the next one.',
  'consent.levelHint.tracking': 'Measuring in aggregate how the shop is used. We do not use any such tool today.',
  'consent.levelHint.targeting':
    'Showing you advertising based on your interests on other sites. We do not use any such tool today.',
};
