/**
 * The published page's own words (buttons, labels, headings, notices) in the funnel's language
 * (000 §9 languages en, de, fr), as its money already is (filters.ts `money`). Every word the
 * Liquid layouts write themselves comes from here as `w.<key>`; a language we do not know gets
 * English. Words with `{name}`-style places are filled in the layouts (Liquid `replace`, or
 * `split` where an element goes in the place).
 *
 * Also the layouts' default texts (./defaults.ts, e.g. "Step 1: Select your package"): a page
 * whose text is still the English default shows it in the funnel's language
 * ({@link localizeDefaults}); a text the operator typed stays as typed. Country names come from
 * the runtime's CLDR data (`Intl.DisplayNames`, filters.ts `country_name`).
 */

/** The words of one language. */
export interface Words {
  secureSite: string;
  skipLink: string;
  faqTitle: string;
  support: string;
  manualTitle: string;
  manualPage: string;
  chooseSize: string;
  wholeBundle: string;
  noThanks: string;
  sizeOf: string;
  each: string;
  save: string;
  protectTitle: string;
  warrantyDefault: string;
  warrantyFor: string;
  vipAdd: string;
  vipRenews: string;
  reviewsTitle: string;
  moreReviewsCustomers: string;
  moreReviewsReaders: string;
  stars: string;
  verified: string;
  shippingTitle: string;
  country: string;
  shipping: string;
  free: string;
  productImages: string;
  imageN: string;
  soldOut: string;
  checkBack: string;
  chooseProduct: string;
  freeShipping: string;
  plusShipping: string;
  plusShippingCost: string;
  regularPrice: string;
  noProducts: string;
  shippingDetails: string;
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  city: string;
  zip: string;
  seal: string;
  yourOrder: string;
  offer: string;
  redirecting: string;
  continue: string;
  /**
   * The layouts' default texts (./defaults.ts) in this language, by their English text; English
   * itself has none (its defaults are the texts).
   */
  texts: Record<string, string>;
}

const en: Words = {
  secureSite: 'Secure site',
  skipLink: 'Skip to the next page',
  faqTitle: 'Frequently asked questions',
  support: 'Support:',
  manualTitle: 'Your product manual',
  manualPage: 'Manual page {n}',
  chooseSize: 'Choose your size',
  wholeBundle: 'Add the whole bundle:',
  noThanks: 'No, thanks',
  sizeOf: 'Size {size}',
  each: '{price} each',
  save: 'Save {amount} ({pct}%)',
  protectTitle: 'Protect your order',
  warrantyDefault: 'Add our extended warranty: replacement or refund if anything goes wrong.',
  warrantyFor: 'for',
  vipAdd: 'Yes, add {name} for {price}.',
  vipRenews: 'It renews automatically until you cancel, and you can cancel at any time.',
  reviewsTitle: 'What our customers say',
  moreReviewsCustomers: 'More reviews from our customers',
  moreReviewsReaders: 'More reviews from our readers',
  stars: '5 out of 5 stars',
  verified: 'Verified buyer',
  shippingTitle: 'International shipping',
  country: 'Country',
  shipping: 'Shipping',
  free: 'Free',
  productImages: 'Product images',
  imageN: '{name} – image {n}',
  soldOut: 'Temporarily sold out.',
  checkBack: 'Please check back soon.',
  chooseProduct: 'Choose your product',
  freeShipping: 'Free shipping',
  plusShipping: 'Plus shipping',
  plusShippingCost: 'Plus {cost} shipping',
  regularPrice: 'Regular price',
  noProducts: 'No products added',
  shippingDetails: 'Shipping details',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  address: 'Address',
  city: 'City',
  zip: 'ZIP / Postcode',
  seal: '100%|RISK|FREE',
  yourOrder: 'Your order:',
  offer: 'Offer',
  redirecting: 'Redirecting…',
  continue: 'Continue',
  texts: {},
};

const de: Words = {
  secureSite: 'Sichere Seite',
  skipLink: 'Weiter zur nächsten Seite',
  faqTitle: 'Häufig gestellte Fragen',
  support: 'Kundenservice:',
  manualTitle: 'Ihre Bedienungsanleitung',
  manualPage: 'Seite {n} der Anleitung',
  chooseSize: 'Wählen Sie Ihre Größe',
  wholeBundle: 'Das ganze Set hinzufügen:',
  noThanks: 'Nein, danke',
  sizeOf: 'Größe {size}',
  each: '{price} pro Stück',
  save: 'Sie sparen {amount} ({pct} %)',
  protectTitle: 'Schützen Sie Ihre Bestellung',
  warrantyDefault: 'Unsere erweiterte Garantie: Ersatz oder Erstattung, falls etwas schiefgeht.',
  warrantyFor: 'für',
  vipAdd: 'Ja, {name} für {price} hinzufügen.',
  vipRenews: 'Es verlängert sich automatisch, bis Sie kündigen, und Sie können jederzeit kündigen.',
  reviewsTitle: 'Das sagen unsere Kunden',
  moreReviewsCustomers: 'Weitere Bewertungen unserer Kunden',
  moreReviewsReaders: 'Weitere Bewertungen unserer Leser',
  stars: '5 von 5 Sternen',
  verified: 'Verifizierter Kauf',
  shippingTitle: 'Internationaler Versand',
  country: 'Land',
  shipping: 'Versand',
  free: 'Kostenlos',
  productImages: 'Produktbilder',
  imageN: '{name} – Bild {n}',
  soldOut: 'Vorübergehend ausverkauft.',
  checkBack: 'Bitte schauen Sie bald wieder vorbei.',
  chooseProduct: 'Wählen Sie Ihr Produkt',
  freeShipping: 'Kostenloser Versand',
  plusShipping: 'zzgl. Versand',
  plusShippingCost: 'zzgl. {cost} Versand',
  regularPrice: 'Regulärer Preis',
  noProducts: 'Keine Produkte hinzugefügt',
  shippingDetails: 'Lieferadresse',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  address: 'Adresse',
  city: 'Stadt',
  zip: 'Postleitzahl',
  seal: '100%|OHNE|RISIKO',
  yourOrder: 'Ihre Bestellung:',
  offer: 'Angebot',
  redirecting: 'Weiterleitung…',
  continue: 'Weiter',
  texts: {
    'The one change that transformed my routine': 'Die eine Veränderung, die meinen Alltag verwandelt hat',
    'Editor’s pick': 'Tipp der Redaktion',
    'Thousands have already made the switch. Here is why it works.': 'Tausende sind schon umgestiegen. Darum funktioniert es.',
    'We tested it for 30 days. The results surprised even our most sceptical editor.':
      'Wir haben es 30 Tage lang getestet. Die Ergebnisse haben selbst unsere skeptischste Redakteurin überrascht.',
    'Visible results': 'Sichtbare Ergebnisse',
    'in as little as two weeks.': 'in nur zwei Wochen.',
    'Made in the USA': 'Hergestellt in den USA',
    'in an FDA-registered facility.': 'in einem bei der FDA registrierten Betrieb.',
    '60-day guarantee': '60 Tage Garantie',
    'love it or your money back.': 'zufrieden oder Geld zurück.',
    'Check availability': 'Verfügbarkeit prüfen',
    'Limited stock — offer valid today only.': 'Begrenzter Vorrat – Angebot nur heute gültig.',
    'Secure checkout': 'Sichere Kasse',
    'Choose your package': 'Wählen Sie Ihr Paket',
    'Save up to 70% today — free shipping on bigger packages.': 'Heute bis zu 70 % sparen – kostenloser Versand bei größeren Paketen.',
    'Step 1: Select your package': 'Schritt 1: Wählen Sie Ihr Paket',
    'What our customers say': 'Das sagen unsere Kunden',
    'Why customers choose us': 'Warum Kunden uns wählen',
    '60-Day Money-Back Guarantee': '60 Tage Geld-zurück-Garantie',
    'Try it risk-free. If you are not delighted, return it within 60 days for a full refund.':
      'Testen Sie ohne Risiko. Wenn Sie nicht begeistert sind, senden Sie es innerhalb von 60 Tagen zurück und erhalten den vollen Betrag erstattet.',
    'Complete my order': 'Bestellung abschließen',
    'Secure 256-bit SSL encrypted payment': 'Sichere, 256-Bit-SSL-verschlüsselte Zahlung',
    'Wait! Your order is not complete': 'Moment! Ihre Bestellung ist noch nicht abgeschlossen',
    'Add this special offer to your order': 'Fügen Sie dieses Sonderangebot Ihrer Bestellung hinzu',
    'One-time offer — available only on this page.': 'Einmaliges Angebot – nur auf dieser Seite.',
    'Customers who add this get the best results. Add it now at our lowest price ever.':
      'Kunden, die das dazunehmen, erzielen die besten Ergebnisse. Jetzt zu unserem bisher niedrigsten Preis hinzufügen.',
    'Yes! Add to my order': 'Ja! Zu meiner Bestellung hinzufügen',
    'No thanks, I will pass on this offer': 'Nein danke, ich verzichte auf dieses Angebot',
    'Thank you for your order': 'Vielen Dank für Ihre Bestellung',
    'Thank you for your order!': 'Vielen Dank für Ihre Bestellung!',
    'Your order is confirmed. A receipt is on its way to your inbox.': 'Ihre Bestellung ist bestätigt. Eine Quittung ist unterwegs in Ihr Postfach.',
    'Orders ship within 24 hours. You will receive tracking details by e-mail.':
      'Bestellungen werden innerhalb von 24 Stunden versandt. Die Sendungsverfolgung erhalten Sie per E-Mail.',
    'Questions? Our support team is happy to help.': 'Fragen? Unser Kundenservice hilft Ihnen gern.',
  },
};

const fr: Words = {
  secureSite: 'Site sécurisé',
  skipLink: 'Passer à la page suivante',
  faqTitle: 'Questions fréquentes',
  support: 'Service client :',
  manualTitle: 'Votre mode d’emploi',
  manualPage: 'Page {n} du mode d’emploi',
  chooseSize: 'Choisissez votre taille',
  wholeBundle: 'Ajouter tout le lot :',
  noThanks: 'Non, merci',
  sizeOf: 'Taille {size}',
  each: '{price} l’unité',
  save: 'Économisez {amount} ({pct} %)',
  protectTitle: 'Protégez votre commande',
  warrantyDefault: 'Ajoutez notre garantie étendue : remplacement ou remboursement en cas de problème.',
  warrantyFor: 'pour',
  vipAdd: 'Oui, ajouter {name} pour {price}.',
  vipRenews: 'L’abonnement se renouvelle automatiquement jusqu’à sa résiliation, possible à tout moment.',
  reviewsTitle: 'Ce que disent nos clients',
  moreReviewsCustomers: 'Plus d’avis de nos clients',
  moreReviewsReaders: 'Plus d’avis de nos lecteurs',
  stars: '5 étoiles sur 5',
  verified: 'Achat vérifié',
  shippingTitle: 'Livraison internationale',
  country: 'Pays',
  shipping: 'Livraison',
  free: 'Gratuite',
  productImages: 'Images du produit',
  imageN: '{name} – image {n}',
  soldOut: 'Temporairement en rupture de stock.',
  checkBack: 'Revenez bientôt.',
  chooseProduct: 'Choisissez votre produit',
  freeShipping: 'Livraison gratuite',
  plusShipping: 'Livraison en sus',
  plusShippingCost: 'Livraison en sus : {cost}',
  regularPrice: 'Prix normal',
  noProducts: 'Aucun produit ajouté',
  shippingDetails: 'Adresse de livraison',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'E-mail',
  address: 'Adresse',
  city: 'Ville',
  zip: 'Code postal',
  seal: '100%|SANS|RISQUE',
  yourOrder: 'Votre commande :',
  offer: 'Offre',
  redirecting: 'Redirection…',
  continue: 'Continuer',
  texts: {
    'The one change that transformed my routine': 'Le seul changement qui a transformé mon quotidien',
    'Editor’s pick': 'Le choix de la rédaction',
    'Thousands have already made the switch. Here is why it works.': 'Des milliers de personnes ont déjà franchi le pas. Voici pourquoi ça marche.',
    'We tested it for 30 days. The results surprised even our most sceptical editor.':
      'Nous l’avons testé pendant 30 jours. Les résultats ont surpris même notre rédactrice la plus sceptique.',
    'Visible results': 'Des résultats visibles',
    'in as little as two weeks.': 'en deux semaines seulement.',
    'Made in the USA': 'Fabriqué aux États-Unis',
    'in an FDA-registered facility.': 'dans un site enregistré auprès de la FDA.',
    '60-day guarantee': 'Garantie de 60 jours',
    'love it or your money back.': 'satisfait ou remboursé.',
    'Check availability': 'Vérifier la disponibilité',
    'Limited stock — offer valid today only.': 'Stock limité – offre valable aujourd’hui seulement.',
    'Secure checkout': 'Paiement sécurisé',
    'Choose your package': 'Choisissez votre offre',
    'Save up to 70% today — free shipping on bigger packages.': 'Jusqu’à 70 % d’économie aujourd’hui – livraison gratuite sur les plus grands lots.',
    'Step 1: Select your package': 'Étape 1 : choisissez votre offre',
    'What our customers say': 'Ce que disent nos clients',
    'Why customers choose us': 'Pourquoi nos clients nous choisissent',
    '60-Day Money-Back Guarantee': 'Satisfait ou remboursé pendant 60 jours',
    'Try it risk-free. If you are not delighted, return it within 60 days for a full refund.':
      'Essayez sans risque. Si vous n’êtes pas ravi, renvoyez-le sous 60 jours pour un remboursement intégral.',
    'Complete my order': 'Valider ma commande',
    'Secure 256-bit SSL encrypted payment': 'Paiement sécurisé, chiffré en SSL 256 bits',
    'Wait! Your order is not complete': 'Attendez ! Votre commande n’est pas terminée',
    'Add this special offer to your order': 'Ajoutez cette offre spéciale à votre commande',
    'One-time offer — available only on this page.': 'Offre unique – disponible uniquement sur cette page.',
    'Customers who add this get the best results. Add it now at our lowest price ever.':
      'Les clients qui l’ajoutent obtiennent les meilleurs résultats. Ajoutez-le maintenant à notre prix le plus bas.',
    'Yes! Add to my order': 'Oui ! Ajouter à ma commande',
    'No thanks, I will pass on this offer': 'Non merci, je passe mon tour',
    'Thank you for your order': 'Merci pour votre commande',
    'Thank you for your order!': 'Merci pour votre commande !',
    'Your order is confirmed. A receipt is on its way to your inbox.': 'Votre commande est confirmée. Un reçu est en route vers votre boîte de réception.',
    'Orders ship within 24 hours. You will receive tracking details by e-mail.': 'Les commandes partent sous 24 heures. Vous recevrez le suivi par e-mail.',
    'Questions? Our support team is happy to help.': 'Des questions ? Notre service client se fera un plaisir de vous aider.',
  },
};

/** Every language's words (000 §9 languages). */
export const WORDS: Record<'en' | 'de' | 'fr', Words> = { en, de, fr };

/** The words of `language` (a funnel's `language`); English for a language not in {@link WORDS}. */
export function wordsFor(language: string): Words {
  return Object.hasOwn(WORDS, language) ? WORDS[language as keyof typeof WORDS] : en;
}

/** Keys of a list item (meta `list`) whose layout defaults are texts. */
const LIST_TEXT_KEYS = ['boldText', 'listText'] as const;

/**
 * `meta` with each text still equal to its English layout default (./defaults.ts: top-level
 * strings and the default list's items) in the words of `w` instead; every other value as it
 * is. Pure (a new object when anything changed).
 */
export function localizeDefaults(meta: Record<string, unknown>, w: Words): Record<string, unknown> {
  const t = (v: unknown): unknown => (typeof v === 'string' && Object.hasOwn(w.texts, v) ? w.texts[v] : v);
  let out = meta;
  const set = (k: string, v: unknown) => {
    if (out === meta) out = { ...meta };
    out[k] = v;
  };
  for (const [k, v] of Object.entries(meta)) if (t(v) !== v) set(k, t(v));
  if (Array.isArray(meta.list)) {
    const list: unknown[] = meta.list.map((item: unknown) => {
      if (!item || typeof item !== 'object') return item;
      const it = item as Record<string, unknown>;
      return LIST_TEXT_KEYS.some((k) => t(it[k]) !== it[k]) ? { ...it, ...Object.fromEntries(LIST_TEXT_KEYS.map((k) => [k, t(it[k])])) } : it;
    });
    if (list.some((x, i) => x !== (meta.list as unknown[])[i])) set('list', list);
  }
  return out;
}
