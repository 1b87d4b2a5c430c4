export const STRIPE_NOT_READY = 'Stripe has not initialized yet. Please try again in a moment.';
export const PAYMENT_FAILED = 'Something went wrong with your payment';
