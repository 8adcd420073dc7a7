/** The part of the `braintree` SDK (CommonJS, untyped) this package uses. */
declare module 'braintree' {
  class Environment {
    constructor(
      server: string,
      port: string | number,
      authUrl: string,
      ssl: boolean,
      graphQLServer: string,
      graphQLPort: string | number,
    );
    server: string;
    port: string | number;
    ssl: boolean;
    static Sandbox: Environment;
    static Production: Environment;
    static Development: Environment;
  }

  interface ValidationError {
    attribute: string;
    code: string;
    message: string;
  }

  interface CreditCardDetails {
    cardType?: string;
    last4?: string;
    bin?: string;
    maskedNumber?: string;
  }

  interface Transaction {
    id: string;
    status: string;
    type?: string;
    amount: string;
    orderId?: string | null;
    currencyIsoCode?: string;
    merchantAccountId?: string;
    processorResponseCode?: string | null;
    processorResponseText?: string | null;
    processorResponseType?: string | null;
    gatewayRejectionReason?: string | null;
    creditCard?: CreditCardDetails | null;
    /** On a refund (type 'credit'): the sale it gives money back on. */
    refundedTransactionId?: string | null;
    /** On a sale: its refunds' ids. */
    refundIds?: string[];
  }

  interface ErrorResult {
    success: false;
    message: string;
    transaction?: Transaction;
    errors: { deepErrors(): ValidationError[] };
  }

  type TransactionResult = { success: true; transaction: Transaction } | ErrorResult;
  type ClientTokenResult = { success: true; clientToken: string } | ErrorResult;

  interface SaleAttributes {
    amount: string;
    paymentMethodNonce: string;
    deviceData?: string;
    orderId?: string;
    merchantAccountId?: string;
    options?: { submitForSettlement?: boolean };
  }

  class BraintreeGateway {
    constructor(config: {
      environment: Environment;
      merchantId: string;
      publicKey: string;
      privateKey: string;
    });
    config: { timeout: number };
    clientToken: { generate(params: { merchantAccountId?: string }): Promise<ClientTokenResult> };
    transaction: {
      sale(attributes: SaleAttributes): Promise<TransactionResult>;
      find(transactionId: string): Promise<Transaction>;
      /** PUT /transactions/{id}/void */
      void(transactionId: string): Promise<TransactionResult>;
      /** POST /transactions/{id}/refund with { transaction: { amount } }; the whole sale without an amount. */
      refund(transactionId: string, amount?: string): Promise<TransactionResult>;
    };
  }

  const braintree: {
    Environment: typeof Environment;
    BraintreeGateway: typeof BraintreeGateway;
    errorTypes: Record<string, string>;
  };
  export default braintree;
  export type { BraintreeGateway, Environment, ErrorResult, Transaction, TransactionResult };
}
