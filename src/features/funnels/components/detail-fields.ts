/**
 * The funnel details' plain text fields (000 §3 funnel details) with their labels, in the order
 * the Details tab and the quick wizard's General step show them.
 */
export const DETAIL_TEXT_FIELDS = [
  ['dl_offer_name', 'Offer name (dl_offer_name)'],
  ['guarantee', 'Guarantee'],
  ['favicon', 'Favicon URL'],
  ['logo', 'Logo URL'],
  ['logo_white', 'White logo URL'],
  ['GTM', 'Google Tag Manager id (GTM)'],
  ['OPT', 'Google Optimize id (OPT)'],
  ['UA', 'Google Analytics id (UA)'],
] as const;
