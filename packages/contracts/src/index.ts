export * from './errors.js';
export * from './money.js';
export * from './resources.js';
export * from './catalog.js';
export * from './config-keys.js';
export * from './cart.js';
export * from './auth.js';
export * from './orders.js';
