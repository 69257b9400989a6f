import type { PaymentResult } from '@roam/contract/checkout';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../../lib/api-client';

/** Spec §4 "Wallet payment script loading". */
export type ScriptState = 'initial' | 'pending' | 'resolved' | 'rejected';

interface PaypalButtons {
  render(container: HTMLElement): Promise<void>;
  close?: () => Promise<void>;
}
interface PaypalNamespace {
  Buttons(options: {
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void>;
    onError: (error: unknown) => void;
    onCancel?: () => void;
  }): PaypalButtons;
}
declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

const scripts = new Map<string, Promise<void>>();

/** Loads the wallet provider's JS SDK once per client id and currency. */
function loadScript(src: string): Promise<void> {
  let promise = scripts.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error('wallet script failed to load'));
      };
      document.head.append(script);
    });
    scripts.set(src, promise);
  }
  return promise;
}

interface WalletButtonProps {
  sdkUrl: string;
  clientId: string;
  bookingId: string;
  /** The charge in the booking currency's major units (spec §7 amount), as the server fixed it. */
  amount: number;
  currency: string;
  name: string;
  description: string;
  onPaid: (result: PaymentResult) => void;
  onFailed: (code: string) => void;
}

/** The wallet provider's button: create the order and check it with the spec §7 calls. */
export function WalletButton({
  sdkUrl,
  clientId,
  bookingId,
  amount,
  currency,
  name,
  description,
  onPaid,
  onFailed,
}: WalletButtonProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<ScriptState>('initial');
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onPaid, onFailed });
  callbacks.current = { onPaid, onFailed };

  useEffect(() => {
    let cancelled = false;
    let settled = false;
    setState('pending');
    const src = `${sdkUrl}?client-id=${encodeURIComponent(clientId)}&currency=${encodeURIComponent(currency)}&intent=capture`;
    loadScript(src)
      .then(() => {
        if (cancelled) return;
        setState('resolved');
        if (!window.paypal || !container.current) return;
        container.current.replaceChildren();
        void window.paypal
          .Buttons({
            createOrder: async () => {
              const { orderId } = await api.post<{ orderId: string }>('/api/create-paypal-order/', {
                bookingId,
                amount,
                currency,
                name: name.slice(0, 200),
                description: description.slice(0, 1000),
              });
              return orderId;
            },
            onApprove: async ({ orderID }) => {
              try {
                const result = await api.post<PaymentResult>(
                  `/api/check-paypal-order/${encodeURIComponent(bookingId)}/${encodeURIComponent(orderID)}`,
                );
                settled = true;
                callbacks.current.onPaid(result);
              } catch (error) {
                if (!cancelled) callbacks.current.onFailed(isApiError(error) ? error.code : 'NETWORK_ERROR');
              }
            },
            // The provider's script reports an error when its buttons are taken out of the page — as they are once
            // the payment went through and the result page shows: one outcome, one message (issue #22 item 6).
            onError: () => {
              if (!settled && !cancelled) callbacks.current.onFailed('PAYMENT_FAILED');
            },
          })
          .render(container.current)
          .catch(() => setState('rejected'));
      })
      .catch(() => {
        if (!cancelled) setState('rejected');
      });
    return () => {
      cancelled = true;
    };
  }, [sdkUrl, clientId, bookingId, amount, currency, name, description]);

  return (
    <div className="wallet-button" aria-busy={state === 'pending'}>
      <h3 className="checkout-section__subtitle">{t('checkout.wallet.title')}</h3>
      {state === 'pending' ? <p>{t('checkout.wallet.loading')}</p> : null}
      {state === 'rejected' ? (
        <p className="field-error" role="alert">
          {t('checkout.wallet.failed')}
        </p>
      ) : null}
      <div ref={container} />
    </div>
  );
}
