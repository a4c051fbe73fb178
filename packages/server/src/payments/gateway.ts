/** A payment gateway (DESIGN §5): the only thing that moves money. */
export interface ChargeRequest {
  paymentId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  data: Record<string, unknown>;
  idempotencyKey: string;
  /** A payment that earlier required action and has since been confirmed. */
  confirmedIntent?: { reference: string } | null;
}

export type ChargeResult =
  | { status: 'succeeded'; reference: string }
  | { status: 'requires_action'; reference: string; clientSecret: string }
  | { status: 'failed'; code: 'card_declined' | 'incorrect_cvc' | 'incorrect_zip' | 'payment_failed'; message: string };

export interface PaymentGateway {
  id: string;
  /** Card gateways carry the card amount limits of 001 §5. */
  isCard: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
