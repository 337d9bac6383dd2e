import { useState } from 'react';

const CUSTOMER_CARD_KEY = 'insight-customer-card';

/** Whether the customer card is unfolded: the user's last choice, else unfolded except on a phone. */
export function useCustomerCardShown(): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(() => {
    const saved = localStorage.getItem(CUSTOMER_CARD_KEY);
    return saved === null ? window.matchMedia('(min-width: 600px)').matches : saved === 'shown';
  });
  return [
    shown,
    (next) => {
      localStorage.setItem(CUSTOMER_CARD_KEY, next ? 'shown' : 'hidden');
      setShown(next);
    },
  ];
}
