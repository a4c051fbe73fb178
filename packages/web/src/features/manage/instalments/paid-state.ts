/** The navigation state key the pay screen hands the manage page: the amount just paid, for its message. */
export const PAID_STATE = 'instalmentPaid';
