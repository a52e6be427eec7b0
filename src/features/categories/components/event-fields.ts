/**
 * The six order-platform event ids of a category, with their labels (000 §3). Apart from the
 * forms so the list shows them without loading the form library (the forms load with a dialog).
 */
export const EVENT_FIELDS = [
  ['event_shipping', 'Shipping event ID'],
  ['event_order', 'Order event ID'],
  ['event_refund', 'Refund event ID'],
  ['event_void', 'Void event ID'],
  ['event_rma', 'RMA event ID'],
  ['event_return', 'Return event ID'],
] as const;
