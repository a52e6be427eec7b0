/**
 * The published page's own words (buttons, labels, headings, notices) in the funnel's language
 * (000 §9 languages en, de, fr), as its money already is (filters.ts `money`). Every word the
 * Liquid layouts write themselves comes from here as `w.<key>`; a language we do not know gets
 * English. Words with `{name}`-style places are filled in the layouts (Liquid `replace`, or
 * `split` where an element goes in the place).
 *
 * Also the layouts' default texts (./defaults.ts, e.g. "Step 1: Select your package"): a page
 * whose text is still the English default shows it in the funnel's language
 * ({@link localizeDefaults}); a text the operator typed stays as typed.
 */

/** The words of one language. */
export interface Words {
  secureSite: string; skipLink: string; faqTitle: string; support: string;
  manualTitle: string; manualPage: string;
  chooseSize: string; wholeBundle: string; noThanks: string; sizeOf: string; each: string; save: string;
  protectTitle: string; warrantyDefault: string; warrantyFor: string; vipAdd: string; vipRenews: string;
  reviewsTitle: string; moreReviewsCustomers: string; moreReviewsReaders: string; stars: string; verified: string;
  shippingTitle: string; country: string; shipping: string; free: string;
  productImages: string; imageN: string;
  soldOut: string; checkBack: string; chooseProduct: string; freeShipping: string; plusShipping: string; plusShippingCost: string;
  regularPrice: string; noProducts: string; shippingDetails: string;
  firstName: string; lastName: string; email: string; address: string; city: string; zip: string;
  seal: string; yourOrder: string; offer: string; redirecting: string; continue: string;
  /** The layouts' default texts (./defaults.ts) in this language. */
  defaults: {
    stepText: string; ctaCheckout: string; ctaPresell: string; securityNote: string; acceptText: string; declineText: string;
    listTitle: string; guaranteeTitle: string;
  };
}

const en: Words = {
  secureSite: 'Secure site', skipLink: 'Skip to the next page', faqTitle: 'Frequently asked questions', support: 'Support:',
  manualTitle: 'Your product manual', manualPage: 'Manual page {n}',
  chooseSize: 'Choose your size', wholeBundle: 'Add the whole bundle:', noThanks: 'No, thanks', sizeOf: 'Size {size}', each: '{price} each',
  save: 'Save {amount} ({pct}%)',
  protectTitle: 'Protect your order', warrantyDefault: 'Add our extended warranty: replacement or refund if anything goes wrong.', warrantyFor: 'for',
  vipAdd: 'Yes, add {name} for {price}.', vipRenews: 'It renews automatically until you cancel, and you can cancel at any time.',
  reviewsTitle: 'What our customers say', moreReviewsCustomers: 'More reviews from our customers', moreReviewsReaders: 'More reviews from our readers',
  stars: '5 out of 5 stars', verified: 'Verified buyer',
  shippingTitle: 'International shipping', country: 'Country', shipping: 'Shipping', free: 'Free',
  productImages: 'Product images', imageN: '{name} – image {n}',
  soldOut: 'Temporarily sold out.', checkBack: 'Please check back soon.', chooseProduct: 'Choose your product',
  freeShipping: 'Free shipping', plusShipping: 'Plus shipping', plusShippingCost: 'Plus {cost} shipping',
  regularPrice: 'Regular price', noProducts: 'No products added', shippingDetails: 'Shipping details',
  firstName: 'First name', lastName: 'Last name', email: 'E-mail', address: 'Address', city: 'City', zip: 'ZIP / Postcode',
  seal: '100%|RISK|FREE', yourOrder: 'Your order:', offer: 'Offer', redirecting: 'Redirecting…', continue: 'Continue',
  defaults: {
    stepText: 'Step 1: Select your package', ctaCheckout: 'Complete my order', ctaPresell: 'Check availability',
    securityNote: 'Secure 256-bit SSL encrypted payment', acceptText: 'Yes! Add to my order', declineText: 'No thanks, I will pass on this offer',
    listTitle: 'Why customers choose us', guaranteeTitle: '60-Day Money-Back Guarantee',
  },
};

const de: Words = {
  secureSite: 'Sichere Seite', skipLink: 'Weiter zur nächsten Seite', faqTitle: 'Häufig gestellte Fragen', support: 'Kundenservice:',
  manualTitle: 'Ihre Bedienungsanleitung', manualPage: 'Seite {n} der Anleitung',
  chooseSize: 'Wählen Sie Ihre Größe', wholeBundle: 'Das ganze Set hinzufügen:', noThanks: 'Nein, danke', sizeOf: 'Größe {size}', each: '{price} pro Stück',
  save: 'Sie sparen {amount} ({pct} %)',
  protectTitle: 'Schützen Sie Ihre Bestellung', warrantyDefault: 'Unsere erweiterte Garantie: Ersatz oder Erstattung, falls etwas schiefgeht.', warrantyFor: 'für',
  vipAdd: 'Ja, {name} für {price} hinzufügen.', vipRenews: 'Es verlängert sich automatisch, bis Sie kündigen, und Sie können jederzeit kündigen.',
  reviewsTitle: 'Das sagen unsere Kunden', moreReviewsCustomers: 'Weitere Bewertungen unserer Kunden', moreReviewsReaders: 'Weitere Bewertungen unserer Leser',
  stars: '5 von 5 Sternen', verified: 'Verifizierter Kauf',
  shippingTitle: 'Internationaler Versand', country: 'Land', shipping: 'Versand', free: 'Kostenlos',
  productImages: 'Produktbilder', imageN: '{name} – Bild {n}',
  soldOut: 'Vorübergehend ausverkauft.', checkBack: 'Bitte schauen Sie bald wieder vorbei.', chooseProduct: 'Wählen Sie Ihr Produkt',
  freeShipping: 'Kostenloser Versand', plusShipping: 'zzgl. Versand', plusShippingCost: 'zzgl. {cost} Versand',
  regularPrice: 'Regulärer Preis', noProducts: 'Keine Produkte hinzugefügt', shippingDetails: 'Lieferadresse',
  firstName: 'Vorname', lastName: 'Nachname', email: 'E-Mail', address: 'Adresse', city: 'Stadt', zip: 'Postleitzahl',
  seal: '100%|OHNE|RISIKO', yourOrder: 'Ihre Bestellung:', offer: 'Angebot', redirecting: 'Weiterleitung…', continue: 'Weiter',
  defaults: {
    stepText: 'Schritt 1: Wählen Sie Ihr Paket', ctaCheckout: 'Bestellung abschließen', ctaPresell: 'Verfügbarkeit prüfen',
    securityNote: 'Sichere, 256-Bit-SSL-verschlüsselte Zahlung', acceptText: 'Ja! Zu meiner Bestellung hinzufügen', declineText: 'Nein danke, ich verzichte auf dieses Angebot',
    listTitle: 'Warum Kunden uns wählen', guaranteeTitle: '60 Tage Geld-zurück-Garantie',
  },
};

const fr: Words = {
  secureSite: 'Site sécurisé', skipLink: 'Passer à la page suivante', faqTitle: 'Questions fréquentes', support: 'Service client :',
  manualTitle: 'Votre mode d’emploi', manualPage: 'Page {n} du mode d’emploi',
  chooseSize: 'Choisissez votre taille', wholeBundle: 'Ajouter tout le lot :', noThanks: 'Non, merci', sizeOf: 'Taille {size}', each: '{price} l’unité',
  save: 'Économisez {amount} ({pct} %)',
  protectTitle: 'Protégez votre commande', warrantyDefault: 'Ajoutez notre garantie étendue : remplacement ou remboursement en cas de problème.', warrantyFor: 'pour',
  vipAdd: 'Oui, ajouter {name} pour {price}.', vipRenews: 'L’abonnement se renouvelle automatiquement jusqu’à sa résiliation, possible à tout moment.',
  reviewsTitle: 'Ce que disent nos clients', moreReviewsCustomers: 'Plus d’avis de nos clients', moreReviewsReaders: 'Plus d’avis de nos lecteurs',
  stars: '5 étoiles sur 5', verified: 'Achat vérifié',
  shippingTitle: 'Livraison internationale', country: 'Pays', shipping: 'Livraison', free: 'Gratuite',
  productImages: 'Images du produit', imageN: '{name} – image {n}',
  soldOut: 'Temporairement en rupture de stock.', checkBack: 'Revenez bientôt.', chooseProduct: 'Choisissez votre produit',
  freeShipping: 'Livraison gratuite', plusShipping: 'Livraison en sus', plusShippingCost: 'Livraison en sus : {cost}',
  regularPrice: 'Prix normal', noProducts: 'Aucun produit ajouté', shippingDetails: 'Adresse de livraison',
  firstName: 'Prénom', lastName: 'Nom', email: 'E-mail', address: 'Adresse', city: 'Ville', zip: 'Code postal',
  seal: '100%|SANS|RISQUE', yourOrder: 'Votre commande :', offer: 'Offre', redirecting: 'Redirection…', continue: 'Continuer',
  defaults: {
    stepText: 'Étape 1 : choisissez votre offre', ctaCheckout: 'Valider ma commande', ctaPresell: 'Vérifier la disponibilité',
    securityNote: 'Paiement sécurisé, chiffré en SSL 256 bits', acceptText: 'Oui ! Ajouter à ma commande', declineText: 'Non merci, je passe mon tour',
    listTitle: 'Pourquoi nos clients nous choisissent', guaranteeTitle: 'Satisfait ou remboursé pendant 60 jours',
  },
};

/** Every language's words (000 §9 languages). */
export const WORDS: Record<'en' | 'de' | 'fr', Words> = { en, de, fr };

/** The words of `language` (a funnel's `language`); English for a language not in {@link WORDS}. */
export function wordsFor(language: string): Words {
  return Object.hasOwn(WORDS, language) ? WORDS[language as keyof typeof WORDS] : en;
}

/** Meta keys whose layout default is one of the words' `defaults` (key → which default). */
const DEFAULT_TEXT_KEYS: [metaKey: string, word: keyof Words['defaults']][] = [
  ['stepText', 'stepText'], ['ctaText', 'ctaCheckout'], ['ctaText', 'ctaPresell'], ['securityNote', 'securityNote'],
  ['acceptText', 'acceptText'], ['declineText', 'declineText'], ['listTitle', 'listTitle'],
  ['guaranteeTitle', 'guaranteeTitle'],
];

/**
 * `meta` with each text still equal to its English layout default (./defaults.ts) in the words
 * of `w` instead; every other value as it is. Pure (a new object when anything changed).
 */
export function localizeDefaults(meta: Record<string, unknown>, w: Words): Record<string, unknown> {
  if (w === en) return meta;
  let out = meta;
  for (const [key, word] of DEFAULT_TEXT_KEYS) {
    if (meta[key] === en.defaults[word]) {
      if (out === meta) out = { ...meta };
      out[key] = w.defaults[word];
    }
  }
  if (meta.reviewsTitle === en.reviewsTitle) {
    if (out === meta) out = { ...meta };
    out.reviewsTitle = w.reviewsTitle;
  }
  return out;
}
