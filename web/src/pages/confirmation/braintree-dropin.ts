/** Braintree's card drop-in: its script, loaded once, and the part of its API the payment panel uses. */
export const DROPIN_SRC = 'https://js.braintreegateway.com/web/dropin/1.43.0/js/dropin.min.js';

export interface DropinInstance {
  requestPaymentMethod: () => Promise<{
    nonce: string;
    deviceData?: string;
    type?: string;
    details?: unknown;
  }>;
  teardown?: () => Promise<void>;
}

declare global {
  interface Window {
    braintree?: {
      dropin: {
        create: (o: {
          authorization: string;
          container: HTMLElement;
          dataCollector?: boolean;
        }) => Promise<DropinInstance>;
      };
    };
  }
}

export function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`) && window.braintree) return resolve();
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('Failed to load payment system'));
    document.head.appendChild(s);
  });
}
