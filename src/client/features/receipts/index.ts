/** What other features may use from receipts: the receipt modal and loading a payment's receipt. */
export { fetchReceiptForPayment } from './api/receipt-api';
export { ReceiptModal } from './receipt-modal';
