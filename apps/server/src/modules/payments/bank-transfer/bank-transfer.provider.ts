import { formatMoneyString } from '@ventanilla/domain';
import type { CreatedPayment, CreatePaymentInput, PaymentProvider, VerifyResult } from '../payment-provider.js';

export const BANK_TRANSFER_PROVIDER = 'transfer';

/**
 * Bank transfer: no gateway takes part. The customer gets the account and the concept (the order number) and an
 * agent confirms the payment in the back office when it shows up in the bank statement (TransferConfirmation).
 */
export class BankTransferProvider implements PaymentProvider {
  readonly code = BANK_TRANSFER_PROVIDER;

  constructor(private readonly account: { iban: string; holder: string; bank: string }) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    return {
      providerRef: `trf_${input.paymentId}`,
      redirectUrl: input.returnUrl,
      instructions: {
        iban: this.account.iban,
        holder: this.account.holder,
        bank: this.account.bank,
        concept: String(input.orderId),
        amount: formatMoneyString(input.amount),
      },
    };
  }

  /** Nobody notifies transfers: anything posted to its notification address is refused. */
  verifyNotification(): VerifyResult {
    return { ok: false, reason: 'bad_signature' };
  }
}
