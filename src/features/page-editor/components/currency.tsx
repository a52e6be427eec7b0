/**
 * The funnel's currency in the page editor (money in the funnel's currency in the
 * editor's fields as on the pages): the editor provides it once, money fields and price texts
 * read it.
 */
import { createContext, useContext } from 'react';
import { DEFAULT_CURRENCY, MSG, formatMoney, type Funnel } from '../../../model';
import { NumberField, type NumberFieldProps } from '../../../ui';

/** The currency and language of the funnel whose page is edited. */
export interface Money {
  currency: Funnel['currency'];
  language: Funnel['language'];
}

const MoneyContext = createContext<Money>({ currency: DEFAULT_CURRENCY, language: 'en' });

/** Provides the funnel's currency and language to the panels below it. */
export const MoneyProvider = MoneyContext.Provider;

/** The funnel's currency and language (USD/en outside a {@link MoneyProvider}). */
export const useMoney = (): Money => useContext(MoneyContext);

/** Formats `n` in the funnel's currency, as the published page does: `useFormatMoney()(12.5)` → "€12.50". */
export function useFormatMoney(): (n: number) => string {
  const { currency, language } = useMoney();
  return (n) => formatMoney(n, currency, language);
}

/**
 * A price field: the ui kit's NumberField with the funnel's currency code after it; by default
 * at least 0, and the model's price message for what is not a price.
 */
export function MoneyField(props: Omit<NumberFieldProps, 'suffix'>) {
  return <NumberField min={0} invalidMessage={MSG.price} {...props} suffix={useMoney().currency} />;
}
